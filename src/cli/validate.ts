/** `rwerror validate [PATH…]`: every problem in the data, exit 1 if any. */
import { CatalogError, formatProblem, loadCatalog } from "../catalog/index.ts";
import type { CliIo } from "../terminal/io.ts";

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
  const summary = `${result.catalog.records.length} valid record(s) in ${result.files.length} file(s), ${result.problems.length} problem(s)`;
  if (result.problems.length > 0) {
    io.err(summary);
    return 1;
  }
  io.out(summary);
  return 0;
}
