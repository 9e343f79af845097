import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Database } from "better-sqlite3";
import BetterSqlite3 from "better-sqlite3";
import { StoreOpenError } from "../errors.ts";
import type { Migration } from "../migrate.ts";
import { migrateSqlite } from "./migrate.ts";

/**
 * Opens (creating file and parent folder) and migrates a SQLite file. ":memory:" works too.
 * `busyWaitMs` is SQLite's own blocking wait for a lock once serving: it holds the event loop, so
 * the store keeps it at 0 and retries asynchronously.
 */
/**
 * WAL is persistent (set once, when the file is created). A read-only file cannot switch, and need
 * not: the bot still serves from it, and its writes fail, get retried and are counted.
 */
function setJournalMode(db: Database): void {
  try {
    db.pragma("journal_mode = WAL");
  } catch (error) {
    if (!String((error as { code?: unknown }).code ?? "").startsWith("SQLITE_READONLY")) throw error;
  }
}

export function openSqliteDatabase(
  path: string,
  { busyWaitMs, migrations }: { busyWaitMs: number; migrations?: readonly Migration[] },
): Database {
  let db: Database;
  try {
    if (path !== ":memory:" && !path.startsWith("file:")) mkdirSync(dirname(path), { recursive: true });
    db = new BetterSqlite3(path.startsWith("file:") ? path.slice("file:".length) : path);
  } catch (cause) {
    throw new StoreOpenError(
      `cannot open the SQLite database ${path}: ${(cause as Error).message} (check the folder exists and is writable, or set RWERROR_DB)`,
      { cause },
    );
  }
  try {
    // Start-up may wait for another process's migration (nothing is being served yet).
    db.pragma("busy_timeout = 5000");
    setJournalMode(db);
    // In WAL mode NORMAL survives process crashes; only a power loss may drop the last commits.
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    // Reports read a week of whole rows by rowid range: map the file instead of copying pages
    // through read() calls, and keep recent weeks in the page cache between reports.
    db.pragma("mmap_size = 268435456");
    db.pragma("cache_size = -32768");
    migrateSqlite(db, migrations);
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyWaitMs))}`);
  } catch (error) {
    db.close();
    if ((error as { name?: string }).name === "MigrationError") throw error;
    throw new StoreOpenError(`cannot use the SQLite database ${path}: ${(error as Error).message}`, { cause: error });
  }
  return db;
}
