import type { CompiledPattern } from "./compile.ts";
import { type ErrorVocabulary, looksLikeErrorLine } from "./detect.ts";
import { matchLayer, type RawMatch } from "./exact.ts";
import { fuzzySearch } from "./fuzzy.ts";
import type { ErrorLayer } from "./layers.ts";
import { type LiteralIndex, wordsOf } from "./literal-index.ts";
import {
  compareInLayer,
  DOMINATED_WEIGHT,
  exactConfidence,
  FUZZY_NOT_ERROR_CAP,
  LONE_LINE_LABEL_CAP,
  MAX_FUZZY_LAYERS,
  WEAK_EXACT,
} from "./score.ts";
import type { Match, MatchResult, Verdict } from "./types.ts";
import { calibrate, decideVerdict, type GroupEvidence, isAnswerable, layerStrength, type Strength } from "./verdict.ts";

export interface Engine {
  patterns: readonly CompiledPattern[];
  index: LiteralIndex;
  useIndex: boolean;
  fuzzy: boolean;
  fuzzyThreshold: number;
  limit: number;
  /** Error labels of the catalog, for reading a line as printed error output. */
  vocab: ErrorVocabulary;
}

/** A layer that is only a subsystem label (`Executor error`, `connector error`) says nothing itself. */
const LABEL_ONLY = /^[A-Za-z][\w/-]*(?: [\w/-]+){0,3} (?:error|Error)$/;

interface Ranked {
  match: Match;
  /** The confidence the order is decided by: before the lone-line cap, so the cap never reorders. */
  score: number;
  tier: number;
  group: number;
  depth: number;
  raw: RawMatch | null;
  /** Catalog position: the last tie-break, so equal answers come out the same every time. */
  order: number;
  kind: ErrorLayer["kind"];
}

/** Prose (a plain line, a quoted span): a template may be quoted without its trailing value. */
function isProse(layer: ErrorLayer): boolean {
  return layer.kind === "plain" || layer.kind === "plain-line" || layer.kind === "quoted";
}

/** Stages "candidates" and "exact/folded": the index's candidates, tried on the layer's pieces. */
function layerMatches(engine: Engine, layer: ErrorLayer): RawMatch[] {
  const candidates = engine.useIndex ? engine.index.candidates(wordsOf(layer.text)) : engine.patterns;
  return matchLayer(layer.text, candidates, { prose: isProse(layer) }).sort(compareInLayer);
}

function groupStrength(members: readonly ErrorLayer[], vocab: ErrorVocabulary): Strength {
  let s: Strength = 1;
  for (const l of members) {
    // Each line of a multi-line message tried on its own is a retry, not an error of its own.
    if (l.kind === "plain-line") continue;
    const t = layerStrength(
      l,
      (isProse(l) || l.kind === "debug") && looksLikeErrorLine(l.text.split("\n")[0] ?? "", vocab),
    );
    if (t > s) s = t;
  }
  return s;
}

function isLabelOnly(layer: ErrorLayer, raws: readonly RawMatch[]): boolean {
  if (raws.length > 0) return raws.every((r) => r.bare);
  return LABEL_ONLY.test(layer.text);
}

/**
 * Does this group hold printed error output worth a fuzzy guess? A log line's message alone
 * (a WARN without an error field) is not; a plain line is if it reads like an error.
 */
function groupIsError(layers: readonly ErrorLayer[], vocab: ErrorVocabulary): boolean {
  return layers.some(
    (l) =>
      (l.kind !== "log-message" && !isProse(l) && l.kind !== "debug") ||
      ((isProse(l) || l.kind === "debug") && looksLikeErrorLine(l.text.split("\n")[0] ?? "", vocab)),
  );
}

/**
 * Bare labels last; otherwise the innermost layer first (the root cause, even when only a wrapper
 * or a guess explains it); within a layer, sure matches, then weak ones and fuzzy guesses by
 * confidence, then the in-layer order.
 */
function compareRanked(a: Ranked, b: Ranked): number {
  const bare = Number(a.tier === 2) - Number(b.tier === 2);
  if (bare !== 0) return bare;
  if (a.depth !== b.depth) return b.depth - a.depth;
  if (a.tier !== b.tier && (a.tier === 0 || b.tier === 0)) return a.tier - b.tier;
  if (a.tier === 1 || b.tier === 1) return b.score - a.score || a.order - b.order;
  if (a.raw && b.raw) return compareInLayer(a.raw, b.raw);
  return b.score - a.score || a.order - b.order;
}

/**
 * Ranks the matches of every layer: in each group (one error) the root cause first (the
 * innermost layer that is more than a label), exact before fuzzy before bare labels; then the
 * groups' best matches before their other ones.
 */
