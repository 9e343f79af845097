import type { CompiledPattern } from "./compile.ts";
import { type ErrorVocabulary, looksLikeErrorLine } from "./detect.ts";
import { capturesAnObject } from "./dominance.ts";
import { matchLayer, type RawMatch } from "./exact.ts";
import { fuzzySearch } from "./fuzzy.ts";
import { LABEL_ONLY } from "./grammar.ts";
import type { ErrorLayer } from "./layers.ts";
import type { LiteralIndex } from "./literal-index.ts";
import type { Ranked } from "./merge.ts";
import {
  compareInLayer,
  DOMINATED_WEIGHT,
  exactConfidence,
  FUZZY_NOT_ERROR_CAP,
  LONE_LINE_LABEL_CAP,
  MAX_FUZZY_LAYERS,
  WEAK_EXACT,
} from "./policy.ts";
import type { MatchResult } from "./types.ts";
import { type GroupEvidence, isAnswerable, isExpectDetail, layerStrength, raisedIn, type Strength } from "./verdict.ts";

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

/** The text up to its first line break (no array of every line of a long layer). */
function firstLine(text: string): string {
  const nl = text.indexOf("\n");
  return nl < 0 ? text : text.slice(0, nl);
}

/** Prose (a plain line, a quoted span): a template may be quoted without its trailing value. */
function isProse(layer: ErrorLayer): boolean {
  return layer.kind === "plain" || layer.kind === "plain-line" || layer.kind === "quoted";
}

/** Stages "candidates" and "exact/folded": the index's candidates, tried on the layer's pieces. */
function layerMatches(engine: Engine, layer: ErrorLayer, panicFile: string | undefined): RawMatch[] {
  const candidates = engine.useIndex ? engine.index.candidatesIn(layer.text) : engine.patterns;
  const raws = matchLayer(layer.text, candidates, { prose: isProse(layer) });
  // A panic names its file: a panic message of another file is the same words raised elsewhere.
  if (layer.kind === "panic" && panicFile) for (const r of raws) r.elsewhere = !raisedIn(r.pattern.record, panicFile);
  return raws.sort(compareInLayer);
}

function groupStrength(members: readonly ErrorLayer[], vocab: ErrorVocabulary): Strength {
  let s: Strength = 1;
  for (const l of members) {
    // Each line of a multi-line message tried on its own is a retry, not an error of its own.
    if (l.kind === "plain-line") continue;
    const t = layerStrength(l, (isProse(l) || l.kind === "debug") && looksLikeErrorLine(firstLine(l.text), vocab));
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
      ((isProse(l) || l.kind === "debug") && looksLikeErrorLine(firstLine(l.text), vocab)),
  );
}

interface FuzzyWant {
  ranked: Ranked[];
  root: number;
  query: string;
  group: number;
}

/** What the exact stage learns from every group: ranked matches, evidence for the verdict, fuzzy work. */
interface GroupStage {
  perGroup: Ranked[][];
  fuzzyWanted: FuzzyWant[];
  evidence: GroupEvidence[];
  strongExact: boolean;
  confidentExact: boolean;
}

