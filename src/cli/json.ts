/** The `--json` shape of an answer: a stable contract for scripts and harnesses. */
import type { Match, MatchKind, MatchResult, Verdict } from "../matcher/types.ts";

export interface JsonMatch {
  id: string;
  slug: string;
  errorMessage: string;
  kind: MatchKind;
  confidence: number;
  captures: string[];
  layer: string;
  rootCause: boolean;
  errorType: string;
  /** Where the analysis the answer shows comes from: the record's own (or a record analysis), a family, or none. */
  analysis: "record" | "family" | null;
  /** Release facts, when the catalog knows releases: range, the tag linked, the note. */
  release?: { range: string; sourceTag: string; sourceUrl: string | null; note: string | null; successorId?: string };
  /** For a third-party root: the RisingWave operation around it. */
  context?: string;
  panicSite?: string;
}

export interface JsonAnswer {
  looksLikeError: boolean;
  truncated: boolean;
  /** answer | candidates | none: only an answer is stated as the error. */
  verdict: Verdict;
  matches: JsonMatch[];
  /** The release the answer is for and where it came from (detected, channel, configured). */
  version?: { version: string; source: string; tag?: string };
}

/** The card shows the successor's analysis for a gone wording when it has a better one (release stage). */
function analysisKind(m: Match): "record" | "family" | null {
  return (m.release?.analysisFrom ?? m.record).analysis?.kind ?? null;
}

export function toJsonAnswer(result: MatchResult): JsonAnswer {
  const answer: JsonAnswer = {
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
      errorType: m.record.errorType,
      analysis: analysisKind(m),
      ...(m.release && {
        release: {
          range: m.release.range,
          sourceTag: m.release.sourceTag,
          sourceUrl: m.release.sourceUrl,
          note: m.release.note,
          ...(m.release.successor && { successorId: m.release.successor.record.id }),
        },
      }),
      ...(m.context && { context: m.context }),
      ...(m.panicSite && { panicSite: m.panicSite.label }),
    })),
  };
  if (result.version) {
    const { version, source, tag } = result.version;
    answer.version = tag ? { version, source, tag } : { version, source };
  }
  return answer;
}