export function rankLayers(
  engine: Engine,
  layers: readonly ErrorLayer[],
  pasteIsError: boolean,
): { matches: Match[]; strongExact: boolean; verdict: Verdict } {
  const raws = layers.map((l) => layerMatches(engine, l));
  const groups = new Map<number, number[]>();
  layers.forEach((l, i) => {
    const list = groups.get(l.group);
    if (list) list.push(i);
    else groups.set(l.group, [i]);
  });
  const perGroup: Ranked[][] = [];
  const fuzzyWanted: Array<{ ranked: Ranked[]; root: number; query: string; group: number }> = [];
  let strongExact = false;
  let confidentExact = false;
  const evidence: GroupEvidence[] = [];
  for (const [group, indexes] of groups) {
    const meaningful = indexes.filter((i) => !isLabelOnly(layers[i] as ErrorLayer, raws[i] ?? []));
    const root = meaningful.length > 0 ? Math.max(...meaningful) : Math.max(...indexes);
    const ranked: Ranked[] = [];
    const members = indexes.map((i) => layers[i] as ErrorLayer);
    const printed = members.some(isPrintedErrorLayer);
    for (const i of indexes) {
      const layer = layers[i] as ErrorLayer;
      for (const raw of raws[i] ?? []) {
        const entry = exactEntry(raw, layer, i, i === root, group, printed);
        if (entry.tier === 0 && entry.match.rootCause) confidentExact = true;
        // A wrapper (`Invalid input syntax: {0}`) fits whatever follows its label: no proof alone.
        const specific = !raw.bare && !raw.pattern.generic && !raw.pattern.wrapper;
        // A template quoted inside a person's sentence is talk about an error, not a paste of one.
        if (specific && layer.kind !== "quoted" && raw.pattern.literalLength >= 20 && raw.end === layer.text.length) {
          strongExact = true;
        }
        ranked.push(entry);
      }
    }
    perGroup.push(ranked);
    const best = (raws[root] ?? []).find((r) => !r.bare);
    const strength = groupStrength(members, engine.vocab);
    const rootLayer = layers[root] as ErrorLayer;
    evidence.push({
      group,
      strength,
      answerable: best && isAnswerable(best, rootLayer, strength) ? best : null,
      rootText: rootLayer.text,
    });
    const weak = best !== undefined && exactConfidence(best, true) < WEAK_EXACT;
    if ((!best || weak) && groupIsError(members, engine.vocab)) {
      // Under a wrapper the unexplained part is what to look for.
      const query = best ? (best.captures[best.captures.length - 1] ?? "") : (layers[root]?.text.split("\n")[0] ?? "");
      fuzzyWanted.push({ ranked, root, query, group });
    }
  }
  // Guesses only when nothing in the paste is known for sure: they cost Fuse runs, and a known
  // error already answers the paste.
  if (engine.fuzzy && !confidentExact) {
    for (const want of fuzzyWanted.slice(0, MAX_FUZZY_LAYERS)) {
      const rootLayer = layers[want.root] as ErrorLayer;
      for (const hit of fuzzySearch(want.query, engine.index, {
        threshold: engine.fuzzyThreshold,
        limit: engine.limit,
      })) {
        const confidence = pasteIsError ? hit.confidence : Math.min(hit.confidence, FUZZY_NOT_ERROR_CAP);
        want.ranked.push({
          score: confidence,
          match: {
            record: hit.pattern.record,
            kind: "fuzzy",
            confidence,
            captures: [],
            layer: rootLayer.text,
            layerIndex: want.root,
            rootCause: true,
          },
          tier: 1,
          group: want.group,
          depth: rootLayer.depth,
          raw: null,
          order: hit.pattern.order,
          kind: rootLayer.kind,
        });
      }
    }
  }
  for (const g of perGroup) g.sort(compareRanked);
  const ranked = mergeGroups(
    perGroup.filter((g) => g.length > 0),
    engine.limit,
  );
  const verdict = decideVerdict(ranked[0], evidence, pasteIsError || strongExact);
  return {
    matches: calibrate(
      ranked.map((r) => r.match),
      verdict,
    ),
    strongExact,
    verdict,
  };
}

/** A layer taken from printed error output rather than a line that merely reads like one. */
function isPrintedErrorLayer(layer: ErrorLayer): boolean {
  return layer.kind !== "plain" && layer.kind !== "plain-line";
}

function exactEntry(
  raw: RawMatch,
  layer: ErrorLayer,
  index: number,
  rootCause: boolean,
  group: number,
  printed: boolean,
): Ranked {
  let score = exactConfidence(raw, rootCause);
  if (raw.dominatedBy) {
    const better = exactConfidence(raw.dominatedBy, rootCause);
    score = Math.min(score, Math.round(better * DOMINATED_WEIGHT * 1000) / 1000);
  }
  const loneLabel = !printed && !raw.bare && (raw.pattern.wrapper || raw.pattern.generic);
  const confidence = loneLabel ? Math.min(score, LONE_LINE_LABEL_CAP) : score;
  return {
    score,
    match: {
      record: raw.pattern.record,
      kind: "exact",
      confidence,
      captures: raw.captures,
      layer: layer.text,
      layerIndex: index,
      rootCause,
    },
    // A wrapper around text nothing explains competes with fuzzy guesses on that text.
    tier: raw.bare ? 2 : score < WEAK_EXACT ? 1 : 0,
    group,
    depth: layer.depth,
    raw,
    order: raw.pattern.order,
    kind: layer.kind,
  };
}

function mergeGroups(perGroup: Ranked[][], limit: number): Ranked[] {
  // Each error's best answer first, the strongest error first; then everything else in order.
  // A line of a multi-line message tried on its own comes after the message itself.
  const secondary = (g: Ranked[]) => Number(g[0]?.kind === "plain-line");
  const heads = perGroup
    .map((g, order) => ({ g, order }))
    .sort(
      (a, b) =>
        (a.g[0]?.tier ?? 9) - (b.g[0]?.tier ?? 9) ||
        secondary(a.g) - secondary(b.g) ||
        (b.g[0]?.score ?? 0) - (a.g[0]?.score ?? 0) ||
        a.order - b.order,
    );
  const ordered: Ranked[] = [];
  for (const { g } of heads) if (g[0]) ordered.push(g[0]);
  for (const { g } of heads) for (const r of g.slice(1)) ordered.push(r);
  const seen = new Set<string>();
  const matches: Ranked[] = [];
  for (const r of ordered) {
    if (seen.has(r.match.record.id)) continue;
    seen.add(r.match.record.id);
    matches.push(r);
    if (matches.length >= limit) break;
  }
  return matches;
}

export type { MatchResult };
