/**
 * Logging on PostgreSQL: calls that arrive while an insert is running are written together in one
 * multi-row statement (one round trip and one commit for the lot), so a burst costs a few commits
 * instead of one per occurrence. A lone call goes out at once: batching adds no wait.
 */
import type { Pool } from "pg";
import type { OccurrenceRow } from "../occurrence-row.ts";

export const OCCURRENCE_COLUMNS: [keyof OccurrenceRow, string, string][] = [
  ["recordId", "record_id", "text"],
  ["source", "source", "text"],
  ["teamId", "team_id", "text"],
  ["channelId", "channel_id", "text"],
  ["userId", "user_id", "text"],
  ["messageTs", "message_ts", "text"],
  ["threadTs", "thread_ts", "text"],
  ["confidence", "confidence", "float8"],
  ["matchKind", "match_kind", "text"],
  ["excerpt", "excerpt", "text"],
  ["fingerprint", "fingerprint", "text"],
  ["template", "template", "text"],
  ["occurredAt", "occurred_at", "int8"],
];

const COLUMNS = OCCURRENCE_COLUMNS.map(([, c]) => c).join(", ");
const UNNEST = `unnest(${OCCURRENCE_COLUMNS.map(([, , t], i) => `$${i + 1}::${t}[]`).join(", ")}) AS u(${COLUMNS})`;

/** Every column as an array, unnested into rows. */
export const IMPORT_OCCURRENCES = `INSERT INTO occurrences (${COLUMNS}) SELECT * FROM ${UNNEST} ON CONFLICT DO NOTHING`;

// New rows come back from the insert; rows that were already there (a Slack retry) from one probe of
// occurrences_dedupe per input row (LATERAL: never a scan of the table), which reads the statement's
// snapshot and so never sees this statement's own rows.
const INSERT_BATCH = `WITH input AS (SELECT * FROM ${UNNEST}),
  ins AS (INSERT INTO occurrences (${COLUMNS}) SELECT * FROM input ON CONFLICT DO NOTHING
          RETURNING id, message_ts, channel_id, record_id)
  SELECT id, message_ts, channel_id, record_id, true AS inserted FROM ins
  UNION ALL
  SELECT o.id, i.message_ts, i.channel_id, i.record_id, false FROM input i
  CROSS JOIN LATERAL (SELECT id FROM occurrences o WHERE o.message_ts = i.message_ts
    AND coalesce(o.channel_id, '') = coalesce(i.channel_id, '') AND coalesce(o.record_id, '') = coalesce(i.record_id, '')
    LIMIT 1) o`;

// The expressions of occurrences_dedupe (migrations/postgres/006), so the lookup uses it.
const FIND_DUPLICATE = `SELECT id FROM occurrences WHERE message_ts = $1
  AND coalesce(channel_id, '') = coalesce($2, '') AND coalesce(record_id, '') = coalesce($3, '')`;

const INSERT_ONE = `INSERT INTO occurrences (${COLUMNS})
  VALUES (${OCCURRENCE_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`;

export type Logged = { id: number; inserted: boolean };

interface Pending {
  row: OccurrenceRow;
  resolve(result: Logged): void;
  reject(error: unknown): void;
}

// One row per message, channel and record, whichever entry point (source) logged it first.
const keyOf = (r: { messageTs: string | null; channelId: string | null; recordId: string | null }) =>
  [r.messageTs, r.channelId ?? "", r.recordId ?? ""].join("\u001f");

export function columnsOf(rows: readonly OccurrenceRow[]): unknown[][] {
  return OCCURRENCE_COLUMNS.map(([key]) => rows.map((r) => r[key]));
}

async function findDuplicate(pool: Pool, row: OccurrenceRow): Promise<number | undefined> {
  const r = await pool.query<{ id: number }>(FIND_DUPLICATE, [row.messageTs, row.channelId, row.recordId]);
  return r.rows[0]?.id;
}

async function writeBatch(pool: Pool, batch: Pending[]): Promise<void> {
  const byKey = new Map<string, Pending[]>();
  for (const p of batch) {
    const k = keyOf(p.row);
    const same = byKey.get(k);
    if (same) same.push(p);
    else byKey.set(k, [p]);
  }
  const unique = [...byKey.values()].map((ps) => (ps[0] as Pending).row);
  const r = await pool.query<{
    id: number;
    message_ts: string;
    channel_id: string | null;
    record_id: string | null;
    inserted: boolean;
  }>(INSERT_BATCH, columnsOf(unique));
  const found = new Map<string, Logged>();
  for (const row of r.rows) {
    found.set(keyOf({ messageTs: row.message_ts, channelId: row.channel_id, recordId: row.record_id }), {
      id: row.id,
      inserted: row.inserted,
    });
  }
  for (const [k, callers] of byKey) {
    let result = found.get(k);
    if (!result) {
      // Committed by another process after this statement's snapshot: it is there now.
      const id = await findDuplicate(pool, (callers[0] as Pending).row);
      if (id === undefined) {
        for (const c of callers) c.reject(new Error("occurrence not stored: a conflicting row vanished (pruned?)"));
        continue;
      }
      result = { id, inserted: false };
    }
    const first = result;
    for (const [i, c] of callers.entries()) c.resolve(i === 0 ? first : { id: first.id, inserted: false });
  }
}

export function createOccurrenceWriter(pool: Pool, { maxBatch = 500, parallel = 4 } = {}) {
  const queue: Pending[] = [];
  let running = 0;

  const pump = () => {
    while (running < parallel && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      running++;
      writeBatch(pool, batch)
        .catch((error: unknown) => {
          for (const p of batch) p.reject(error);
        })
        .finally(() => {
          running--;
          pump();
        });
    }
  };

  return async function record(row: OccurrenceRow): Promise<Logged> {
    // Without a message ts there is nothing to deduplicate on: every call is a row of its own.
    if (row.messageTs === null) {
      const r = await pool.query<{ id: number }>(
        INSERT_ONE,
        columnsOf([row]).map((c) => c[0]),
      );
      return { id: (r.rows[0] as { id: number }).id, inserted: true };
    }
    return new Promise<Logged>((resolve, reject) => {
      queue.push({ row, resolve, reject });
      pump();
    });
  };
}
