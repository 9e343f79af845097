/** What every command needs: the config and the loaded catalog. */
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Catalog, formatProblem, loadCatalog } from "../catalog/index.ts";
import { type Config, loadConfig } from "../config.ts";
import { storeKindOf } from "../store/kind.ts";
import type { CliIo } from "./io.ts";

/** The package root: default paths (data/, the SQLite file) are found here, whatever the cwd. */
export const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

const DEFAULT_DATA = "data/";
const DEFAULT_DB = "data/rwerror.sqlite";

/** Relative paths from the environment are the user's (cwd); the defaults are the package's. */
export function resolvePaths(config: Config): Config {
  const fix = (p: string, fallback: string) =>
    isAbsolute(p) ? p : resolve(p === fallback ? packageRoot : process.cwd(), p);
  return {
    ...config,
    dataPaths: config.dataPaths.map((p) => fix(p, DEFAULT_DATA)),
    dbPath:
      config.dbPath === ":memory:" || storeKindOf(config.dbPath) === "postgres"
        ? config.dbPath
        : fix(config.dbPath, DEFAULT_DB),
  };
}

export function readConfig(env: Record<string, string | undefined>): Config {
  return resolvePaths(loadConfig(env));
}

/**
 * Loads the knowledge base for serving: bad lines are skipped with one warning each and a
 * count, duplicate ids are reported, and the bot starts with what is good. Callers build the
 * matcher they need (a scan wants exact matches only; reports need no matcher at all).
 */
export function loadForServing(config: Config, io: Pick<CliIo, "err">): Catalog {
  const { catalog, problems, warnings } = loadCatalog(config.dataPaths);
  for (const p of problems) io.err(`warning: skipped ${formatProblem(p)}`);
  for (const w of warnings) io.err(`warning: ${w}`);
  if (problems.length > 0) {
    io.err(`warning: ${problems.length} problem(s) in the data; run \`rwerror validate\` for the full list`);
  }
  return catalog;
}
