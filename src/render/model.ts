/**
 * The content of an answer, independent of where it is shown. Slack blocks and terminal
 * text are both rendered from this, so they always say the same thing.
 */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match, MatchKind } from "../matcher/types.ts";
import { type ReleaseLines, releaseLines } from "./release-lines.ts";

export interface MatchFacts {
  kind: MatchKind;
  confidence: number;
  captures: readonly string[];
  /** The layer it matched, when known (a card re-rendered from a button does not have it). */
  layer?: string;
  rootCause?: boolean;
  release?: Match["release"];
  context?: string;
  panicSite?: Match["panicSite"];
}

export interface CardModel {
  id: string;
  slug: string;
  title: string;
  severity: string;
  errorType: string;
  /** The error as it would print: the template with the captured values put back. */
  error: string;
  captures: readonly string[];
  meaning: string | null;
  solutions: readonly string[];
  exampleFix: string | null;
  preventionTips: readonly string[];
  handlingStrategy: string | null;
  source: { path: string; line: number | null; url: string | null } | null;
  why: string;
  /** Release range, the release used, rewording and third-party context lines (already worded). */
  releaseLines: ReleaseLines;
}

const PLACEHOLDER = /\{[^{}]*\}/g;

/** Puts captured values back into an errorMessage template (`{}`, `{name}`, `{:?}` …), in order. */
export function fillTemplate(template: string, captures: readonly string[]): string {
  let i = 0;
  return template.replace(PLACEHOLDER, (ph) => {
    const value = captures[i++];
    return value === undefined ? ph : value;
  });
}

export function describeWhy(facts: MatchFacts): string {
  const pct = `${Math.round(facts.confidence * 100)}%`;
  if (facts.kind === "exact") {
    const where = facts.rootCause === false ? "an outer layer of the error" : "the root cause";
    return `exact match of the pattern on ${where} (confidence ${pct})`;
  }
  return `fuzzy match, closest wording in the knowledge base (confidence ${pct}): check it fits`;
}

/** A short meaning line for records whose analysis fields are still empty (most of the corpus). */
function fallbackMeaning(record: ErrorRecord): string | null {
  if (!record.filePath) return null;
  const kind = record.errorType === "panic" ? "a panic (an internal invariant failed)" : "an error";
  return `Raised as ${kind} in \`${record.filePath}\`. No analysis has been written for this template yet: the source location below shows where and why it is raised.`;
}

export function cardModel(record: ErrorRecord, facts: MatchFacts): CardModel {
  // An old wording without analysis shows the analysis of the same error as the newest release words it.
  const analysed = facts.release?.analysisFrom ?? record;
  const url = facts.release?.sourceUrl ?? record.githubUrl;
  return {
    id: record.id,
    slug: record.slug,
    title: record.errorMessage.split("\n")[0] ?? record.errorMessage,
    severity: record.severity,
    errorType: record.errorType,
    error: facts.layer?.trim() || fillTemplate(record.errorMessage, facts.captures),
    captures: facts.captures,
    meaning: analysed.documentation?.trim() || fallbackMeaning(record),
    solutions: analysed.solutions.filter((s) => s.trim() !== ""),
    exampleFix: analysed.exampleFix?.trim() || null,
    preventionTips: analysed.preventionTips.filter((s) => s.trim() !== ""),
    handlingStrategy: analysed.handlingStrategy,
    source: record.filePath
      ? { path: record.filePath, line: record.lineNumber, url }
      : url
        ? { path: url, line: null, url }
        : null,
    why: describeWhy(facts),
    releaseLines: releaseLines(facts),
  };
}

export function cardModelFromMatch(match: Match): CardModel {
  return cardModel(match.record, match);
}
