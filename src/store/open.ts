import { storeKindOf } from "./kind.ts";
import type { Migration } from "./migrate.ts";
import type { PostgresPoolOptions } from "./postgres/pool.ts";
import { openSqliteStore } from "./sqlite/store.ts";
import type { Store } from "./types.ts";

export { storeKindOf };

export interface OpenStoreOptions {
  now?: () => number;
  /** SQLite: how long a write keeps retrying another process's lock (asynchronously) before failing. */
  busyTimeoutMs?: number;
  /** Tests point this at their own migrations (of the chosen dialect). */
  migrations?: readonly Migration[];
  /** PostgreSQL: pool size, a schema of its own, idle-client errors. */
  postgres?: PostgresPoolOptions;
}

/** Opens and migrates the store RWERROR_DB names. PostgreSQL's driver is loaded only when used. */
export async function openStore(location: string, opts: OpenStoreOptions = {}): Promise<Store> {
  const { now, busyTimeoutMs, migrations, postgres } = opts;
  if (storeKindOf(location) === "postgres") {
    const { openPostgresStore } = await import("./postgres/store.ts");
    return openPostgresStore(location.trim(), {
      ...(now ? { now } : {}),
      ...(migrations ? { migrations } : {}),
      ...postgres,
    });
  }
  return openSqliteStore(location, {
    ...(now ? { now } : {}),
    ...(busyTimeoutMs !== undefined ? { busyTimeoutMs } : {}),
    ...(migrations ? { migrations } : {}),
  });
}
