import type { Catalog } from "../catalog/index.ts";
import type { Store } from "../store/db.ts";

export interface RecordStat {
  recordId: string;
  /** From the catalog when one is given; null for ids the catalog no longer has. */
  title: string | null;
  slug: string | null;
  count: number;
  channels: number;
  /** First and last occurrence inside the period (ms). */
  firstSeen: number;
  lastSeen: number;
  /** Occurrences in the previous period of equal length. */
  previousCount: number;
  /** (count - previous) / previous; null when there was nothing before. */
  change: number | null;
  /** The very first occurrence ever logged: inside the period means the error is new. */
  firstEver: number;
}

export interface UnmatchedStat {
  fingerprint: string;
  template: string;
  /** The latest redacted excerpt of this error in the period. */
  example: string;
  count: number;
  channels: number;
  firstSeen: number;
  lastSeen: number;
  previousCount: number;
  change: number | null;
}

export interface RangeQuery {
  from: number;
  to: number;
  limit?: number;
  catalog?: Catalog;
}

export function changeRatio(count: number, previous: number): number | null {
  return previous === 0 ? null : (count - previous) / previous;
}

// The period's rows come through the occurred_at index; previous counts and first-ever come
// from (record_id, occurred_at), one short index range per listed record.
const TOP_ERRORS = `
  WITH cur AS (
    SELECT record_id, count(*) AS n, count(DISTINCT channel_id) AS channels,
      min(occurred_at) AS firstSeen, max(occurred_at) AS lastSeen
    FROM occurrences INDEXED BY occurrences_occurred_at
    WHERE occurred_at >= @from AND occurred_at < @to AND record_id IS NOT NULL
    GROUP BY record_id ORDER BY n DESC, record_id LIMIT @limit)
  SELECT record_id AS recordId, n AS count, channels, firstSeen, lastSeen,
    (SELECT count(*) FROM occurrences p WHERE p.record_id = cur.record_id
       AND p.occurred_at >= @prevFrom AND p.occurred_at < @from) AS previousCount,
    (SELECT min(occurred_at) FROM occurrences e WHERE e.record_id = cur.record_id) AS firstEver
  FROM cur ORDER BY n DESC, record_id`;

/**
 * The most frequent records in [from, to), with the change against the previous period of
 * equal length. The one query behind `rwerror report`, `/rwerror stats`, App Home and the digest.
 */
export function topErrors(store: Store, { from, to, limit = 10, catalog }: RangeQuery): RecordStat[] {
  type Row = Omit<RecordStat, "title" | "slug" | "change">;
  const rows = store.prepare(TOP_ERRORS).all({ from, to, prevFrom: from - (to - from), limit }) as Row[];
  return rows.map((r) => {
    const record = catalog?.byId(r.recordId);
    return {
      ...r,
      title: record?.errorMessage ?? null,
      slug: record?.slug ?? null,
      change: changeRatio(r.count, r.previousCount),
    };
  });
}

const TOP_UNMATCHED = `
  WITH cur AS (
    SELECT fingerprint, count(*) AS n, count(DISTINCT channel_id) AS channels,
      min(occurred_at) AS firstSeen, max(occurred_at) AS lastSeen
    FROM occurrences INDEXED BY occurrences_occurred_at
    WHERE occurred_at >= @from AND occurred_at < @to AND record_id IS NULL AND fingerprint IS NOT NULL
    GROUP BY fingerprint ORDER BY n DESC, fingerprint LIMIT @limit)
  SELECT cur.fingerprint, n AS count, channels, firstSeen, lastSeen,
    (SELECT count(*) FROM occurrences p WHERE p.fingerprint = cur.fingerprint AND p.record_id IS NULL
       AND p.occurred_at >= @prevFrom AND p.occurred_at < @from) AS previousCount,
    x.template, x.excerpt AS example
  FROM cur JOIN occurrences x ON x.id = (
    SELECT id FROM occurrences l WHERE l.fingerprint = cur.fingerprint AND l.record_id IS NULL
      AND l.occurred_at >= @from AND l.occurred_at < @to ORDER BY l.occurred_at DESC LIMIT 1)
  ORDER BY n DESC, cur.fingerprint`;

/** Errors that looked like errors but matched no record, grouped by fingerprint: the catalog's gaps. */
export function topUnmatched(store: Store, { from, to, limit = 10 }: RangeQuery): UnmatchedStat[] {
  type Row = Omit<UnmatchedStat, "change">;
  const rows = store.prepare(TOP_UNMATCHED).all({ from, to, prevFrom: from - (to - from), limit }) as Row[];
  return rows.map((r) => ({ ...r, template: r.template || r.example, change: changeRatio(r.count, r.previousCount) }));
}

export interface PeriodTotals {
  total: number;
  matched: number;
  unmatched: number;
  channels: number;
  records: number;
}

export function periodTotals(store: Store, { from, to }: { from: number; to: number }): PeriodTotals {
  return store
    .prepare(
      `SELECT count(*) AS total, count(record_id) AS matched, count(*) - count(record_id) AS unmatched,
        count(DISTINCT channel_id) AS channels, count(DISTINCT record_id) AS records
       FROM occurrences INDEXED BY occurrences_occurred_at WHERE occurred_at >= ? AND occurred_at < ?`,
    )
    .get(from, to) as PeriodTotals;
}

/**
 * Occurrences per bucket between consecutive `edges` (for sparklines), per record and in total.
 * `edges` has one more entry than there are buckets.
 */
export function bucketCounts(
  store: Store,
  edges: readonly number[],
  recordIds: readonly string[],
): { total: number[]; byRecord: Map<string, number[]> } {
  const buckets = edges.length - 1;
  const total = new Array<number>(Math.max(0, buckets)).fill(0);
  const byRecord = new Map(recordIds.map((id) => [id, new Array<number>(Math.max(0, buckets)).fill(0)]));
  if (buckets <= 0) return { total, byRecord };
  const stmt = store.prepare(
    `SELECT record_id AS recordId, count(*) AS n FROM occurrences INDEXED BY occurrences_occurred_at
     WHERE occurred_at >= ? AND occurred_at < ? GROUP BY record_id`,
  );
  for (let i = 0; i < buckets; i++) {
    for (const row of stmt.all(edges[i], edges[i + 1]) as { recordId: string | null; n: number }[]) {
      total[i] = (total[i] ?? 0) + row.n;
      const series = row.recordId === null ? undefined : byRecord.get(row.recordId);
      if (series) series[i] = row.n;
    }
  }
  return { total, byRecord };
}
