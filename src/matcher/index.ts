import type { Catalog } from "../catalog/catalog.ts";
import { annotateKnown } from "./annotate.ts";
import { type CompiledPattern, compilePattern } from "./compile.ts";
import { fuzzySearch } from "./fuzzy.ts";
import { LiteralIndex } from "./literal-index.ts";
import type { Engine } from "./match.ts";
import { DEFAULT_MAX_INPUT_BYTES } from "./normalize.ts";
import { runPipeline } from "./pipeline.ts";
import { CANDIDATE_WEIGHT, FUZZY_THRESHOLD, SEARCH_EXACT_MIN } from "./policy.ts";
import type { AnnotatedFacts, KnownMatch, Match, MatchContext, Matcher, MatcherOptions, MatchResult } from "./types.ts";
import { catalogLabels } from "./vocabulary.ts";

export { looksLikeError } from "./detect.ts";
export { type ErrorLayer, splitLayers } from "./layers.ts";
export { normalizePaste } from "./normalize.ts";
export { AUTO_POST_MIN_CONFIDENCE, BARE_CONFIDENCE, MAX_FUZZY_CONFIDENCE } from "./policy.ts";
export type {
  AnnotatedFacts,
  KnownMatch,
  Match,
  MatchContext,
  Matcher,
  MatcherOptions,
  MatchFailure,
  MatchKind,
  MatchResult,
  Verdict,
} from "./types.ts";

export interface CreateMatcherOptions extends MatcherOptions {
  /** false tries every pattern on every layer: the reference the literal index must agree with. */
  useIndex?: boolean;
  /** false: exact matches only, no fuzzy guesses (what a log scan counts). */
  fuzzy?: boolean;
}

/** The records' patterns that compile; the rest are left to `rwerror validate` to report. */
export function compileCatalog(catalog: Catalog): CompiledPattern[] {
  const out: CompiledPattern[] = [];
  catalog.records.forEach((record, order) => {
    const p = compilePattern(record, order);
    if (p) out.push(p);
  });
  return out;
}

/** A turn of the event loop: what waits on it (an ack) runs before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `createMatcher` for a serving process that must keep answering meanwhile (a catalog reload): the
 * patterns are compiled in slices of about `sliceMs`, each followed by a turn of the event loop.
 */
export async function createMatcherInSlices(
  catalog: Catalog,
  options: CreateMatcherOptions = {},
  { sliceMs = 15 }: { sliceMs?: number } = {},
): Promise<Matcher> {
  const patterns: CompiledPattern[] = [];
  let sliceStart = performance.now();
  for (let order = 0; order < catalog.records.length; order++) {
    const p = compilePattern(catalog.records[order] as Catalog["records"][number], order);
    if (p) patterns.push(p);
    if (performance.now() - sliceStart > sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  await nextTurn();
  return matcherOver(catalog, patterns, options);
}

/**
 * Builds the matcher over a catalog: patterns compiled and indexed once, then `match(paste)` and
 * `search(keywords)` are pure and never throw.
 */
export function createMatcher(catalog: Catalog, options: CreateMatcherOptions = {}): Matcher {
  return matcherOver(catalog, compileCatalog(catalog), options);
}

function matcherOver(
  catalog: Catalog,
  patterns: CompiledPattern[],
  {
    fuzzyThreshold = FUZZY_THRESHOLD,
    maxInputBytes = DEFAULT_MAX_INPUT_BYTES,
    limit = 5,
    useIndex = true,
    fuzzy = true,
    risingwaveVersion,
  }: CreateMatcherOptions,
): Matcher {
  const vocab = { labels: catalogLabels(patterns) };
  const engine: Engine = { patterns, index: new LiteralIndex(patterns), useIndex, fuzzy, fuzzyThreshold, limit, vocab };

  const match = (text: string, context?: MatchContext): MatchResult =>
    runPipeline(engine, catalog, typeof text === "string" ? text : "", context, { maxInputBytes, risingwaveVersion });

  const search = (query: string, max = limit): Match[] => {
    if (typeof query !== "string" || query.trim() === "") return [];
    try {
      const res = match(query);
      // Confidences of non-answers are calibrated down: compare against the same scale.
      const floor = res.verdict === "answer" ? SEARCH_EXACT_MIN : SEARCH_EXACT_MIN * CANDIDATE_WEIGHT;
      const exact = res.matches.filter((m) => m.kind !== "fuzzy" && m.confidence >= floor);
      const seen = new Set(exact.map((m) => m.record.id));
      const fuzzy = fuzzySearch(query, engine.index, { threshold: fuzzyThreshold, limit: max })
        .filter((h) => !seen.has(h.pattern.record.id))
        .map(
          (h): Match => ({
            record: h.pattern.record,
            kind: "fuzzy",
            confidence: h.confidence,
            captures: [],
            layer: query.trim(),
            layerIndex: 0,
            rootCause: true,
          }),
        );
      return [...exact, ...fuzzy].slice(0, max);
    } catch {
      return [];
    }
  };

  const facts = (known: KnownMatch, context?: MatchContext): AnnotatedFacts => {
    try {
      return annotateKnown(catalog, known, context, risingwaveVersion);
    } catch {
      return {};
    }
  };

  return { match, search, facts };
}
