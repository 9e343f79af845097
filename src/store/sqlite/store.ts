import { statSync } from "node:fs";
import type { Database, Statement } from "better-sqlite3";
import { type CompiledQuery, Kysely, type QueryResult, type SqlBool, SqliteDialect, sql } from "kysely";
import type { Migration } from "../migrate.ts";
import { type OccurrenceRow, occurrenceRow } from "../occurrence-row.ts";
import type { Dialect } from "../query/context.ts";
import { executeWith } from "../query/prepared.ts";
import type { Schema } from "../query/schema.ts";
import { queryStore } from "../query/store.ts";
import { withRetry } from "../retry.ts";
import type { OccurrenceInput, ReplyClaim, ReplyClaimRequest, Store, StoreHealth } from "../types.ts";
import { sqliteSchemaVersion } from "./migrate.ts";
import { IDS_PER_MS, insertOccurrence, scanSqlitePeriod, sqliteUnmatchedExamples } from "./occurrences.ts";
import { openSqliteDatabase } from "./open.ts";

export interface SqliteStoreOptions {
  now?: () => number;
  /** How long a write keeps retrying another process's lock before it fails (asynchronously). */
  busyTimeoutMs?: number;
  /** Tests point this at their own migrations. */
  migrations?: readonly Migration[];
}

const IMPORT_BATCH = 10_000;

/** SQLITE_BUSY / SQLITE_LOCKED: another connection holds the lock; worth waiting for. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

export function openSqliteStore(
  path: string,
  { now = Date.now, busyTimeoutMs = 5000, migrations }: SqliteStoreOptions = {},
): Store {
  // SQLite's own busy wait blocks the event loop (and every ack with it): none at all, the store
  // retries a busy database asynchronously instead.
  const db: Database = openSqliteDatabase(path, {
    busyWaitMs: 0,
    ...(migrations ? { migrations } : {}),
  });
  const opened = fileIdentity(path);
  // Prepared once per SQL text, for the hand-written statements and the query layer alike.
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };
  // A commit that fails on a full disk or an I/O error can leave SQLite's transaction open: every later
  // write would then join it and never be committed. Roll it back so the next write starts clean.
  const clean =
    <T>(op: () => T | Promise<T>) =>
    async (): Promise<T> => {
      try {
        return await op();
      } catch (error) {
        if (db.open && db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    };
  const run = <T>(op: () => T | Promise<T>): Promise<T> =>
    withRetry(clean(op), isBusy, { totalMs: busyTimeoutMs, baseMs: 10, maxDelayMs: 250 });

  // Check and claim under one write lock (BEGIN IMMEDIATE): nothing can slip in between, whichever
  // process or connection asks.
  const claimReplyTx = db.transaction(
    (
      key: { channelId: string; threadTs: string; recordId: string },
      { repeatSince, cap, claimKey }: ReplyClaimRequest,
    ): ReplyClaim => {
      const at = now();
      const existing = prepare(
        "SELECT claim_key AS claimKey, full_card AS fullCard FROM replies WHERE channel_id = ? AND thread_ts = ? AND record_id = ?",
      ).get(key.channelId, key.threadTs, key.recordId) as { claimKey: string | null; fullCard: number } | undefined;
      if (existing) {
        // The same event answered again (a takeover): its own claim stands, whatever came since.
        if (claimKey === undefined || existing.claimKey !== claimKey) return { kind: "already-replied" };
        if (existing.fullCard) return { kind: "card" };
        const card = prepare(
          `SELECT thread_ts AS threadTs, reply_ts AS replyTs FROM replies
           WHERE channel_id = ? AND record_id = ? AND full_card = 1 AND thread_ts <> ?
           ORDER BY created_at DESC, id DESC LIMIT 1`,
        ).get(key.channelId, key.recordId, key.threadTs) as { threadTs: string; replyTs: string | null } | undefined;
        return { kind: "pointer", repeat: card ?? { threadTs: key.threadTs, replyTs: null } };
      }
      const recent =
        repeatSince === undefined
          ? undefined
          : (prepare(
              `SELECT thread_ts AS threadTs, reply_ts AS replyTs FROM replies
               WHERE channel_id = ? AND record_id = ? AND created_at >= ? AND full_card = 1
               ORDER BY created_at DESC, id DESC LIMIT 1`,
            ).get(key.channelId, key.recordId, repeatSince) as
              | { threadTs: string; replyTs: string | null }
              | undefined);
      // The thread itself has no claim (checked above), so a recent card is always another thread's.
      if (recent === undefined && cap) {
        const { n } = prepare(
          "SELECT count(*) AS n FROM replies WHERE channel_id = ? AND full_card = 1 AND created_at >= ?",
        ).get(key.channelId, cap.cardsSince) as { n: number };
        if (n >= cap.maxCards) return { kind: "card-cap", cards: n };
      }
      prepare(
        "INSERT INTO replies (channel_id, thread_ts, record_id, full_card, created_at, claim_key) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(key.channelId, key.threadTs, key.recordId, recent === undefined ? 1 : 0, at, claimKey ?? null);
      return recent === undefined ? { kind: "card" } : { kind: "pointer", repeat: recent };
    },
  );

  // Kysely builds and compiles the shared queries; they run here, on this handle, like the hand-written ones.
  const kysely = executeWith(
    new Kysely<Schema>({ dialect: new SqliteDialect({ database: { prepare, close: () => db.close() } }) }),
    async <R>(compiled: CompiledQuery<R>): Promise<QueryResult<R>> => {
      const stmt = prepare(compiled.sql);
      if (stmt.reader) return { rows: stmt.all(compiled.parameters) as R[] };
      return { rows: [], numAffectedRows: BigInt(stmt.run(compiled.parameters).changes) };
    },
  );
  const dialect: Dialect = {
    run,
    // Rows are stored in time order: a time range is a rowid range.
    timeColumn: "id",
    timeKey: (ms) => ms * IDS_PER_MS,
    inList: (column, list) => sql<SqlBool>`${column} in (select value from json_each(${list}))`,
    listValue: (values) => JSON.stringify(values),
    newestFirst: ["id"],
    voteConflict: "vote_key",
  };

  return queryStore(
    { db: kysely, fast: kysely, now, dialect },
    {
      kind: "sqlite",
      location: path,
      claimReply: (key, request) => run(() => claimReplyTx.immediate(key, request)),
      recordOccurrence: (input) => {
        const row = occurrenceRow(input, now());
        return run(() => insertOccurrence(prepare, row));
      },
      importOccurrences: (inputs) => importRows(inputs),
      scanPeriod: async ({ from, to, edges = [] }) => scanSqlitePeriod(prepare, from, to, edges),
      unmatchedExamples: async (fingerprints, { from, to }) => sqliteUnmatchedExamples(prepare, fingerprints, from, to),
      health: async () => probe(db, path, opened),
      schemaVersion: async () => sqliteSchemaVersion(db),
      close: async () => {
        if (db.open) db.close();
      },
    },
  );

  /** One IMMEDIATE transaction per batch, each row deduplicated like recordOccurrence. */
  async function importRows(inputs: Iterable<OccurrenceInput>): Promise<number> {
    let added = 0;
    const batch = db.transaction((rows: OccurrenceRow[]) => {
      for (const row of rows) if (insertOccurrence(prepare, row).inserted) added++;
    });
    let rows: OccurrenceRow[] = [];
    for (const input of inputs) {
      rows.push(occurrenceRow(input, now()));
      if (rows.length === IMPORT_BATCH) {
        const full = rows;
        await run(() => batch.immediate(full));
        rows = [];
      }
    }
    if (rows.length > 0) await run(() => batch.immediate(rows));
    return added;
  }
}

