import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Database, Statement } from "better-sqlite3";
import BetterSqlite3 from "better-sqlite3";
import { type Migration, migrate, readMigrations } from "./migrate.ts";

export interface Store {
  db: Database;
  now(): number;
  /** A prepared statement, compiled once per connection (hot paths log thousands a second). */
  prepare(sql: string): Statement;
  close(): void;
}

export interface OpenStoreOptions {
  now?: () => number;
  /** How long a write waits for another process's lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** Tests point this at a folder of their own migrations. */
  migrations?: readonly Migration[];
}

/** Opens (creating file and parent folder) and migrates the SQLite store. ":memory:" works too. */
export function openStore(
  path: string,
  { now = Date.now, busyTimeoutMs = 5000, migrations = readMigrations() }: OpenStoreOptions = {},
): Store {
  if (path !== ":memory:" && !path.startsWith("file:")) mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path);
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.pragma("journal_mode = WAL");
    // In WAL mode NORMAL survives process crashes; only a power loss may drop the last commits.
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    // Reports read a week of whole rows by rowid range: map the file instead of copying pages
    // through read() calls, and keep recent weeks in the page cache between reports.
    db.pragma("mmap_size = 268435456");
    db.pragma("cache_size = -32768");
    migrate(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  const statements = new Map<string, Statement>();
  return {
    db,
    now,
    prepare: (sql) => {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        statements.set(sql, stmt);
      }
      return stmt;
    },
    close: () => {
      if (db.open) db.close();
    },
  };
}
