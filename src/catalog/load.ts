import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import type { AnalysisCoverage } from "./analysis-join.ts";
import { isAnalysisFile, listAnalysisFiles, parseAnalysisFiles } from "./analysis-parse.ts";
import { type Catalog, joinCatalog } from "./catalog.ts";
import { CatalogError, type CatalogProblem } from "./errors.ts";
import { readHead, readJsonLines } from "./lines.ts";
import { firstLineIsJson, type ParsedEntry, parseDataset, parseItems } from "./parse.ts";

/** Files in a data folder that hold records; anything else there (the SQLite file) is skipped. */
const DATASET_EXTENSIONS = new Set([".jsonl", ".ndjson", ".json", ".txt"]);

export interface LoadResult {
  catalog: Catalog;
  /** Lines that were skipped, each naming file, line, field and reason. */
  problems: CatalogProblem[];
  /** Non-fatal notes: duplicate ids replaced by a later file, analyses whose record is not loaded. */
  warnings: string[];
  files: string[];
  /** The analysis files read (each data folder's `analysis/*.jsonl`). */
  analysisFiles: string[];
  /** What the analysis join did. */
  analysis: AnalysisCoverage;
}

/** Expands paths (files or folders, one level deep, sorted) into dataset files. */
export function listDatasetFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      throw new CatalogError(`data path not found: ${path}`);
    }
    if (stat.isDirectory()) {
      const names = readdirSync(path)
        .filter((n) => DATASET_EXTENSIONS.has(extname(n).toLowerCase()) && !n.startsWith("."))
        .sort();
      files.push(...names.map((n) => join(path, n)));
    } else if (!isAnalysisFile(path)) {
      files.push(path);
    }
  }
  return files;
}

/** JSON Lines stream from disk in chunks; an array or a pretty-printed document is read whole. */
function parseFile(file: string): ReturnType<typeof parseItems> {
  const head = readHead(file).trimStart();
  const jsonLines = !head.startsWith("[") && (!head.startsWith("{") || firstLineIsJson(head));
  return jsonLines ? parseItems(file, readJsonLines(file)) : parseDataset(file, readFileSync(file, "utf8"));
}

/**
 * Reads every record from the given files or folders, and the analyses of each folder's `analysis/`
 * (joined at load). Bad lines are reported, never fatal; a duplicate id is replaced by the later
 * file's record, with a warning.
 */
export function loadCatalog(paths: readonly string[]): LoadResult {
  const files = listDatasetFiles(paths);
  const problems: CatalogProblem[] = [];
  const warnings: string[] = [];
  const byId = new Map<string, ParsedEntry>();
  for (const file of files) {
    let parsed: ReturnType<typeof parseItems>;
    try {
      parsed = parseFile(file);
    } catch (e) {
      throw new CatalogError(`cannot read ${file}: ${(e as Error).message}`);
    }
    problems.push(...parsed.problems);
    for (const entry of parsed.entries) {
      const earlier = byId.get(entry.record.id);
      if (earlier) {
        warnings.push(
          `${entry.file}:${entry.line}: duplicate id ${entry.record.id} replaces ${earlier.file}:${earlier.line}`,
        );
        byId.delete(entry.record.id);
      }
      byId.set(entry.record.id, entry);
    }
  }
  const entries = [...byId.values()];
  const analysisFiles = listAnalysisFiles(paths);
  const analyses = parseAnalysisFiles(analysisFiles);
  const { catalog, join } = joinCatalog(entries, analyses);
  problems.push(...analyses.problems, ...join.problems);
  warnings.push(...join.warnings);
  return { catalog, problems, warnings, files, analysisFiles, analysis: join.coverage };
}
