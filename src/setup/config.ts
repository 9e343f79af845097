/** The configuration every command and the bot start from: the environment, with paths resolved. */
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, ConfigError, DEFAULT_DB, type LoadConfigOptions, loadConfig } from "../config.ts";
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

/**
 * Secrets that may come from a mounted file: `NAME_FILE=/run/secrets/x` means NAME is that file's
 * contents, trimmed. RWERROR_DB is one: a `postgres://` URL carries the database password.
 */
export const SECRET_FILE_VARIABLES = [
  "SLACK_BOT_TOKEN",
  "SLACK_SIGNING_SECRET",
  "SLACK_APP_TOKEN",
  "RWERROR_HEALTH_TOKEN",
  "RWERROR_DB",
] as const;

const isSet = (v: string | undefined) => v !== undefined && v.trim() !== "";

/** The environment with every `*_FILE` secret read in; both NAME and NAME_FILE set is a ConfigError. */
export function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!isSet(file)) continue;
    if (isSet(env[name])) {
      problems.push(`${name} and ${name}_FILE are both set: use one`);
      continue;
    }
    try {
      out[name] = readFileSync(file as string, "utf8").trim();
    } catch (e) {
      problems.push(`${name}_FILE cannot be read (${(e as { code?: string }).code ?? "error"})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return out;
}

export function readConfig(env: Record<string, string | undefined>, opts: LoadConfigOptions = {}): Config {
  return resolvePaths(loadConfig(withSecretFiles(env), opts));
}

export { DEFAULT_DB };
