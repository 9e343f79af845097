import { randomUUID } from "node:crypto";
import type { Database, Statement } from "better-sqlite3";
import type { Migration } from "../migrate.ts";
import { type OccurrenceRow, occurrenceRow } from "../occurrence-row.ts";
import { withRetry } from "../retry.ts";
import type { DigestRow, FeedbackTally, ReplyClaim, ReplyClaimRequest, Store, StoredVote } from "../types.ts";
import { sqliteSchemaVersion } from "./migrate.ts";
import {
  IDS_PER_MS,
  idRange,
  insertOccurrence,
  listOccurrences,
  scanSqlitePeriod,
  sqliteUnmatchedExamples,
} from "./occurrences.ts";
import { openSqliteDatabase } from "./open.ts";
import { sqliteTeamStore } from "./team.ts";

export interface SqliteStoreOptions {
  now?: () => number;
  /** How long a write keeps retrying another process's lock before it fails (asynchronously). */
  busyTimeoutMs?: number;
  /** Tests point this at their own migrations. */
  migrations?: readonly Migration[];
}

const IMPORT_BATCH = 10_000;

const DIGEST_COLUMNS = `period_key AS periodKey, claim_token AS claimToken, claimed_at AS claimedAt,
  posted_at AS postedAt, channel, message_ts AS messageTs, covers_from AS coversFrom, covers_to AS coversTo`;

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
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };
  const run = <T>(op: () => T): Promise<T> =>
    withRetry(op, isBusy, { totalMs: busyTimeoutMs, baseMs: 10, maxDelayMs: 250 });

  // Check and claim under one write lock (BEGIN IMMEDIATE): nothing can slip in between, whichever
  // process or connection asks.
  const claimReplyTx = db.transaction(
    (
      key: { channelId: string; threadTs: string; recordId: string },
      { repeatSince, cap }: ReplyClaimRequest,
    ): ReplyClaim => {
      const at = now();
      const existing = prepare("SELECT 1 FROM replies WHERE channel_id = ? AND thread_ts = ? AND record_id = ?").get(
        key.channelId,
        key.threadTs,
        key.recordId,
      );
      if (existing) return { kind: "already-replied" };
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
        "INSERT INTO replies (channel_id, thread_ts, record_id, full_card, created_at) VALUES (?, ?, ?, ?, ?)",
      ).run(key.channelId, key.threadTs, key.recordId, recent === undefined ? 1 : 0, at);
      return recent === undefined ? { kind: "card" } : { kind: "pointer", repeat: recent };
    },
  );

  const pruneTx = db.transaction((occurrencesBefore: number, eventsBefore: number, repliesBefore: number) => ({
    occurrences: prepare("DELETE FROM occurrences WHERE id < ?").run(Math.floor(occurrencesBefore) * IDS_PER_MS)
      .changes,
    events: prepare("DELETE FROM seen_events WHERE seen_at < ?").run(eventsBefore).changes,
    replies: prepare("DELETE FROM replies WHERE created_at < ?").run(repliesBefore).changes,
  }));

  return {
    kind: "sqlite",
    location: path,
    now,

    claimEvent: (eventId, { staleMs = 60_000 } = {}) =>
      run(() => {
        const at = now();
        return (
          prepare(
            `INSERT INTO seen_events (event_id, seen_at) VALUES (?, ?)
             ON CONFLICT (event_id) DO UPDATE SET seen_at = excluded.seen_at
             WHERE seen_events.handled_at IS NULL AND seen_events.seen_at < ?`,
          ).run(eventId, at, at - staleMs).changes === 1
        );
      }),
    completeEvent: (eventId) =>
      run(() => {
        prepare("UPDATE seen_events SET handled_at = ? WHERE event_id = ?").run(now(), eventId);
      }),
    releaseEvent: (eventId) =>
      run(() => {
        prepare("DELETE FROM seen_events WHERE event_id = ? AND handled_at IS NULL").run(eventId);
      }),

    claimReply: (key, request) => run(() => claimReplyTx.immediate(key, request)),
    setReplyTs: (key, replyTs) =>
      run(() => {
        prepare("UPDATE replies SET reply_ts = ? WHERE channel_id = ? AND thread_ts = ? AND record_id = ?").run(
          replyTs,
          key.channelId,
          key.threadTs,
          key.recordId,
        );
      }),
    releaseReply: (key) =>
      run(() => {
        prepare(
          "DELETE FROM replies WHERE channel_id = ? AND thread_ts = ? AND record_id = ? AND reply_ts IS NULL",
        ).run(key.channelId, key.threadTs, key.recordId);
      }),
    countFullCardsSince: (channelId, since) =>
      run(
        () =>
          (
            prepare("SELECT count(*) AS n FROM replies WHERE channel_id = ? AND full_card = 1 AND created_at >= ?").get(
              channelId,
              since,
            ) as { n: number }
          ).n,
      ),

    recordOccurrence: (input) => {
      const row = occurrenceRow(input, now());
      return run(() => insertOccurrence(prepare, row));
    },
    importOccurrences: async (inputs) => {
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
    },
    listOccurrences: async ({ limit = 50 } = {}) => listOccurrences(prepare, limit),
    countOccurrences: async ({ from, to }) =>
      (
        prepare("SELECT count(*) AS n FROM occurrences WHERE id >= ? AND id < ?").get(...idRange(from, to)) as {
          n: number;
        }
      ).n,
    anyOccurrenceBefore: async (at) =>
      prepare("SELECT 1 FROM occurrences WHERE id < ? LIMIT 1").get(idRange(at, at)[0]) !== undefined,
    scanPeriod: async ({ from, to, edges = [] }) => scanSqlitePeriod(prepare, from, to, edges),
    firstSeen: async (keys) => {
      const stmt = prepare("SELECT first_at AS at FROM first_seen WHERE group_key = ?");
      const out = new Map<string, number>();
      for (const key of keys) {
        const row = stmt.get(key) as { at: number } | undefined;
        if (row) out.set(key, row.at);
      }
      return out;
    },
    unmatchedExamples: async (fingerprints, { from, to }) => sqliteUnmatchedExamples(prepare, fingerprints, from, to),

    recordFeedback: (input) =>
      run(() => {
        prepare(
          `INSERT INTO feedback (record_id, helpful, user_id, team_id, channel_id, message_ts, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (vote_key) DO UPDATE SET helpful = excluded.helpful, created_at = excluded.created_at`,
        ).run(
          input.recordId,
          input.helpful ? 1 : 0,
          input.userId,
          input.teamId ?? null,
          input.channelId ?? null,
          input.messageTs ?? null,
          input.at ?? now(),
        );
      }),
    listFeedback: async ({ limit = 100 } = {}) =>
      (
        prepare(
          `SELECT record_id AS recordId, helpful, user_id AS userId, channel_id AS channelId, message_ts AS messageTs,
             created_at AS createdAt FROM feedback ORDER BY id LIMIT ?`,
        ).all(limit) as (Omit<StoredVote, "helpful"> & { helpful: number })[]
      ).map((v) => ({ ...v, helpful: v.helpful === 1 })),
    notHelpfulRecords: async ({ from, to, limit = 10 }) =>
      prepare(
        `SELECT record_id AS recordId, sum(helpful) AS helpful, sum(1 - helpful) AS notHelpful
         FROM feedback WHERE created_at >= ? AND created_at < ?
         GROUP BY record_id HAVING notHelpful > 0
         ORDER BY notHelpful DESC, helpful ASC, record_id LIMIT ?`,
      ).all(from, to, limit) as FeedbackTally[],

    claimDigest: (periodKey, cover, { staleMs = 15 * 60_000 } = {}) =>
      run(() => {
        const token = randomUUID();
        const at = now();
        // The INSERT on the period's primary key is atomic across connections and processes.
        const inserted = prepare(
          `INSERT OR IGNORE INTO digests (period_key, claim_token, claimed_at, channel, covers_from, covers_to)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(periodKey, token, at, cover.channel ?? null, cover.from, cover.to).changes;
        if (inserted === 1) return { periodKey, token };
        const takenOver = prepare(
          `UPDATE digests SET claim_token = ?, claimed_at = ?, channel = ?, covers_from = ?, covers_to = ?
           WHERE period_key = ? AND posted_at IS NULL AND claimed_at < ?`,
        ).run(token, at, cover.channel ?? null, cover.from, cover.to, periodKey, at - staleMs).changes;
        return takenOver === 1 ? { periodKey, token } : undefined;
      }),
    markDigestPosted: (claim, posted) =>
      run(() => {
        prepare(
          "UPDATE digests SET posted_at = ?, channel = ?, message_ts = ? WHERE period_key = ? AND claim_token = ?",
        ).run(now(), posted.channel, posted.messageTs ?? null, claim.periodKey, claim.token);
      }),
    releaseDigest: (claim) =>
      run(() => {
        prepare("DELETE FROM digests WHERE period_key = ? AND claim_token = ? AND posted_at IS NULL").run(
          claim.periodKey,
          claim.token,
        );
      }),
    getDigest: async (periodKey) =>
      prepare(`SELECT ${DIGEST_COLUMNS} FROM digests WHERE period_key = ?`).get(periodKey) as DigestRow | undefined,

    ...sqliteTeamStore({ prepare, now, run }),

    prune: ({ occurrencesBefore, eventsBefore, repliesBefore }) =>
      run(() => pruneTx.immediate(occurrencesBefore, eventsBefore, repliesBefore)),

    health: async () => {
      try {
        // A write that is rolled back: a read-only file or a lock held elsewhere shows here.
        const version = sqliteSchemaVersion(db);
        db.exec(`BEGIN IMMEDIATE; PRAGMA user_version = ${version}; ROLLBACK`);
        return { kind: "sqlite", ok: true };
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        const code = (error as { code?: unknown }).code;
        const message = (error as Error).message;
        return { kind: "sqlite", ok: false, error: typeof code === "string" ? `${code}: ${message}` : message };
      }
    },
    schemaVersion: async () => sqliteSchemaVersion(db),
    close: async () => {
      if (db.open) db.close();
    },
  };
}
