import type { Pool } from "pg";
import type { PeriodGroup, PeriodScan, UnmatchedExample } from "../types.ts";

interface GroupRow {
  whole: boolean;
  unmatched: boolean | null;
  key: string | null;
  n: number;
  ch: number;
  f: number | null;
  l: number | null;
}

interface BucketRow {
  whole: boolean;
  unmatched: boolean | null;
  key: string | null;
  b: number;
  n: number;
}

// Index-only range scans of occurrences_time (it includes every column grouped here).
const GROUPS = `SELECT grouping(record_id IS NULL, coalesce(record_id, fingerprint)) = 3 AS whole,
    record_id IS NULL AS unmatched, coalesce(record_id, fingerprint) AS key,
    count(*) AS n, count(DISTINCT channel_id) AS ch, min(occurred_at) AS f, max(occurred_at) AS l
  FROM occurrences WHERE occurred_at >= $1 AND occurred_at < $2
  GROUP BY GROUPING SETS ((record_id IS NULL, coalesce(record_id, fingerprint)), ())`;

const BUCKETS = `SELECT grouping(record_id IS NULL, coalesce(record_id, fingerprint)) = 3 AS whole,
    record_id IS NULL AS unmatched, coalesce(record_id, fingerprint) AS key, b, count(*) AS n
  FROM (SELECT record_id, fingerprint,
          greatest(1, least(cardinality($3::bigint[]) - 1, width_bucket(occurred_at, $3::bigint[]))) - 1 AS b
        FROM occurrences WHERE occurred_at >= $1 AND occurred_at < $2) o
  GROUP BY GROUPING SETS ((record_id IS NULL, coalesce(record_id, fingerprint), b), (b))`;

/** The same PeriodScan the SQLite scan builds, grouped by PostgreSQL instead of in JS. */
export async function scanPostgresPeriod(
  pool: Pool,
  from: number,
  to: number,
  edges: readonly number[],
): Promise<PeriodScan> {
  const bucketCount = Math.max(0, edges.length - 1);
  const [groups, buckets] = await Promise.all([
    pool.query<GroupRow>(GROUPS, [from, to]),
    bucketCount > 0 ? pool.query<BucketRow>(BUCKETS, [from, to, edges]) : Promise.resolve({ rows: [] as BucketRow[] }),
  ]);
  const records = new Map<string, PeriodGroup>();
  const fingerprints = new Map<string, PeriodGroup>();
  const totals = { total: 0, matched: 0, unmatched: 0, channels: 0, records: 0 };
  for (const r of groups.rows) {
    if (r.whole) {
      totals.total = r.n;
      totals.channels = r.ch;
      continue;
    }
    if (!r.unmatched) totals.matched += r.n;
    if (r.key === null) continue;
    const group: PeriodGroup = {
      count: r.n,
      channels: r.ch,
      firstSeen: r.f ?? from,
      lastSeen: r.l ?? from,
      buckets: new Array<number>(bucketCount).fill(0),
    };
    (r.unmatched ? fingerprints : records).set(r.key, group);
  }
  totals.unmatched = totals.total - totals.matched;
  totals.records = records.size;
  const totalBuckets = new Array<number>(bucketCount).fill(0);
  for (const r of buckets.rows) {
    if (r.whole) totalBuckets[r.b] = r.n;
    else if (r.key !== null) {
      const g = (r.unmatched ? fingerprints : records).get(r.key);
      if (g) g.buckets[r.b] = r.n;
    }
  }
  return { from, to, edges, totalBuckets, records, fingerprints, totals };
}

export async function postgresUnmatchedExamples(
  pool: Pool,
  fingerprints: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, UnmatchedExample>> {
  if (fingerprints.length === 0) return new Map();
  const r = await pool.query<UnmatchedExample & { fingerprint: string }>(
    `SELECT DISTINCT ON (fingerprint) fingerprint, template, excerpt FROM occurrences
     WHERE occurred_at >= $1 AND occurred_at < $2 AND record_id IS NULL AND fingerprint = ANY($3::text[])
     ORDER BY fingerprint, occurred_at DESC, id DESC`,
    [from, to, fingerprints],
  );
  return new Map(r.rows.map((row) => [row.fingerprint, { template: row.template, excerpt: row.excerpt }]));
}
