/**
 * Which answers count as an occurrence of an error. Shared by the console and the Slack
 * listeners so every surface counts the same way. Pure: the caller stores the result.
 *
 * The one definition (README "What is counted"): a paste that looks like an error is one occurrence
 * per message and record. It counts against a record only when the answer was confident (verdict
 * `answer`); a guess or no match counts as unmatched, grouped by the fingerprint of its root cause.
 * Lookups count as nothing: search, show, keyword queries, Explain this error on a bot's message.
 */
import type { MatchResult } from "../matcher/types.ts";
import type { OccurrenceInput, OccurrenceSource } from "../store/types.ts";

export type OccurrenceContext = Omit<OccurrenceInput, "recordId" | "source" | "text" | "confidence" | "matchKind">;

export function occurrenceFromResult(
  result: MatchResult,
  text: string,
  source: OccurrenceSource,
  context: OccurrenceContext = {},
): OccurrenceInput | null {
  // Keyword queries and chatter: a lookup, not an incident.
  if (!result.looksLikeError) return null;
  const best = result.matches[0];
  if (best && result.verdict === "answer") {
    return { ...context, recordId: best.record.id, source, text, confidence: best.confidence, matchKind: best.kind };
  }
  // Grouped by the root-cause layer, so chatter around the paste ("prod is down again") does not
  // split one unknown error into many fingerprints.
  const errorText = result.layers.at(-1) ?? null;
  return { ...context, recordId: null, source, text, errorText, confidence: null, matchKind: null };
}
