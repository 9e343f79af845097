/**
 * Analysis joins across releases: an analysed record (a seed, any dataset with analysis) also
 * explains the extracted templates of the same error in other releases, so an old wording of an
 * analysed main error still gets the remediation.
 */
import type { ErrorRecord } from "./schema.ts";

/** Word overlap (Dice) of two message patterns at or above this is the same error reworded. */
const CLOSE_PATTERN = 0.75;
const WORD = /[a-z0-9_]+/g;

export function hasAnalysis(r: ErrorRecord): boolean {
  return Boolean(r.documentation?.trim()) || r.solutions.some((s) => s.trim() !== "");
}

/** Word sets of patterns already compared (successor lookups repeat them); cleared past a bound. */
const wordCache = new Map<string, Set<string>>();
const WORD_CACHE_MAX = 20_000;

function words(pattern: string): Set<string> {
  const known = wordCache.get(pattern);
  if (known) return known;
  // `(.+?)` and escapes carry no wording.
  const w = new Set(
    pattern
      .replace(/\(\.\+\?\)/g, " ")
      .toLowerCase()
      .match(WORD) ?? [],
  );
  if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
  wordCache.set(pattern, w);
  return w;
}

export function wordSimilarity(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return (2 * shared) / (wa.size + wb.size);
}

function withAnalysis(target: ErrorRecord, donor: ErrorRecord): ErrorRecord {
  const pick = <T>(own: T | null, theirs: T | null): T | null =>
    own === null || (typeof own === "string" && own.trim() === "") ? theirs : own;
  return {
    ...target,
    documentation: pick(target.documentation, donor.documentation),
    triggerScenarios: pick(target.triggerScenarios, donor.triggerScenarios),
    commonSituations: pick(target.commonSituations, donor.commonSituations),
    exampleFix: pick(target.exampleFix, donor.exampleFix),
    handlingStrategy: pick(target.handlingStrategy, donor.handlingStrategy),
    solutions: target.solutions.length > 0 ? target.solutions : donor.solutions,
    preventionTips: target.preventionTips.length > 0 ? target.preventionTips : donor.preventionTips,
    analysisFrom: donor.id,
  };
}

/**
 * Records in the same order, each unanalysed one given the analysis of an analysed record of the
 * same errorMessage, else of the same file with a close messagePattern. Linear in the records
 * (a close-pattern comparison only within one file's analysed records).
 */
export function joinAnalysis(records: readonly ErrorRecord[]): ErrorRecord[] {
  const byMessage = new Map<string, ErrorRecord>();
  const byFile = new Map<string, ErrorRecord[]>();
  for (const r of records) {
    if (!hasAnalysis(r)) continue;
    if (!byMessage.has(r.errorMessage)) byMessage.set(r.errorMessage, r);
    if (r.filePath) {
      const list = byFile.get(r.filePath);
      if (list) list.push(r);
      else byFile.set(r.filePath, [r]);
    }
  }
  if (byMessage.size === 0) return [...records];
  return records.map((r) => {
    if (hasAnalysis(r)) return r;
    const same = byMessage.get(r.errorMessage);
    if (same) return withAnalysis(r, same);
    if (!r.filePath) return r;
    let best: ErrorRecord | undefined;
    let bestScore = CLOSE_PATTERN;
    for (const d of byFile.get(r.filePath) ?? []) {
      const s = wordSimilarity(d.messagePattern, r.messagePattern);
      if (s >= bestScore) {
        best = d;
        bestScore = s;
      }
    }
    return best ? withAnalysis(r, best) : r;
  });
}
