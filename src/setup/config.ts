/** The configuration every command and the bot start from: the environment, with paths resolved. */
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, DEFAULT_DB, type LoadConfigOptions, loadConfig } from "../config.ts";
import { storeKindOf } from "../store/kind.ts";

/** The package root: the shipped data/ is found here, whatever the cwd. */
export const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

/** `data`, `data/`, `./data`, `./data/` in RWERROR_DATA: the package's own knowledge base. */
const PACKAGE_DATA = /^(?:\.\/)?data\/?$/;

/**
 * Relative paths from the environment are the user's (cwd), except the word `data`, which is
 * the package's own data folder (so `RWERROR_DATA=data,/etc/rwerror/extra.jsonl` works from any
 * working directory, in an installed package and in the Docker image). The database is always the user's: an installed package's folder may be read-only,
 * and a reinstall would delete it (DEFAULT_DB is under the working directory).
 */
export function resolvePaths(config: Config): Config {
  const fromCwd = (p: string) => (isAbsolute(p) ? p : resolve(process.cwd(), p));
  return {
    ...config,
    dataPaths: config.dataPaths.map((p) => (PACKAGE_DATA.test(p.trim()) ? resolve(packageRoot, "data") : fromCwd(p))),
    dbPath:
      config.dbPath === ":memory:" || config.dbPath.startsWith("file:") || storeKindOf(config.dbPath) === "postgres"
        ? config.dbPath
        : fromCwd(config.dbPath),
  };
}

export function readConfig(env: Record<string, string | undefined>, opts: LoadConfigOptions = {}): Config {
  return resolvePaths(loadConfig(env, opts));
}

export { DEFAULT_DB };
