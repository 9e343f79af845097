import pg from "pg";
import { StoreOpenError } from "../errors.ts";
import { safeLocation } from "../occurrence-row.ts";

export interface PostgresPoolOptions {
  /** Connections per process. */
  max?: number;
  /** Server settings for every connection of this pool (`-c name=value`). */
  settings?: Record<string, string>;
  /** A schema of its own (tests); created when missing, and the search path of every connection. */
  schema?: string;
  /** Idle clients can fail (the server restarted): reported here instead of crashing the process. */
  onError?: (error: Error) => void;
}

// int8 (count(*), ids, ms timestamps) as numbers: every value the store keeps is below 2^53.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

function ignoreDuplicate(error: unknown): void {
  const code = (error as { code?: unknown }).code;
  if (code !== "23505" && code !== "42P06") throw error;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createPool(
  url: string,
  { max = 10, schema, onError, settings = {} }: PostgresPoolOptions = {},
): Promise<pg.Pool> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new StoreOpenError(`bad schema name "${schema}"`);
  const options = Object.entries({ ...(schema ? { search_path: schema } : {}), ...settings })
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(" ");
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    // An unreachable database fails a call within seconds; the store's callers retry with backoff.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
    ...(options ? { options } : {}),
  });
  pool.on("error", (error) => onError?.(error));
  try {
    // IF NOT EXISTS still races another process creating it: that one's duplicate is as good.
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).catch(ignoreDuplicate);
    else await pool.query("SELECT 1");
  } catch (cause) {
    await pool.end().catch(() => undefined);
    throw new StoreOpenError(`cannot reach PostgreSQL at ${safeLocation(url)}: ${(cause as Error).message}`, { cause });
  }
  return pool;
}
