/**
 * The verdict stage: from the ranked matches and what each error group of the paste explained,
 * decide `answer` (the bot may state it), `candidates` (guesses) or `none`, then calibrate the
 * confidences so that a confidence at or above the auto-post floor always means `answer`.
 * A wrong answer costs more than an honest "not sure": every rule here errs towards `candidates`.
 */
import type { RawMatch } from "./exact.ts";
import { ECHO_TEXT, STD_PANIC_WORDING, UPSTREAM_IN_CHAIN } from "./grammar.ts";
import type { ErrorLayer } from "./layers.ts";
import {
  AUTO_POST_MIN_CONFIDENCE,
  CANDIDATE_WEIGHT,
  FUZZY_CANDIDATE_WEIGHT,
  isShortValue,
  NOT_ANSWER_CAP,
  roundConfidence,
} from "./policy.ts";
import type { Match, Verdict } from "./types.ts";
import { LABEL_SUFFIX_WORDS } from "./vocabulary.ts";

/** A trailing placeholder that holds the source error of a wrapper (thiserror's `{0}`, `{source}`). */
const SOURCE_PLACEHOLDER = /\{(?:0|source|error|err|e|cause|inner)(?::[^}]*)?\}[.;]?\s*$/;

/** A wrapper label naming an error (`Sink error: `, `… failed: `): what follows is another error. */
const ERROR_LABEL_END = new RegExp(`(?:${LABEL_SUFFIX_WORDS.join("|")}):? ?$`);

/**
 * How sure the paste is that a group is an error, and how likely it is the cause: a panic (the
 * process crashed there) beats printed error output, which beats a log message, which beats prose.
 */
export type Strength = 1 | 2 | 3 | 4;

export interface GroupEvidence {
  group: number;
  strength: Strength;
  /** The match that explains the group's root layer well enough to be stated, if any. */
  answerable: RawMatch | null;
  /** The root layer's text. */
  rootText: string;
  /** The group's root layer: the ranked head is judged against it. */
  rootLayer: ErrorLayer;
}

/** A layer that RisingWave or a tool printed as an error, not a line that merely reads like one. */
export function layerStrength(layer: ErrorLayer, readsLikeError: boolean): Strength {
  switch (layer.kind) {
    // Errors logged around a panic are mostly its echoes (actors exiting, channels closing).
    case "panic":
      return 4;
    case "psql":
    case "cause":
    case "log":
      return 3;
    case "log-message":
      return 2;
    default:
      // Prose, and quoted values of a Debug structure: as strong as the line reads.
      return readsLikeError ? 2 : 1;
  }
}

/** Is this panic-type record raised in `file` (other records are not located by a panic)? */
export function raisedIn(record: RawMatch["pattern"]["record"], file: string): boolean {
  if (record.errorType !== "panic" || !record.filePath) return true;
  return record.filePath === file || file.endsWith(`/${record.filePath}`) || record.filePath.endsWith(`/${file}`);
}

/**
 * `.expect("m")` on an `Err` prints `m: <error>`: in a panic, RisingWave's own panic message at the
 * start of the layer is the cause, and the text after its `: ` is only the error it carried.
 */
export function isExpectDetail(raw: RawMatch, layer: ErrorLayer): boolean {
  return raw.cut && layer.kind === "panic" && raw.start === 0 && raw.pattern.record.errorType === "panic";
}

/**
 * An echo (`channel closed`, `… closed unexpectedly`), as the whole match or as the value in its
 * trailing placeholder (`Failed to send barrier … to actor 1: channel closed`): the paste shows only
 * that the cause is elsewhere.
 */
function echoesAnAbsentRoot(raw: RawMatch, layer: ErrorLayer): boolean {
  const last = raw.pattern.segments?.[raw.pattern.segments.length - 1];
  const tail = last === "" ? (raw.captures[raw.captures.length - 1] ?? "") : "";
  // The innermost link of a compact chain in the tail (`Executor error: … closed unexpectedly`).
  const innermost = tail.slice(tail.lastIndexOf(": ") + 1);
  return ECHO_TEXT.test(layer.text.slice(raw.start, raw.end).trim()) || ECHO_TEXT.test(innermost.trim());
}

/**
 * Can this match be stated as the root cause of its layer? It must be the whole message (from the
 * layer or a chain link or clause start, to the end or a clause boundary), specific (no bare label,
 * no wrapper around another error's sentence, no very short generic text), on the first line.
 */
