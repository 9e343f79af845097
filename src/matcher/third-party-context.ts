/**
 * Third-party roots: when a library's or server's message (tonic, librdkafka, the AWS SDK, an
 * upstream database) is the root of a RisingWave chain, the card leads with it and names the
 * RisingWave operation around it ("gRPC request to meta service failed").
 */
import { wordSimilarity } from "../catalog/analysis-join.ts";
import { type CompiledPattern, compilePattern, runPattern } from "./compile.ts";
import { leadingLiteral, longestLiteral } from "./pattern-literals.ts";
import { THIRD_PARTY_SAME_WORDING } from "./policy.ts";
import type { Match } from "./types.ts";

export const THIRD_PARTY = "third_party";

/** Layers that name no operation: subsystem labels, transport plumbing, psql's outer line. */
const NO_OPERATION =
  /^(?:[A-Za-z][\w/-]*(?: [\w/-]+){0,3} (?:error|Error)|Failed to run the query|QueryError: internal error|internal error|Unknown error|error trying to connect|connection error|status: \w+|Internal error|Caused by)\s*:?$/;
const MAX_CONTEXT = 200;

export function isThirdParty(m: Match): boolean {
  return m.record.errorType === THIRD_PARTY;
}

/**
 * A layer printed by an upstream client library (tokio-postgres' `db error:`, a JDBC driver's
 * exception): its words are the upstream server's, even where RisingWave prints the same sentence
 * to its own clients.
 */
const UPSTREAM_CLIENT = /\bdb error: |\b(?:PSQL|SQL|JDBC|MySQL\w*)Exception\b|\bcom\.mysql\.|\borg\.postgresql\./;

/** The text before the layer on the paste's line that holds it names an upstream client. */
function printedByUpstreamClient(layer: string, text: string): boolean {
  const first = (layer.split("\n")[0] ?? "").trim();
  if (first === "") return false;
  const at = text.indexOf(first);
  if (at < 0) return false;
  const lineStart = text.lastIndexOf("\n", at) + 1;
  return UPSTREAM_CLIENT.test(text.slice(lineStart, at));
}

/**
 * The same text explained twice on one layer: an unanalysed extracted template (RisingWave prints
 * the same words) tells the operator less than the analysed third-party record, and in a layer an
 * upstream client printed the words are the upstream's, analysed or not.
 */
function sameTextBetterExplained(best: Match, tp: Match, text: string): boolean {
  const unexplained = !best.record.documentation?.trim() && best.record.solutions.length === 0;
  return (
    best.layerIndex === tp.layerIndex &&
    tp.kind !== "fuzzy" &&
    // Printed by an upstream client, the words are the upstream's. Otherwise the template that explains
    // more of the layer wins: RisingWave's longer sentence is not the upstream's.
    (printedByUpstreamClient(best.layer, text) ||
      (unexplained && literalChars(tp.record.messagePattern) >= literalChars(best.record.messagePattern))) &&
    // The same words: confidences are calibrated by then, so the wording decides.
    wordSimilarity(best.record.messagePattern, tp.record.messagePattern) >= THIRD_PARTY_SAME_WORDING
  );
}

/** Same layer, and `rw`'s literal text holds `tp`'s leading words and more. */
function explainsMoreOf(rw: Match, tp: Match): boolean {
  if (rw.kind === "fuzzy" || rw.layerIndex !== tp.layerIndex) return false;
  const lead = leadingLiteral(tp.record.messagePattern).toLowerCase();
  return (
    lead.length >= 8 &&
    leadingLiteral(rw.record.messagePattern).toLowerCase().startsWith(lead) &&
    literalChars(rw.record.messagePattern) > literalChars(tp.record.messagePattern)
  );
}

/** Characters of a pattern's literal text (its placeholders dropped). */
function literalChars(pattern: string): number {
  return pattern.replace(/\(\.\+\?\)/g, "").replace(/\\(.)/g, "$1").length;
}

/**
 * A specific RisingWave template (not a wrapper, not generic, with literal text after its last
 * placeholder) that holds the third-party text in a placeholder: the RisingWave error is the answer.
 */
function embedsDetail(host: Match, tp: Match): boolean {
  if (host.kind === "fuzzy" || host.layerIndex !== tp.layerIndex || !wraps(host, tp)) return false;
  const compiled = compiledOf(host.record);
  const last = compiled?.segments?.[compiled.segments.length - 1] ?? "";
  return compiled !== null && !compiled.wrapper && !compiled.generic && last.trim() !== "";
}

/** Is `inner` printed after a ` => ` in `outer`'s layer (the source error of `outer`)? */
function isSourceOf(inner: Match, outer: Match): boolean {
  if (inner === outer || inner.kind === "fuzzy" || inner.layerIndex !== outer.layerIndex) return false;
  const arrow = outer.layer.indexOf(" => ");
  if (arrow < 0) return false;
  const lead = leadingLiteral(inner.record.messagePattern);
  const anchor = lead.length >= 8 ? lead : longestLiteral(inner.record.messagePattern);
  return anchor.length >= 8 && outer.layer.indexOf(anchor, arrow) > arrow;
}

