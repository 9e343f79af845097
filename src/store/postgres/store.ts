import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import type { Migration } from "../migrate.ts";
import { type OccurrenceRow, occurrenceRow, safeLocation } from "../occurrence-row.ts";
import type {
  DigestRow,
  FeedbackTally,
  ReplyClaim,
  ReplyClaimRequest,
  ReplyKey,
  Store,
  StoredOccurrence,
  StoredVote,
} from "../types.ts";
import { migratePostgres, postgresSchemaVersion } from "./migrate.ts";
import { columnsOf, createOccurrenceWriter, IMPORT_OCCURRENCES } from "./occurrence-writer.ts";
import { createPool, type PostgresPoolOptions } from "./pool.ts";
import { postgresUnmatchedExamples, scanPostgresPeriod } from "./reports.ts";
import { postgresTeamStore } from "./team.ts";

export interface PostgresStoreOptions extends PostgresPoolOptions {
  now?: () => number;
  migrations?: readonly Migration[];
}

const DIGEST_COLUMNS = `period_key AS "periodKey", claim_token AS "claimToken", claimed_at AS "claimedAt",
  posted_at AS "postedAt", channel, message_ts AS "messageTs", covers_from AS "coversFrom", covers_to AS "coversTo"`;

const IMPORT_BATCH = 5_000;

/** One call of rwerror_claim_reply (migrations/postgres/003): the decision under the channel's lock. */
async function claimReplyOnce(
  pool: Pool,
  key: ReplyKey,
  { repeatSince, cap }: ReplyClaimRequest,
  at: number,
): Promise<ReplyClaim> {
  const r = await pool.query<{
    kind: string;
    cards: number | null;
    repeat_thread: string | null;
    repeat_reply: string | null;
  }>("SELECT * FROM rwerror_claim_reply($1, $2, $3, $4, $5, $6, $7)", [
    key.channelId,
    key.threadTs,
    key.recordId,
    // NULL matches no earlier card and caps nothing (rwerror_claim_reply compares with them).
    repeatSince === undefined ? null : Math.floor(repeatSince),
    cap ? Math.floor(cap.cardsSince) : null,
    cap ? cap.maxCards : null,
    at,
  ]);
  const row = r.rows[0];
  switch (row?.kind) {
    case "already-replied":
      return { kind: "already-replied" };
    case "card-cap":
      return { kind: "card-cap", cards: row.cards ?? cap?.maxCards ?? 0 };
    case "pointer":
      return { kind: "pointer", repeat: { threadTs: row.repeat_thread ?? "", replyTs: row.repeat_reply } };
    case "card":
      return { kind: "card" };
    default:
      throw new Error(`rwerror_claim_reply answered ${JSON.stringify(row)}`);
  }
}

