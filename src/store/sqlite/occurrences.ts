import type { Statement } from "better-sqlite3";
import { bucketOf, type OccurrenceRow } from "../occurrence-row.ts";
import type { PeriodGroup, PeriodScan, UnmatchedExample } from "../types.ts";

type Prepare = (sql: string) => Statement;

/**
 * Rows of one millisecond share an id block of this size, so ids sort like occurred_at and a
 * period is one rowid range. A 1025th row in one millisecond spills into the next block (counted a
 * millisecond late); only when that slot is taken too is the insert refused.
 */
export const IDS_PER_MS = 1024;

// The id is the next free slot of the occurrence's millisecond, found in the same statement, so
// two processes cannot pick the same one: SQLite serialises writers, and the statement is one write.
const INSERT = `INSERT INTO occurrences
  (id, record_id, source, team_id, channel_id, user_id, message_ts, thread_ts, confidence, match_kind,
   excerpt, fingerprint, template, occurred_at)
  VALUES (
   (SELECT coalesce(max(id) + 1, @occurredAt * ${IDS_PER_MS}) FROM occurrences
     WHERE id >= @occurredAt * ${IDS_PER_MS} AND id < (@occurredAt + 1) * ${IDS_PER_MS}),
   @recordId, @source, @teamId, @channelId, @userId, @messageTs, @threadTs, @confidence, @matchKind,
   @excerpt, @fingerprint, @template, @occurredAt)
  ON CONFLICT DO NOTHING
  RETURNING id`;

// Matches the expressions of the unique index (migrations/sqlite/006), so the lookup uses it.
const FIND_DUPLICATE = `SELECT id FROM occurrences WHERE message_ts = @messageTs
  AND coalesce(channel_id, '') = coalesce(@channelId, '') AND coalesce(record_id, '') = coalesce(@recordId, '')
  AND message_ts IS NOT NULL`;

export function insertOccurrence(prepare: Prepare, row: OccurrenceRow): { id: number; inserted: boolean } {
  // all(), not get(): get() stops at the RETURNING row, and the commit that follows (which a full disk
  // or an I/O error fails) is then reported by nobody. all() runs the statement to its end.
  const inserted = (prepare(INSERT).all(row) as { id: number }[])[0];
  if (inserted) return { id: inserted.id, inserted: true };
  const existing = prepare(FIND_DUPLICATE).get(row) as { id: number } | undefined;
  // Only a full id block collides without a duplicate.
  if (!existing) {
    throw new RangeError(
      `occurrence not stored: more than ${IDS_PER_MS} occurrences logged in the same millisecond (${row.occurredAt})`,
    );
  }
  return { id: existing.id, inserted: false };
}

/** The rowid range of [from, to): rows are stored in time order. */
export function idRange(from: number, to: number): [number, number] {
  return [Math.ceil(from) * IDS_PER_MS, Math.ceil(to) * IDS_PER_MS];
}

interface Group extends Omit<PeriodGroup, "channels"> {
  channelSet: Set<string>;
}

/**
 * One read of the period: a single rowid range of the time-ordered table, grouped in JS
 * (cheaper than SQLite's temp B-trees for GROUP BY + count(DISTINCT); see bench/store.ts).
 * Streamed, not collected: a year-long report must not hold a million rows in memory.
 */
export function scanSqlitePeriod(prepare: Prepare, from: number, to: number, edges: readonly number[]): PeriodScan {
  const rows = prepare(
    "SELECT occurred_at, record_id, channel_id, fingerprint FROM occurrences WHERE id >= ? AND id < ?",
  )
    .raw()
    .iterate(...idRange(from, to)) as IterableIterator<[number, string | null, string | null, string | null]>;
  const buckets = Math.max(0, edges.length - 1);
  const records = new Map<string, Group>();
  const fingerprints = new Map<string, Group>();
  const channels = new Set<string>();
  const totalBuckets = new Array<number>(buckets).fill(0);
  let total = 0;
  let matched = 0;
  const add = (map: Map<string, Group>, key: string, at: number, channel: string | null, bucket: number) => {
    let g = map.get(key);
    if (!g) {
      g = { count: 0, channelSet: new Set(), firstSeen: at, lastSeen: at, buckets: new Array<number>(buckets).fill(0) };
      map.set(key, g);
    }
    g.count++;
    if (channel !== null) g.channelSet.add(channel);
    if (at < g.firstSeen) g.firstSeen = at;
    if (at > g.lastSeen) g.lastSeen = at;
    if (bucket >= 0) g.buckets[bucket] = (g.buckets[bucket] ?? 0) + 1;
  };
  for (const [at, recordId, channel, fingerprint] of rows) {
    total++;
    if (channel !== null) channels.add(channel);
    const bucket = buckets > 0 ? bucketOf(edges, at) : -1;
    if (bucket >= 0) totalBuckets[bucket] = (totalBuckets[bucket] ?? 0) + 1;
    if (recordId !== null) {
      matched++;
      add(records, recordId, at, channel, bucket);
    } else if (fingerprint !== null) add(fingerprints, fingerprint, at, channel, bucket);
  }
  const plain = (map: Map<string, Group>) =>
    new Map(
      [...map].map(([k, { channelSet, ...g }]): [string, PeriodGroup] => [k, { ...g, channels: channelSet.size }]),
    );
  return {
    from,
    to,
    edges,
    totalBuckets,
    records: plain(records),
    fingerprints: plain(fingerprints),
    totals: { total, matched, unmatched: total - matched, channels: channels.size, records: records.size },
  };
}

/** The newest row of each fingerprint in the range, read backwards from the range's end. */
export function sqliteUnmatchedExamples(
  prepare: Prepare,
  fingerprints: readonly string[],
  from: number,
  to: number,
): Map<string, UnmatchedExample> {
  const out = new Map<string, UnmatchedExample>();
  const stmt = prepare(
    `SELECT template, excerpt FROM occurrences WHERE id >= ? AND id < ? AND fingerprint = ? AND record_id IS NULL
     ORDER BY id DESC LIMIT 1`,
  );
  for (const fp of fingerprints) {
    const row = stmt.get(...idRange(from, to), fp) as UnmatchedExample | undefined;
    if (row) out.set(fp, row);
  }
  return out;
}
