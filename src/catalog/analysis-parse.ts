/**
 * Reads `data/analysis/*.jsonl`: one `{"analysis": {…}}` a line. Every problem names file, line and
 * field (`data/analysis/x.jsonl:12: field "analysis.references": …`); a bad line is skipped, never fatal.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import type { z } from "zod";
import { compileRule, ruleProblem } from "./analysis-rule.ts";
import {
  type FamilyAnalysis,
  familyAnalysisSchema,
  type RecordAnalysis,
  recordAnalysisSchema,
} from "./analysis-schema.ts";
import { CatalogError, type CatalogProblem } from "./errors.ts";
import { BinaryFileError, type RawItem, readJsonLines } from "./lines.ts";

/** Where an analysis was written, so later checks can name the line. */
interface At {
  file: string;
  line: number;
}

export interface RecordAnalysisEntry extends At {
  analysis: RecordAnalysis;
}

export interface FamilyEntry extends At {
  analysis: FamilyAnalysis;
  matches: ReturnType<typeof compileRule>["matches"];
  priority: number;
}

export interface ParsedAnalyses {
  records: RecordAnalysisEntry[];
  /** In join order: priority (highest first), then file name, then line. */
  families: FamilyEntry[];
  problems: CatalogProblem[];
}

export const EMPTY_ANALYSES: ParsedAnalyses = { records: [], families: [], problems: [] };

/** The folder name whose `*.jsonl` files hold analyses, inside each data folder. */
export const ANALYSIS_FOLDER = "analysis";

/**
 * Analysis files of the data paths: each folder's `analysis/*.jsonl` (sorted), and a file given
 * directly when it sits in a folder named `analysis`.
 */
export function listAnalysisFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) {
      const folder = join(path, ANALYSIS_FOLDER);
      if (!existsSync(folder) || !statSync(folder).isDirectory()) continue;
      const names = readdirSync(folder)
        .filter((n) => extname(n).toLowerCase() === ".jsonl" && !n.startsWith("."))
        .sort();
      files.push(...names.map((n) => join(folder, n)));
    } else if (basename(dirname(path)) === ANALYSIS_FOLDER) {
      files.push(path);
    }
  }
  return files;
}

/** Is this dataset file one `listAnalysisFiles` takes (so the record loader leaves it alone)? */
export function isAnalysisFile(path: string): boolean {
  return basename(dirname(path)) === ANALYSIS_FOLDER && extname(path).toLowerCase() === ".jsonl";
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = "analysis";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `.${String(key)}`;
  return out;
}

function zodProblems(at: At, error: z.ZodError): CatalogProblem[] {
  return error.issues.map((issue) => ({ ...at, field: fieldPath(issue.path), reason: issue.message }));
}

const SHAPE =
  'expected {"analysis": {"for": {"id": …}, …}} or {"analysis": {"for": {"family": …, "title": …, "rule": …}, …}}';

/** Parses the analysis lines of one file into `into`; never throws on content. */
function parseAnalysisItems(file: string, items: Iterable<RawItem>, into: ParsedAnalyses): void {
  for (const item of items) {
    const at = { file, line: item.line };
    let value: unknown;
    try {
      value = JSON.parse(item.text);
    } catch (e) {
      into.problems.push({ ...at, field: "", reason: `invalid JSON: ${(e as Error).message}` });
      continue;
    }
    const body = typeof value === "object" && value !== null ? (value as { analysis?: unknown }).analysis : undefined;
    const keys = typeof value === "object" && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
    if (typeof body !== "object" || body === null || Array.isArray(body) || keys.length !== 1) {
      into.problems.push({ ...at, field: "", reason: SHAPE });
      continue;
    }
    const target = (body as { for?: unknown }).for;
    const isFamily = typeof target === "object" && target !== null && "family" in target;
    const isRecord = typeof target === "object" && target !== null && "id" in target;
    if (!isFamily && !isRecord) {
      into.problems.push({
        ...at,
        field: "analysis.for",
        reason: 'expected {"id": …} or {"family": …, "title": …, "rule": …}',
      });
      continue;
    }
    if (isRecord) {
      const parsed = recordAnalysisSchema.safeParse(body);
      if (parsed.success) into.records.push({ ...at, analysis: parsed.data });
      else into.problems.push(...zodProblems(at, parsed.error));
      continue;
    }
    const parsed = familyAnalysisSchema.safeParse(body);
    if (!parsed.success) {
      into.problems.push(...zodProblems(at, parsed.error));
      continue;
    }
    const bad = ruleProblem(parsed.data.for.rule);
    if (bad) {
      into.problems.push({ ...at, field: `analysis.${bad.field}`, reason: bad.reason });
      continue;
    }
    into.families.push({
      ...at,
      analysis: parsed.data,
      matches: compileRule(parsed.data.for.rule).matches,
      priority: parsed.data.for.priority ?? 0,
    });
  }
}

/**
 * Reads analysis files. The same id analysed twice, or the same family name twice (in any files),
 * is a problem on the later line, which is skipped: the first one stays.
 */
export function parseAnalysisFiles(files: readonly string[]): ParsedAnalyses {
  const out: ParsedAnalyses = { records: [], families: [], problems: [] };
  for (const file of files) {
    try {
      parseAnalysisItems(file, readJsonLines(file), out);
    } catch (e) {
      if (e instanceof BinaryFileError)
        out.problems.push({ file, line: 1, field: "", reason: "binary file, not JSON" });
      else throw new CatalogError(`cannot read ${file}: ${(e as Error).message}`);
    }
  }
  return dedupe(out);
}

function byFileName(a: At, b: At): number {
  const [x, y] = [basename(a.file), basename(b.file)];
  if (x !== y) return x < y ? -1 : 1;
  return a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
}

function dedupe(parsed: ParsedAnalyses): ParsedAnalyses {
  const problems = [...parsed.problems];
  const firstOf = <E extends At>(entries: readonly E[], key: (e: E) => string, what: string): E[] => {
    const seen = new Map<string, E>();
    const kept: E[] = [];
    for (const e of entries) {
      const k = key(e);
      const earlier = seen.get(k);
      if (earlier) {
        problems.push({
          file: e.file,
          line: e.line,
          field: what === "id" ? "analysis.for.id" : "analysis.for.family",
          reason: `${what} ${k} is already analysed at ${earlier.file}:${earlier.line}`,
        });
        continue;
      }
      seen.set(k, e);
      kept.push(e);
    }
    return kept;
  };
  const records = firstOf(parsed.records, (e) => e.analysis.for.id, "id");
  const families = firstOf(parsed.families, (e) => e.analysis.for.family, "family").sort(
    (a, b) => b.priority - a.priority || byFileName(a, b) || a.line - b.line,
  );
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { records, families, problems };
}