/** Layers by error group, in paste order. */
function groupIndexes(layers: readonly ErrorLayer[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  layers.forEach((l, i) => {
    const list = groups.get(l.group);
    if (list) list.push(i);
    else groups.set(l.group, [i]);
  });
  return groups;
}

/** The exact stage for one error group: its root layer, ranked matches, verdict evidence. */
function rankGroup(
  engine: Engine,
  layers: readonly ErrorLayer[],
  raws: readonly RawMatch[][],
  group: number,
  indexes: readonly number[],
  out: GroupStage,
): void {
  const meaningful = indexes.filter((i) => !isLabelOnly(layers[i] as ErrorLayer, raws[i] ?? []));
  // `.expect("m")` on an `Err`: RisingWave's message is the root; values printed in its tail are detail.
  const expectAt = indexes.find((i) => (raws[i] ?? []).some((r) => isExpectDetail(r, layers[i] as ErrorLayer)));
  const root =
    expectAt !== undefined ? expectAt : meaningful.length > 0 ? Math.max(...meaningful) : Math.max(...indexes);
  const ranked: Ranked[] = [];
  const members = indexes.map((i) => layers[i] as ErrorLayer);
  const printed = members.some(isPrintedErrorLayer);
  for (const i of indexes) {
    const layer = layers[i] as ErrorLayer;
    for (const raw of raws[i] ?? []) {
      const entry = exactEntry(raw, layer, i, i === root, group, printed);
      if (entry.tier === 0 && entry.match.rootCause) out.confidentExact = true;
      // A wrapper (`Invalid input syntax: {0}`) fits whatever follows its label: no proof alone.
      const specific = !raw.bare && !raw.pattern.generic && !raw.pattern.wrapper;
      // A template quoted inside a person's sentence is talk about an error, not a paste of one.
      if (specific && layer.kind !== "quoted" && raw.pattern.literalLength >= 20 && raw.end === layer.text.length) {
        out.strongExact = true;
      }
      ranked.push(entry);
    }
  }
  out.perGroup.push(ranked);
  const best = (raws[root] ?? []).find((r) => !r.bare);
  const strength = groupStrength(members, engine.vocab);
  const rootLayer = layers[root] as ErrorLayer;
  out.evidence.push({
    group,
    strength,
    answerable: best && isAnswerable(best, rootLayer, strength) ? best : null,
    rootText: rootLayer.text,
    rootLayer,
  });
  const weak = best !== undefined && exactConfidence(best, true) < WEAK_EXACT;
  // An object's name (`{name}` of `{object_type} not found: {name}`) is no error text to look up.
  const objectName = best !== undefined && capturesAnObject(best, best.captures.length - 1);
  if ((!best || weak) && !objectName && groupIsError(members, engine.vocab)) {
    // Under a wrapper the unexplained part is what to look for.
    const query = best ? (best.captures[best.captures.length - 1] ?? "") : firstLine(rootLayer.text);
    out.fuzzyWanted.push({ ranked, root, query, group });
  }
}

/** The fuzzy stage: guesses for the unexplained roots of a few error groups. */
function fuzzyStage(
  engine: Engine,
  layers: readonly ErrorLayer[],
  wanted: readonly FuzzyWant[],
  pasteIsError: boolean,
) {
  for (const want of wanted.slice(0, MAX_FUZZY_LAYERS)) {
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

/** What the candidate stage hands on: each error group's matches, and what each group explained. */
export interface Candidates {
  /** Per error group, in paste order; ordered by the rank stage. */
  perGroup: Ranked[][];
  evidence: GroupEvidence[];
  /** The paste is exactly a specific known template: an error even without a label. */
  strongExact: boolean;
}

/**
 * The candidate stage, after normalising, shape adapters and layer splitting: the index's candidates
 * → exact/folded matches per layer → each group's root layer and its evidence → fuzzy guesses for
 * unexplained roots. Nothing is ordered or decided here: that is the rank and verdict stages' job.
 */
export function collectCandidates(
  engine: Engine,
  layers: readonly ErrorLayer[],
  pasteIsError: boolean,
  panicFile?: string,
): Candidates {
  const raws = layers.map((l) => layerMatches(engine, l, panicFile));
  const stage: GroupStage = {
    perGroup: [],
    fuzzyWanted: [],
    evidence: [],
    strongExact: false,
    confidentExact: false,
  };
  for (const [group, indexes] of groupIndexes(layers)) rankGroup(engine, layers, raws, group, indexes, stage);
  // Guesses only when nothing in the paste is known for sure: they cost Fuse runs, and a known
  // error already answers the paste.
  if (engine.fuzzy && !stage.confidentExact) fuzzyStage(engine, layers, stage.fuzzyWanted, pasteIsError);
  return { perGroup: stage.perGroup, evidence: stage.evidence, strongExact: stage.strongExact };
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
  // Inside another known template's placeholder (`Catalog error: {0}` around `{object_type} not found:
  // {name}`), two of RisingWave's own templates nest as only its printed errors do: not a lone label.
  const loneLabel = !printed && !raw.bare && raw.nesting === 0 && (raw.pattern.wrapper || raw.pattern.generic);
  const confidence = loneLabel ? Math.min(score, LONE_LINE_LABEL_CAP) : score;
  return {
    score,
    match: {
      record: raw.pattern.record,
      kind: raw.folded ? "folded" : "exact",
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

export type { MatchResult };
