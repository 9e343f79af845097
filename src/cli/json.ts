/** The `--json` shape of an answer: a stable contract for scripts and harnesses. */
import type { MatchKind, MatchResult, Verdict } from "../matcher/types.ts";

export interface JsonMatch {
  id: string;
  slug: string;
  errorMessage: string;
  kind: MatchKind;
  confidence: number;
  captures: string[];
  layer: string;
  rootCause: boolean;
}

export interface JsonAnswer {
  looksLikeError: boolean;
  truncated: boolean;
  /** answer | candidates | none: only an answer is stated as the error. */
  verdict: Verdict;
  matches: JsonMatch[];
}

export function toJsonAnswer(result: MatchResult): JsonAnswer {
  return {
    looksLikeError: result.looksLikeError,
    truncated: result.truncated,
    verdict: result.verdict,
    matches: result.matches.map((m) => ({
      id: m.record.id,
      slug: m.record.slug,
      errorMessage: m.record.errorMessage,
      kind: m.kind,
      confidence: Math.round(m.confidence * 1000) / 1000,
      captures: [...m.captures],
      layer: m.layer,
      rootCause: m.rootCause,
    })),
  };
}