/** A RisingWave match whose placeholder holds the third-party text is only its wrapper. */
function wraps(outer: Match, inner: Match): boolean {
  if (outer.layerIndex !== inner.layerIndex) return false;
  const compiled = compiledOf(inner.record);
  // A wrapper's own closing `.` may have taken the inner message's last character.
  const anchor = longestLiteral(inner.record.messagePattern).replace(/[.;]$/, "");
  return outer.captures.some(
    (c) => (compiled !== null && runPattern(compiled, c.trim()) !== null) || (anchor.length >= 8 && c.includes(anchor)),
  );
}

const compiledCache = new WeakMap<Match["record"], CompiledPattern | null>();

function compiledOf(record: Match["record"]): CompiledPattern | null {
  let c = compiledCache.get(record);
  if (c === undefined) {
    c = compilePattern(record, 0);
    compiledCache.set(record, c);
  }
  return c;
}

/** Drops the links that are only labels around it: `Meta error: gRPC request to meta service failed: Unknown error`. */
function trimLabels(links: string[]): string {
  const kept = links.map((l) => l.trim());
  while (kept.length > 1 && NO_OPERATION.test(kept[kept.length - 1] ?? "")) kept.pop();
  while (kept.length > 1 && NO_OPERATION.test(kept[0] ?? "")) kept.shift();
  return kept.join(": ");
}

function isOperation(text: string): boolean {
  return text !== "" && !NO_OPERATION.test(text);
}

/**
 * The nearest text around the match that names what RisingWave was doing: the links before it in
 * its own layer (a compact chain), else the nearest outer layer that is more than a label.
 */
export function operationAround(
  layers: readonly string[],
  layerIndex: number,
  layer: string,
  pattern: string,
): string | undefined {
  const firstLine = layer.split("\n")[0] ?? "";
  const leading = leadingLiteral(pattern);
  const anchor = leading.length >= 4 ? leading : longestLiteral(pattern);
  const at = anchor.length >= 4 ? firstLine.indexOf(anchor) : -1;
  if (at > 0) {
    // Only the links wholly before the one holding the third-party text.
    const head = firstLine.slice(0, at);
    const before = head.endsWith(": ") ? head.slice(0, -2) : head.slice(0, Math.max(0, head.lastIndexOf(": ")));
    const links = before === "" ? [] : before.split(": ");
    if (links.some((l) => isOperation(l.trim()))) return trimLabels(links).slice(0, MAX_CONTEXT);
  }
  for (let i = Math.min(layerIndex, layers.length) - 1; i >= 0; i--) {
    const text = (layers[i] ?? "").split("\n")[0]?.trim() ?? "";
    if (isOperation(text)) return trimLabels(text.split(": ")).slice(0, MAX_CONTEXT);
  }
  return undefined;
}

/**
 * `gRPC request to meta service failed: The service is currently unavailable` names the operation
 * by its first part; the rest is another library's words (tonic's), already among the matches.
 */
function withoutThirdPartyTail(context: string, matches: readonly Match[]): string {
  let out = context;
  for (const other of matches) {
    if (!isThirdParty(other) || other.kind === "fuzzy") continue;
    const lead = leadingLiteral(other.record.messagePattern);
    const anchor = lead.length >= 8 ? lead : longestLiteral(other.record.messagePattern);
    if (anchor.length < 8) continue;
    const at = out.indexOf(`: ${anchor}`);
    if (at > 0) out = out.slice(0, at);
  }
  return out;
}

/** The annotate stage: names the RisingWave operation around every third-party match. */
export function nameThirdPartyContext(matches: readonly Match[], layers: readonly string[]): void {
  for (const m of matches) {
    if (!isThirdParty(m)) continue;
    const around = operationAround(layers, m.layerIndex, m.layer, m.record.messagePattern);
    if (around) m.context = withoutThirdPartyTail(around, matches);
  }
}

/**
 * The rank stage's third-party rule: a library's or server's record leads over RisingWave's only where
 * the text is the upstream's (deeper, inside a RisingWave wrapper's value, or the same words printed by
 * an upstream client); a specific RisingWave sentence that holds it leads over it.
 */
export function preferThirdPartyRoot(matches: readonly Match[], text: string): Match[] {
  const best = matches[0];
  if (!best) return [...matches];
  const lead = (m: Match) => [m, ...matches.filter((x) => x !== m)];
  if (isThirdParty(best)) {
    // OpenDAL prints `Kind (permanent) at op, context: {…} => source`: the source is the cause.
    const source = matches.find((m) => isThirdParty(m) && isSourceOf(m, best));
    if (source) return lead(source);
    // Printed inside a specific RisingWave sentence (`… (error: {})`), it is that error's detail.
    const host = matches.find((m) => m !== best && embedsDetail(m, best));
    if (host) return lead(host);
    // RisingWave's own template that says the same and more (`permission denied for {} "{}": {:?}`
    // over an upstream's `permission denied for {}`) explains more of the layer: it leads.
    // An upstream client's line (JDBC, tokio-postgres) holds the upstream's words, however RisingWave words them.
    const fuller =
      !printedByUpstreamClient(best.layer, text) && matches.find((m) => !isThirdParty(m) && explainsMoreOf(m, best));
    return fuller ? lead(fuller) : [...matches];
  }
  const root = matches.find(
    (m) =>
      isThirdParty(m) &&
      m.kind !== "fuzzy" &&
      (m.layerIndex > best.layerIndex || wraps(best, m) || sameTextBetterExplained(best, m, text)),
  );
  return root ? lead(root) : [...matches];
}
