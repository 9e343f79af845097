/** The configuration every command and the bot start from: the environment, with paths resolved. */
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, DEFAULT_DB, type LoadConfigOptions, loadConfig } from "../config.ts";
import { storeKindOf } from "../store/kind.ts";

/** The package root: the shipped data/ is found here, whatever the cwd. */
export const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

const DEFAULT_DATA = "data/";

/**
 * Relative paths from the environment are the user's (cwd); the default data folder is the
 * package's. The database is always the user's: an installed package's folder may be read-only,
 * and a reinstall would delete it (DEFAULT_DB is under the working directory).
 */
export function resolvePaths(config: Config): Config {
  const fromCwd = (p: string) => (isAbsolute(p) ? p : resolve(process.cwd(), p));
  return {
    ...config,
    dataPaths: config.dataPaths.map((p) => (p === DEFAULT_DATA ? resolve(packageRoot, p) : fromCwd(p))),
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