export function isAnswerable(raw: RawMatch, layer: ErrorLayer, strength: Strength): boolean {
  const p = raw.pattern;
  if (raw.bare || raw.openTail || raw.partial || raw.onContinuation || raw.dominatedBy) return false;
  if (raw.cut && !isExpectDetail(raw, layer)) return false;
  if (echoesAnAbsentRoot(raw, layer)) return false;
  // The upstream server's words: a RisingWave template of the same text is not what happened.
  if (UPSTREAM_IN_CHAIN.test(layer.text.slice(Math.max(0, raw.start - 160), raw.start))) return false;
  // A panic names where it happened: the standard library's words in a template of another file are
  // the same words raised elsewhere, not this panic.
  if (raw.elsewhere === true && STD_PANIC_WORDING.test(p.record.errorMessage)) return false;
  // Very short generic text (`channel closed`) is corroborated only as the whole innermost layer
  // of a printed chain: RisingWave's own outer layers vouch for it.
  // Placeholders at both ends (`{message}, in worker node {id}`) anchor nowhere: they fit any text
  // holding their few literal words: only when every value they captured is a short value.
  if (p.floating && !raw.captures.every((c) => isShortValue(c) && !c.includes(": ") && !c.includes("\n"))) return false;
  if (p.short && (strength < 3 || layer.depth === 0 || raw.clause || raw.start !== 0)) return false;
  // A generic template (`{object_type} not found: {name}`) needs printed error output around it, or
  // another RisingWave template around it on the line (`Catalog error: {0}`, as the web UI shows it).
  if (p.generic && strength < 3 && raw.nesting === 0) return false;
  // `Actor {actor_id} exited unexpectedly: {source}` holding another error's chain wraps that error.
  if (!p.wrapper && SOURCE_PLACEHOLDER.test(p.record.errorMessage)) {
    const value = raw.captures[raw.captures.length - 1] ?? "";
    if (value.includes(": ") || raw.wrapsAnother) return false;
  }
  if (p.wrapper) {
    // `Invalid column: cache_size` is the whole story; `Internal error: <another error>` is not.
    const value = (raw.captures[raw.captures.length - 1] ?? "").trim();
    if (value === "" || value.includes(": ")) return false;
    // `{0}`, `{source}`, `{error}` hold another error's text: only a bare value (`1`) is no sentence,
    // and never under an error label (`Connector error: timeout` is the connector's own error).
    const source = SOURCE_PLACEHOLDER.test(p.record.errorMessage);
    if (source && (ERROR_LABEL_END.test(p.segments?.[0] ?? "") || /\s/.test(value))) return false;
    if (!source && !isShortValue(value)) return false;
  }
  const rest = layer.text.slice(raw.end);
  // Inside another template's placeholder the leftover is that template's own text; after an
  // `.expect()` message it is the error the panic carried.
  return raw.clause || raw.nesting > 0 || rest.trim() === "" || rest.startsWith("\n") || isExpectDetail(raw, layer);
}

/**
 * The decision: the best match must be answerable on its group's root layer, at the auto-post
 * floor, in a paste that reads as an error; no error printed more strongly may be unexplained,
 * and none as strongly printed may be explained by another record (then the paste holds several
 * errors and the best is only a guess at which one matters).
 */
export function decideVerdict(
  best: { match: Match; raw: RawMatch | null; group: number } | undefined,
  groups: readonly GroupEvidence[],
  pasteIsError: boolean,
  floor: number = AUTO_POST_MIN_CONFIDENCE,
): Verdict {
  if (!best) return "none";
  const own = groups.find((g) => g.group === best.group);
  if (!pasteIsError || !own || !best.raw || best.match.kind === "fuzzy") return "candidates";
  // The head as ranked, judged on its own: whatever the rank stage put first must itself be stated
  // whole on its group's root layer (a release's wording or a library's record may lead there).
  if (!best.match.rootCause || !isAnswerable(best.raw, own.rootLayer, own.strength)) return "candidates";
  if (best.match.confidence < floor) return "candidates";
  for (const g of groups) {
    if (g.group === best.group || g.strength < own.strength) continue;
    // An unexplained error printed more strongly (a panic under a WARN line) is the likelier cause.
    if (!g.answerable && g.strength > own.strength) return "candidates";
    // Another error as strongly printed, explained by another record: which one matters is a guess.
    if (g.answerable && g.answerable.pattern.record.messagePattern !== best.raw.pattern.record.messagePattern)
      return "candidates";
  }
  return "answer";
}

/**
 * Calibration: only an answer keeps a confidence at or above the auto-post floor; every other
 * match is weighted down and capped below it, so "confidence ≥ floor" and "answer" say the same.
 */
export function calibrate(matches: Match[], verdict: Verdict): Match[] {
  return matches.map((m, i) => {
    if (verdict === "answer" && i === 0) return m;
    if (verdict === "answer" && m.confidence < AUTO_POST_MIN_CONFIDENCE) return m;
    const weight = m.kind === "fuzzy" ? FUZZY_CANDIDATE_WEIGHT : CANDIDATE_WEIGHT;
    const confidence = roundConfidence(Math.min(m.confidence * weight, NOT_ANSWER_CAP));
    return confidence === m.confidence ? m : { ...m, confidence };
  });
}
