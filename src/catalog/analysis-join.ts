/**
 * Analysis joins at load, in three steps: record analyses by id (`data/analysis/*.jsonl`); then across
 * releases, an analysed record (a seed, the third-party pack, a record analysis) also explains the
 * extracted templates of the same error in other releases, so an old wording of an analysed main error
 * still gets the remediation; then family rules, to every record still without an analysis. Each joined
 * record says where its analysis came from (`record.analysis`).
 */
import type { ParsedAnalyses } from "./analysis-parse.ts";
import { ANALYSIS_FIELDS, type Analysis, type AnalysisOrigin } from "./analysis-schema.ts";
import type { CatalogProblem } from "./errors.ts";
import type { ErrorRecord } from "./schema.ts";

/** Word overlap (Dice) of two message patterns at or above this is the same error reworded. */
const CLOSE_PATTERN = 0.75;
const WORD = /[a-z0-9_]+/g;

export function hasAnalysis(r: ErrorRecord): boolean {
  return Boolean(r.documentation?.trim()) || r.solutions.some((s) => s.trim() !== "");
}

/** How specific a record's analysis is: 2 a record analysis (or its own), 1 a family's, 0 none. */
export function analysisRank(r: ErrorRecord): number {
  if (r.analysis) return r.analysis.kind === "record" ? 2 : 1;
  return hasAnalysis(r) ? 2 : 0;
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
  const origin: AnalysisOrigin = { ...(donor.analysis ?? {}), kind: "record", from: donor.analysis?.from ?? donor.id };
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
    analysis: origin,
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

/** What the join did, for `validate` and the coverage script. */
export interface AnalysisCoverage {
  /** Record analyses read, and which of their ids the catalog holds. */
  recordAnalyses: { found: string[]; missing: string[] };
  /** Records that got a record analysis through the cross-release join (another wording's). */
  carried: number;
  /** Each family in join order, with the records it was given to. */
  families: { name: string; title: string; file: string; line: number; records: number }[];
  /** Records by where their analysis came from. */
  analysed: { record: number; family: number; none: number };
}

export interface AnalysisJoin {
  records: ErrorRecord[];
  /** Analyses that do not fit their record (an errorMessage that differs): skipped. */
  problems: CatalogProblem[];
  /** Ids no loaded record has, families no record got (the catalog may lack their records). */
  warnings: string[];
  coverage: AnalysisCoverage;
}

/** The record with an analysis's fields in place of its own (a record analysis replaces what the record said). */
function applied(record: ErrorRecord, a: Analysis, origin: AnalysisOrigin): ErrorRecord {
  const out: ErrorRecord = { ...record, analysis: { ...origin, references: a.references, releases: a.releases } };
  for (const name of ANALYSIS_FIELDS) {
    const v = a[name];
    (out as Record<string, unknown>)[name] = v ?? (name === "solutions" || name === "preventionTips" ? [] : null);
  }
  return out;
}

/**
 * Joins analyses to records (same order): record analyses by id, the cross-release join, then the
 * first family (priority, file, line) whose rule holds, for every record still without an analysis.
 */
export function joinAnalyses(records: readonly ErrorRecord[], analyses: ParsedAnalyses): AnalysisJoin {
  const problems: CatalogProblem[] = [];
  const warnings: string[] = [];
  const byId = new Map(analyses.records.map((e) => [e.analysis.for.id, e]));
  const found: string[] = [];
  const withOwn = records.map((r) => {
    const entry = byId.get(r.id);
    if (entry) {
      if (entry.analysis.errorMessage !== r.errorMessage) {
        problems.push({
          file: entry.file,
          line: entry.line,
          field: "analysis.errorMessage",
          reason: `differs from record ${r.id}'s errorMessage ${JSON.stringify(r.errorMessage)}`,
        });
      } else {
        found.push(r.id);
        return applied(r, entry.analysis, { kind: "record", from: r.id });
      }
    }
    return hasAnalysis(r) ? { ...r, analysis: r.analysis ?? { kind: "record" as const, from: r.id } } : r;
  });
  const foundSet = new Set(found);
  const misfits = new Set(problems.map((p) => `${p.file}:${p.line}`));
  const missing: string[] = [];
  for (const e of analyses.records) {
    const id = e.analysis.for.id;
    if (foundSet.has(id) || misfits.has(`${e.file}:${e.line}`)) continue;
    missing.push(id);
    warnings.push(`${e.file}:${e.line}: analysis for id ${id}: no loaded record has this id (the catalog lacks it)`);
  }
  const joined = joinAnalysis(withOwn);
  let carried = 0;
  const counts = new Array<number>(analyses.families.length).fill(0);
  const analysed = { record: 0, family: 0, none: 0 };
  const out = joined.map((r) => {
    if (r.analysis) {
      if (r.analysis.from !== r.id) carried++;
      analysed.record++;
      return r;
    }
    for (let i = 0; i < analyses.families.length; i++) {
      const f = analyses.families[i] as (typeof analyses.families)[number];
      if (!f.matches(r)) continue;
      counts[i] = (counts[i] ?? 0) + 1;
      analysed.family++;
      const { family, title } = f.analysis.for;
      return applied(r, f.analysis, { kind: "family", from: family, title });
    }
    analysed.none++;
    return r;
  });
  const families = analyses.families.map((f, i) => ({
    name: f.analysis.for.family,
    title: f.analysis.for.title,
    file: f.file,
    line: f.line,
    records: counts[i] ?? 0,
  }));
  for (const [i, f] of families.entries()) {
    if (f.records > 0) continue;
    const selects = analyses.families[i]?.matches;
    const any = selects ? joined.filter((r) => selects(r)).length : 0;
    warnings.push(
      any === 0
        ? `${f.file}:${f.line}: family ${f.name} matches no loaded record`
        : `${f.file}:${f.line}: family ${f.name} matches ${any} record(s), all analysed by a record analysis or an earlier family`,
    );
  }
  return {
    records: out,
    problems,
    warnings,
    coverage: { recordAnalyses: { found, missing }, carried, families, analysed },
  };
}
