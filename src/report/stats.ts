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

export interface PeriodTotals {
  total: number;
  matched: number;
  unmatched: number;
  channels: number;
  records: number;
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

interface Group {
  count: number;
  channels: Set<string>;
  firstSeen: number;
  lastSeen: number;
  /** Occurrences per bucket between the scan's edges. */
  buckets: number[];
}

/** Everything the reports need about one period, from a single pass over it. */
export interface PeriodScan {
  from: number;
  to: number;
  totals: PeriodTotals;
  /** Bucket edges the scan counted by (for sparklines); empty when none were asked for. */
  edges: readonly number[];
  totalBuckets: number[];
  records: Map<string, Group>;
  fingerprints: Map<string, Group>;
}

function bucketOf(edges: readonly number[], at: number): number {
  let i = 0;
  while (i < edges.length - 2 && at >= (edges[i + 1] ?? Number.POSITIVE_INFINITY)) i++;
  return i;
}

/**
 * One read of the period through the covering index (occurred_at, record_id, channel_id,
 * fingerprint): no table rows are touched, and grouping in JS beats SQLite's temp B-trees for
 * GROUP BY + count(DISTINCT) several times over (see bench/store.ts).
 */
export function scanPeriod(
  store: Store,
  { from, to, edges = [] }: { from: number; to: number; edges?: readonly number[] },
): PeriodScan {
  // Streamed, not collected: a year-long report must not hold a million rows in memory.
  const rows = store
    .prepare(
      `SELECT occurred_at, record_id, channel_id, fingerprint FROM occurrences INDEXED BY occurrences_period
       WHERE occurred_at >= ? AND occurred_at < ?`,
    )
    .raw()
    .iterate(from, to) as IterableIterator<[number, string | null, string | null, string | null]>;
  let total = 0;
  const buckets = Math.max(0, edges.length - 1);
  const records = new Map<string, Group>();
  const fingerprints = new Map<string, Group>();
  const channels = new Set<string>();
  const totalBuckets = new Array<number>(buckets).fill(0);
  let matched = 0;
  const add = (map: Map<string, Group>, key: string, at: number, channel: string | null, bucket: number) => {
    let g = map.get(key);
    if (!g) {
      g = { count: 0, channels: new Set(), firstSeen: at, lastSeen: at, buckets: new Array<number>(buckets).fill(0) };
      map.set(key, g);
    }
    g.count++;
    if (channel !== null) g.channels.add(channel);
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
  return {
    from,
    to,
    edges,
    totalBuckets,
    records,
    fingerprints,
    totals: {
      total,
      matched,
      unmatched: total - matched,
      channels: channels.size,
      records: records.size,
    },
  };
}

function ranked(map: Map<string, Group>, limit: number): [string, Group][] {
  return [...map].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, limit);
}

/** Records of a scan, most frequent first, with their history (previous period, first ever). */
export function recordStats(store: Store, scan: PeriodScan, { limit = 10, catalog }: Omit<RangeQuery, "from" | "to">) {
  const prevFrom = scan.from - (scan.to - scan.from);
  const previous = store.prepare(
    "SELECT count(*) AS n FROM occurrences WHERE record_id = ? AND occurred_at >= ? AND occurred_at < ?",
  );
  const firstEver = store.prepare("SELECT min(occurred_at) AS at FROM occurrences WHERE record_id = ?");
  return ranked(scan.records, limit).map(([recordId, g]): RecordStat & { buckets: number[] } => {
    const record = catalog?.byId(recordId);
    const previousCount = (previous.get(recordId, prevFrom, scan.from) as { n: number }).n;
    return {
      recordId,
      title: record?.errorMessage ?? null,
      slug: record?.slug ?? null,
      count: g.count,
      channels: g.channels.size,
      firstSeen: g.firstSeen,
      lastSeen: g.lastSeen,
      previousCount,
      change: changeRatio(g.count, previousCount),
      firstEver: (firstEver.get(recordId) as { at: number }).at,
      buckets: g.buckets,
    };
  });
}

/** Records of a scan never logged before its period, most frequent first. */
export function newRecordStats(
  store: Store,
  scan: PeriodScan,
  { limit = 10, catalog }: Omit<RangeQuery, "from" | "to">,
) {
  const before = store.prepare("SELECT 1 FROM occurrences WHERE record_id = ? AND occurred_at < ? LIMIT 1");
  const fresh = new Map([...scan.records].filter(([id]) => before.get(id, scan.from) === undefined));
  return recordStats(store, { ...scan, records: fresh }, { limit, ...(catalog ? { catalog } : {}) });
}

/** Unmatched errors of a scan by fingerprint, most frequent first, with the latest example. */
export function unmatchedStats(
  store: Store,
  scan: PeriodScan,
  { limit = 10 }: { limit?: number } = {},
): UnmatchedStat[] {
  const prevFrom = scan.from - (scan.to - scan.from);
  const previous = store.prepare(
    "SELECT count(*) AS n FROM occurrences WHERE fingerprint = ? AND record_id IS NULL AND occurred_at >= ? AND occurred_at < ?",
  );
  const latest = store.prepare(
    `SELECT template, excerpt FROM occurrences WHERE fingerprint = ? AND record_id IS NULL
     AND occurred_at >= ? AND occurred_at < ? ORDER BY occurred_at DESC, id DESC LIMIT 1`,
  );
  return ranked(scan.fingerprints, limit).map(([fingerprint, g]) => {
    const previousCount = (previous.get(fingerprint, prevFrom, scan.from) as { n: number }).n;
    const ex = latest.get(fingerprint, scan.from, scan.to) as { template: string | null; excerpt: string };
    return {
      fingerprint,
      template: ex.template || ex.excerpt,
      example: ex.excerpt,
      count: g.count,
      channels: g.channels.size,
      firstSeen: g.firstSeen,
      lastSeen: g.lastSeen,
      previousCount,
      change: changeRatio(g.count, previousCount),
    };
  });
}

/**
 * The most frequent records in [from, to), with the change against the previous period of
 * equal length. The one query behind `rwerror report`, `/rwerror stats`, App Home and the digest.
 */
export function topErrors(store: Store, { from, to, limit = 10, catalog }: RangeQuery): RecordStat[] {
  return recordStats(store, scanPeriod(store, { from, to }), { limit, ...(catalog ? { catalog } : {}) }).map(
    ({ buckets: _buckets, ...stat }) => stat,
  );
}

/** Errors that looked like errors but matched no record, grouped by fingerprint: the catalog's gaps. */
export function topUnmatched(store: Store, { from, to, limit = 10 }: RangeQuery): UnmatchedStat[] {
  return unmatchedStats(store, scanPeriod(store, { from, to }), { limit });
}

export function periodTotals(store: Store, { from, to }: { from: number; to: number }): PeriodTotals {
  return scanPeriod(store, { from, to }).totals;
}

/** Just the number of occurrences in [from, to): counted in the index, no rows read. */
export function countOccurrences(store: Store, { from, to }: { from: number; to: number }): number {
  return (
    store
      .prepare(
        "SELECT count(*) AS n FROM occurrences INDEXED BY occurrences_period WHERE occurred_at >= ? AND occurred_at < ?",
      )
      .get(from, to) as { n: number }
  ).n;
}
