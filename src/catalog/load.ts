import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { AnalysisCoverage } from "./analysis-join.ts";
import { isAnalysisFile, listAnalysisFiles, parseAnalysisFiles } from "./analysis-parse.ts";
import { type Catalog, joinCatalog } from "./catalog.ts";
import { CatalogError, type CatalogProblem } from "./errors.ts";
import type { DatasetHeader } from "./header.ts";
import { isGzipFile, readGzipJsonLines, readHead, readJsonLines } from "./lines.ts";
import { firstLineIsJson, type ParsedEntry, parseDataset, parseItems } from "./parse.ts";

/** Files in a data folder that hold records; anything else there (the SQLite file) is skipped. */
const DATASET_EXTENSIONS = [".jsonl", ".ndjson", ".json", ".txt", ".jsonl.gz"];

function isDatasetName(name: string): boolean {
  const lower = name.toLowerCase();
  return !name.startsWith(".") && DATASET_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export interface LoadResult {
  catalog: Catalog;
  /** Lines that were skipped, each naming file, line, field and reason. */
  problems: CatalogProblem[];
  /** Non-fatal notes: duplicate ids replaced by a later file. */
  warnings: string[];
  /**
   * Analyses that found nothing to join: ids no loaded record has, families no record got. They say
   * what the loaded catalog lacks, not that a line is bad: `validate` lists them, serving stays quiet.
   */
  analysisWarnings: string[];
  files: string[];
  /** The header lines of built catalogs (which rwerror built them, from which revisions). */
  headers: DatasetHeader[];
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
      const names = readdirSync(path).filter(isDatasetName).sort();
      files.push(...names.map((n) => join(path, n)));
    } else if (!isAnalysisFile(path)) {
      files.push(path);
    }
  }
  return files;
}

/** JSON Lines stream from disk in chunks; an array or a pretty-printed document is read whole. */
function parseFile(file: string): ReturnType<typeof parseItems> {
  if (isGzipFile(file)) return parseItems(file, readGzipJsonLines(file));
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
  const headers: DatasetHeader[] = [];
  for (const file of files) {
    let parsed: ReturnType<typeof parseItems>;
    try {
      parsed = parseFile(file);
    } catch (e) {
      throw new CatalogError(`cannot read ${file}: ${(e as Error).message}`);
    }
    problems.push(...parsed.problems);
    if (parsed.header) headers.push(parsed.header);
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
  // The records were parsed by this load and belong to it: the join may update them in place.
  const { catalog, join } = joinCatalog(entries, analyses, { inPlace: true, builds: headers });
  problems.push(...analyses.problems, ...join.problems);
  return {
    catalog,
    problems,
    warnings,
    analysisWarnings: join.warnings,
    files,
    headers,
    analysisFiles,
    analysis: join.coverage,
  };
}
