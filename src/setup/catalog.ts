/** The catalog every command and the bot serve, loaded with its problems said once each. */
import { type Catalog, formatProblem, knowledgeLine, loadCatalog, summarizeKnowledge } from "../catalog/index.ts";
import type { Config } from "../config.ts";

/**
 * Loads the knowledge base for serving: bad lines are skipped with one warning each and a
 * count, duplicate ids are reported, and the bot starts with what is good. Callers build the
 * matcher they need (a scan wants exact matches only; reports need no matcher at all).
 */
export function loadForServing(config: Config, io: { err(text: string): void }): Catalog {
  const { catalog, problems, warnings } = loadCatalog(config.dataPaths);
  for (const p of problems) io.err(`warning: skipped ${formatProblem(p)}`);
  for (const w of warnings) io.err(`warning: ${w}`);
  if (problems.length > 0) {
    io.err(`warning: ${problems.length} problem(s) in the data; run \`rwerror validate\` for the full list`);
  }
  return catalog;
}

/** The banner's line: what the loaded knowledge base holds. */
export function knowledgeBanner(catalog: Catalog): string {
  return knowledgeLine(summarizeKnowledge(catalog));
}