/** The file the store opened, to notice it deleted or replaced under the running bot. */
function fileIdentity(path: string): { dev: number; ino: number } | undefined {
  if (path === ":memory:" || path === "") return undefined;
  try {
    const { dev, ino } = statSync(path.startsWith("file:") ? path.slice("file:".length) : path);
    return { dev, ino };
  } catch {
    return undefined;
  }
}

/**
 * A real committed write (the header page, its value unchanged): a full disk, an I/O error, a read-only
 * file or a lock held elsewhere shows here. Then the path must still name the file that is open: a file
 * deleted or replaced under the bot would swallow every write and vanish at exit.
 */
function probe(db: Database, path: string, opened: { dev: number; ino: number } | undefined): StoreHealth {
  try {
    const version = sqliteSchemaVersion(db);
    try {
      db.exec(`PRAGMA user_version = ${version}`);
    } finally {
      if (db.inTransaction) db.exec("ROLLBACK");
    }
    if (opened) {
      const now = fileIdentity(path);
      if (!now) return { kind: "sqlite", ok: false, error: `the database file ${path} was deleted while open` };
      if (now.dev !== opened.dev || now.ino !== opened.ino) {
        return { kind: "sqlite", ok: false, error: `the database file ${path} was replaced while open` };
      }
    }
    return { kind: "sqlite", ok: true };
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    const code = (error as { code?: unknown }).code;
    const message = (error as Error).message;
    return { kind: "sqlite", ok: false, error: typeof code === "string" ? `${code}: ${message}` : message };
  }
}
