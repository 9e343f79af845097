/**
 * One paste, one pass, one decision: normalise (with the shape adapters) → layers → candidates →
 * annotate → rank → verdict → calibrate. Each stage is a pure function of its own file; only the
 * rank stage orders and only the verdict stage decides. An exception in any stage is caught here and
 * reported on the result (`failure`: the stage, the error's name, the paste's size and shape, never
 * its text) for the caller to log and count.
 */
import type { Catalog } from "../catalog/catalog.ts";
import { annotate } from "./annotate.ts";
import { normalizedLooksLikeError } from "./detect.ts";
import { pasteShape } from "./grammar.ts";
import { splitLayers } from "./layers.ts";
import { collectCandidates, type Engine } from "./match.ts";
import { normalizePaste } from "./normalize.ts";
import { findPanicLocation } from "./panic-site.ts";
import { AUTO_POST_MIN_CONFIDENCE } from "./policy.ts";
import { orderGroups, rankByFacts } from "./rank.ts";
import type { MatchContext, MatchFailure, MatchResult } from "./types.ts";
import { calibrate, decideVerdict } from "./verdict.ts";

export interface PipelineOptions {
  maxInputBytes: number;
  /** `RWERROR_RISINGWAVE_VERSION`. */
  risingwaveVersion: string | undefined;
}

type Stage = MatchFailure["stage"];

export function runPipeline(
  engine: Engine,
  catalog: Catalog,
  input: string,
  context: MatchContext | undefined,
  { maxInputBytes, risingwaveVersion }: PipelineOptions,
): MatchResult {
  const norm = normalizePaste(input, { maxInputBytes });
  const result: MatchResult = {
    looksLikeError: false,
    truncated: norm.truncated,
    inputBytes: norm.inputBytes,
    layers: [],
    matches: [],
    verdict: "none",
  };
  let stage: Stage = "layers";
  try {
    const layers = splitLayers(norm.text, engine.vocab);
    result.layers = layers.map((l) => l.text);
    result.layerGroups = layers.map((l) => l.group);
    const detected = normalizedLooksLikeError(norm.text, engine.vocab);

    stage = "candidates";
    const found = collectCandidates(engine, layers, detected, findPanicLocation(norm.text)?.file);
    // A paste that is exactly a specific known template is an error even without a label.
    result.looksLikeError = detected || found.strongExact;

    stage = "annotate";
    const facts = annotate(orderGroups(found.perGroup, engine.limit), {
      catalog,
      text: norm.text,
      layers: result.layers,
      context,
      configured: risingwaveVersion,
    });
    if (facts.version) result.version = facts.version;
    if (facts.panicSite) result.panicSite = facts.panicSite;

    stage = "rank";
    const { ranked: all, judged } = rankByFacts(catalog, facts.ranked, facts.userTag, norm.text);
    const ranked = all.slice(0, engine.limit);

    stage = "verdict";
    // Decided once, with every rule but the auto-post floor; the floor then applies to the head's
    // confidence. The open decision is kept on the result so the floor can be fitted on labelled data.
    const open = decideVerdict(judged, found.evidence, result.looksLikeError, 0);
    const confidence = judged?.match.confidence ?? 0;
    result.decision = { confidence, answerable: open === "answer" };
    result.verdict = open === "answer" && confidence < AUTO_POST_MIN_CONFIDENCE ? "candidates" : open;
    result.matches = calibrate(
      ranked.map((r) => r.match),
      result.verdict,
    );
  } catch (e) {
    // Never throw at the event loop: the paste reads as "no match", and the caller hears why.
    result.matches = [];
    result.verdict = "none";
    result.failure = {
      stage,
      error: e instanceof Error ? e.name : typeof e,
      inputBytes: norm.inputBytes,
      lines: norm.text === "" ? 0 : norm.text.split("\n").length,
      shape: pasteShape(norm.text),
    };
  }
  return result;
}
