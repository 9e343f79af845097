/**
 * Which answers count as an occurrence of an error. Shared by the console and the Slack
 * listeners so every surface counts the same way. Pure: the caller stores the result.
 */
import type { MatchResult } from "./matcher/types.ts";
import type { OccurrenceInput, OccurrenceSource } from "./store/types.ts";

/** Fuzzy hits below this are guesses: shown to the asker, but never counted against a record. */
export const COUNT_MIN_FUZZY_CONFIDENCE = 0.6;

export type OccurrenceContext = Omit<OccurrenceInput, "recordId" | "source" | "text" | "confidence" | "matchKind">;

/**
 * An exact match (or a confident fuzzy one) counts against its record; anything else that
 * looks like an error counts as unmatched (record null, fingerprinted from its root-cause layer); keyword
 * queries and chatter count as nothing.
 */
export function occurrenceFromResult(
  result: MatchResult,
  text: string,
  source: OccurrenceSource,
  context: OccurrenceContext = {},
): OccurrenceInput | null {
  const best = result.matches[0];
  if (best && (best.kind === "exact" || best.confidence >= COUNT_MIN_FUZZY_CONFIDENCE)) {
    return { ...context, recordId: best.record.id, source, text, confidence: best.confidence, matchKind: best.kind };
  }
  if (!result.looksLikeError) return null;
  // Grouped by the root-cause layer, so chatter around the paste ("prod is down again") does not
  // split one unknown error into many fingerprints.
  const errorText = result.layers.at(-1) ?? null;
  return { ...context, recordId: null, source, text, errorText, confidence: null, matchKind: null };
}
