/**
 * `rwerror validate [PATH…]`: every problem in the data, exit 1 if any. Records and the analyses of
 * each folder's `analysis/` are checked together: schema, ids and messages, duplicates, family rules.
 */
import { CatalogError, formatProblem, loadCatalog } from "../catalog/index.ts";
import type { CliIo } from "./io.ts";

export function validateCommand(paths: readonly string[], io: CliIo): number {
  let result: ReturnType<typeof loadCatalog>;
  try {
    result = loadCatalog(paths);
  } catch (e) {
    if (e instanceof CatalogError) {
      io.err(`rwerror validate: ${e.message}`);
      return 1;
    }
    throw e;
  }
  for (const p of result.problems) io.out(formatProblem(p));
  for (const w of result.warnings) io.out(`warning: ${w}`);
  const { analysis } = result;
  const analyses =
    result.analysisFiles.length === 0
      ? ""
      : `; ${analysis.recordAnalyses.found.length + analysis.recordAnalyses.missing.length} record analyses ` +
        `(${analysis.recordAnalyses.missing.length} for ids not loaded) and ${analysis.families.length} families ` +
        `in ${result.analysisFiles.length} file(s): ${analysis.analysed.record} record(s) analysed, ` +
        `${analysis.analysed.family} by a family`;
  const summary = `${result.catalog.records.length} valid record(s) in ${result.files.length} file(s)${analyses}, ${result.problems.length} problem(s)`;
  if (result.problems.length > 0) {
    io.err(summary);
    return 1;
  }
  io.out(summary);
  return 0;
}