export async function openPostgresStore(
  url: string,
  { now = Date.now, migrations, ...poolOptions }: PostgresStoreOptions = {},
): Promise<Store> {
  const pool = await createPool(url, poolOptions);
  try {
    await migratePostgres(pool, migrations);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  let closed = false;
  // The hot path of a burst (event claims, occurrence rows) commits without waiting for the WAL
  // flush: a crash of the PostgreSQL server may forget its last fraction of a second (never
  // corrupting anything; at worst an event is answered again or an occurrence goes uncounted), and
  // a burst is not paced by fsync. Votes, digests and retention keep the main pool's full durability.
  const fastPool = await createPool(url, {
    ...poolOptions,
    max: Math.max(2, Math.ceil((poolOptions.max ?? 10) / 2)),
    settings: { synchronous_commit: "off" },
  });
  const logOccurrence = createOccurrenceWriter(fastPool);
  const exec = async (sql: string, params: unknown[] = []) => {
    await pool.query(sql, params);
  };

  return {
    kind: "postgres",
    location: safeLocation(url),
    now,

    claimEvent: async (eventId, { staleMs = 60_000 } = {}) => {
      const at = now();
      const r = await fastPool.query(
        `INSERT INTO seen_events (event_id, seen_at) VALUES ($1, $2)
         ON CONFLICT (event_id) DO UPDATE SET seen_at = excluded.seen_at
         WHERE seen_events.handled_at IS NULL AND seen_events.seen_at < $3`,
        [eventId, at, at - staleMs],
      );
      return r.rowCount === 1;
    },
    completeEvent: (eventId) => exec("UPDATE seen_events SET handled_at = $1 WHERE event_id = $2", [now(), eventId]),
    releaseEvent: (eventId) => exec("DELETE FROM seen_events WHERE event_id = $1 AND handled_at IS NULL", [eventId]),

    claimReply: (key, request) => claimReplyOnce(fastPool, key, request, now()),
    setReplyTs: (key, replyTs) =>
      exec("UPDATE replies SET reply_ts = $1 WHERE channel_id = $2 AND thread_ts = $3 AND record_id = $4", [
        replyTs,
        key.channelId,
        key.threadTs,
        key.recordId,
      ]),
    releaseReply: (key) =>
      exec("DELETE FROM replies WHERE channel_id = $1 AND thread_ts = $2 AND record_id = $3 AND reply_ts IS NULL", [
        key.channelId,
        key.threadTs,
        key.recordId,
      ]),
    countFullCardsSince: async (channelId, since) =>
      (
        await pool.query<{ n: number }>(
          "SELECT count(*) AS n FROM replies WHERE channel_id = $1 AND full_card AND created_at >= $2",
          [channelId, since],
        )
      ).rows[0]?.n ?? 0,

    recordOccurrence: async (input) => logOccurrence(occurrenceRow(input, now())),
    importOccurrences: async (inputs) => {
      let added = 0;
      let rows: OccurrenceRow[] = [];
      const flush = async () => {
        const r = await pool.query(IMPORT_OCCURRENCES, columnsOf(rows));
        added += r.rowCount ?? 0;
        rows = [];
      };
      for (const input of inputs) {
        rows.push(occurrenceRow(input, now()));
        if (rows.length === IMPORT_BATCH) await flush();
      }
      if (rows.length > 0) await flush();
      return added;
    },
    listOccurrences: async ({ limit = 50 } = {}) =>
      (
        await pool.query<StoredOccurrence>(
          `SELECT id, record_id AS "recordId", source, channel_id AS "channelId", message_ts AS "messageTs", excerpt,
            fingerprint, template, confidence, match_kind AS "matchKind", occurred_at AS "occurredAt" FROM occurrences ORDER BY occurred_at DESC, id DESC LIMIT $1`,
          [limit],
        )
      ).rows,
    countOccurrences: async ({ from, to }) =>
      (
        await pool.query<{ n: number }>(
          "SELECT count(*) AS n FROM occurrences WHERE occurred_at >= $1 AND occurred_at < $2",
          [Math.ceil(from), Math.ceil(to)],
        )
      ).rows[0]?.n ?? 0,
    anyOccurrenceBefore: async (at) =>
      ((await pool.query("SELECT 1 FROM occurrences WHERE occurred_at < $1 LIMIT 1", [Math.ceil(at)])).rowCount ?? 0) >
      0,
    scanPeriod: ({ from, to, edges = [] }) => scanPostgresPeriod(pool, Math.ceil(from), Math.ceil(to), edges),
    firstSeen: async (keys) => {
      if (keys.length === 0) return new Map();
      const r = await pool.query<{ k: string; at: number }>(
        "SELECT group_key AS k, first_at AS at FROM first_seen WHERE group_key = ANY($1::text[])",
        [keys],
      );
      return new Map(r.rows.map((row) => [row.k, row.at]));
    },
    unmatchedExamples: (fingerprints, { from, to }) =>
      postgresUnmatchedExamples(pool, fingerprints, Math.ceil(from), Math.ceil(to)),

    recordFeedback: (input) =>
      exec(
        `INSERT INTO feedback (record_id, helpful, user_id, team_id, channel_id, message_ts, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (record_id, user_id, coalesce(channel_id, ''), coalesce(message_ts, ''))
         DO UPDATE SET helpful = excluded.helpful, created_at = excluded.created_at`,
        [
          input.recordId,
          input.helpful,
          input.userId,
          input.teamId ?? null,
          input.channelId ?? null,
          input.messageTs ?? null,
          input.at ?? now(),
        ],
      ),
    listFeedback: async ({ limit = 100 } = {}) =>
      (
        await pool.query<StoredVote>(
          `SELECT record_id AS "recordId", helpful, user_id AS "userId", channel_id AS "channelId",
             message_ts AS "messageTs", created_at AS "createdAt" FROM feedback ORDER BY id LIMIT $1`,
          [limit],
        )
      ).rows,
    notHelpfulRecords: async ({ from, to, limit = 10 }) =>
      (
        await pool.query<FeedbackTally>(
          `SELECT record_id AS "recordId", count(*) FILTER (WHERE helpful) AS helpful,
             count(*) FILTER (WHERE NOT helpful) AS "notHelpful"
           FROM feedback WHERE created_at >= $1 AND created_at < $2
           GROUP BY record_id HAVING count(*) FILTER (WHERE NOT helpful) > 0
           ORDER BY "notHelpful" DESC, helpful ASC, record_id LIMIT $3`,
          [from, to, limit],
        )
      ).rows,

    claimDigest: async (periodKey, cover, { staleMs = 15 * 60_000 } = {}) => {
      const token = randomUUID();
      const at = now();
      // One statement: a fresh claim, or the takeover of a stale unposted one; never both callers.
      const r = await pool.query(
        `INSERT INTO digests (period_key, claim_token, claimed_at, channel, covers_from, covers_to)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (period_key) DO UPDATE SET claim_token = excluded.claim_token, claimed_at = excluded.claimed_at,
           channel = excluded.channel, covers_from = excluded.covers_from, covers_to = excluded.covers_to
         WHERE digests.posted_at IS NULL AND digests.claimed_at < $7`,
        [periodKey, token, at, cover.channel ?? null, cover.from, cover.to, at - staleMs],
      );
      return r.rowCount === 1 ? { periodKey, token } : undefined;
    },
    markDigestPosted: (claim, posted) =>
      exec(
        "UPDATE digests SET posted_at = $1, channel = $2, message_ts = $3 WHERE period_key = $4 AND claim_token = $5",
        [now(), posted.channel, posted.messageTs ?? null, claim.periodKey, claim.token],
      ),
    releaseDigest: (claim) =>
      exec("DELETE FROM digests WHERE period_key = $1 AND claim_token = $2 AND posted_at IS NULL", [
        claim.periodKey,
        claim.token,
      ]),
    getDigest: async (periodKey) =>
      (await pool.query<DigestRow>(`SELECT ${DIGEST_COLUMNS} FROM digests WHERE period_key = $1`, [periodKey])).rows[0],

    ...postgresTeamStore(pool, now),

    // Plain range deletes: a replica running the same prune at once waits on the rows, then finds them gone.
    prune: async ({ occurrencesBefore, eventsBefore, repliesBefore }) => {
      const occurrences = await pool.query("DELETE FROM occurrences WHERE occurred_at < $1", [
        Math.floor(occurrencesBefore),
      ]);
      const events = await pool.query("DELETE FROM seen_events WHERE seen_at < $1", [eventsBefore]);
      const replies = await pool.query("DELETE FROM replies WHERE created_at < $1", [repliesBefore]);
      return { occurrences: occurrences.rowCount ?? 0, events: events.rowCount ?? 0, replies: replies.rowCount ?? 0 };
    },

    health: async () => {
      try {
        const r = await pool.query<{ ro: string }>("SELECT current_setting('transaction_read_only') AS ro");
        return r.rows[0]?.ro === "on"
          ? { kind: "postgres", ok: false, error: "PostgreSQL is read-only (a standby?)" }
          : { kind: "postgres", ok: true };
      } catch (error) {
        return { kind: "postgres", ok: false, error: (error as Error).message };
      }
    },
    schemaVersion: () => postgresSchemaVersion(pool),
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), fastPool.end()]);
    },
  };
}
