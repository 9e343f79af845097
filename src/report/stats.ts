import type { Catalog } from "../catalog/index.ts";
import type { Store } from "../store/db.ts";
import { IDS_PER_MS } from "../store/occurrences.ts";

/** How one error (a record, or an unmatched fingerprint) did in a period. */
export interface PeriodCounts {
  count: number;
  channels: number;
  /** First and last occurrence inside the period (ms). */
  firstSeen: number;
  lastSeen: number;
  /** Occurrences in the previous period of equal length. */
  previousCount: number;
  /** (count - previous) / previous; null when there was nothing before. */
  change: number | null;
}

export interface RecordStat extends PeriodCounts {
  recordId: string;
  /** From the catalog when one is given; null for ids the catalog no longer has. */
  title: string | null;
  slug: string | null;
  /** The very first occurrence ever logged: inside the period means the error is new. */
  firstEver: number;
}

export interface UnmatchedStat extends PeriodCounts {
  fingerprint: string;
  template: string;
  /** The latest redacted excerpt of this error in the period. */
  example: string;
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
  /** Row id of the latest occurrence (for the example excerpt). */
  latestId: number;
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

/** The rowid range of [from, to): rows are stored in time order (migration 005). */
function idRange(from: number, to: number): [number, number] {
  return [Math.ceil(from) * IDS_PER_MS, Math.ceil(to) * IDS_PER_MS];
}

/**
 * One read of the period: a single rowid range of the time-ordered table, grouped in JS
 * (cheaper than SQLite's temp B-trees for GROUP BY + count(DISTINCT); see bench/store.ts).
 */
export function scanPeriod(
  store: Store,
  { from, to, edges = [] }: { from: number; to: number; edges?: readonly number[] },
): PeriodScan {
  // Streamed, not collected: a year-long report must not hold a million rows in memory.
  const rows = store
    .prepare("SELECT id, occurred_at, record_id, channel_id, fingerprint FROM occurrences WHERE id >= ? AND id < ?")
    .raw()
    .iterate(...idRange(from, to)) as IterableIterator<[number, number, string | null, string | null, string | null]>;
  const buckets = Math.max(0, edges.length - 1);
  const records = new Map<string, Group>();
  const fingerprints = new Map<string, Group>();
  const channels = new Set<string>();
  const totalBuckets = new Array<number>(buckets).fill(0);
  let total = 0;
  let matched = 0;
  const add = (
    map: Map<string, Group>,
    key: string,
    id: number,
    at: number,
    channel: string | null,
    bucket: number,
  ) => {
    let g = map.get(key);
    if (!g) {
      g = {
        count: 0,
        channels: new Set(),
        firstSeen: at,
        lastSeen: at,
        latestId: id,
        buckets: new Array<number>(buckets).fill(0),
      };
      map.set(key, g);
    }
    g.count++;
    if (channel !== null) g.channels.add(channel);
    if (at < g.firstSeen) g.firstSeen = at;
    if (at >= g.lastSeen) {
      g.lastSeen = at;
      g.latestId = id;
    }
    if (bucket >= 0) g.buckets[bucket] = (g.buckets[bucket] ?? 0) + 1;
  };
  for (const [id, at, recordId, channel, fingerprint] of rows) {
    total++;
    if (channel !== null) channels.add(channel);
    const bucket = buckets > 0 ? bucketOf(edges, at) : -1;
    if (bucket >= 0) totalBuckets[bucket] = (totalBuckets[bucket] ?? 0) + 1;
    if (recordId !== null) {
      matched++;
      add(records, recordId, id, at, channel, bucket);
    } else if (fingerprint !== null) add(fingerprints, fingerprint, id, at, channel, bucket);
  }
  return {
    from,
    to,
    edges,
    totalBuckets,
    records,
    fingerprints,
    totals: { total, matched, unmatched: total - matched, channels: channels.size, records: records.size },
  };
}

/** How a group did in its period, against `previousCount` in the period before. */
function periodCounts(g: Group, previousCount: number): PeriodCounts {
  return {
    count: g.count,
    channels: g.channels.size,
    firstSeen: g.firstSeen,
    lastSeen: g.lastSeen,
    previousCount,
    change: changeRatio(g.count, previousCount),
  };
}

function ranked(map: Map<string, Group>, limit: number): [string, Group][] {
  return [...map].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, limit);
}

/** The previous period of equal length, scanned once per report. */
function previousScan(store: Store, scan: PeriodScan): PeriodScan {
  return scanPeriod(store, { from: scan.from - (scan.to - scan.from), to: scan.from });
}

/** When a record (or '#' + fingerprint) was first logged, kept by a trigger (migration 005). */
function firstSeenLookup(store: Store): (groupKey: string) => number | undefined {
  const stmt = store.prepare("SELECT first_at AS at FROM first_seen WHERE group_key = ?");
  return (key) => (stmt.get(key) as { at: number } | undefined)?.at;
}

/** Records of a scan, most frequent first, with their history (previous period, first ever). */
export function recordStats(
  store: Store,
  scan: PeriodScan,
  { limit = 10, catalog, previous }: Omit<RangeQuery, "from" | "to"> & { previous?: PeriodScan },
) {
  const prev = previous ?? previousScan(store, scan);
  const firstEver = firstSeenLookup(store);
  return ranked(scan.records, limit).map(([recordId, g]): RecordStat & { buckets: number[] } => {
    const record = catalog?.byId(recordId);
    const previousCount = prev.records.get(recordId)?.count ?? 0;
    return {
      recordId,
      title: record?.errorMessage ?? null,
      slug: record?.slug ?? null,
      ...periodCounts(g, previousCount),
      firstEver: Math.min(firstEver(recordId) ?? g.firstSeen, g.firstSeen),
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
  const firstEver = firstSeenLookup(store);
  const fresh = new Map([...scan.records].filter(([id]) => (firstEver(id) ?? scan.from) >= scan.from));
  const none: PeriodScan = { ...scan, records: new Map(), fingerprints: new Map() };
  return recordStats(store, { ...scan, records: fresh }, { limit, previous: none, ...(catalog ? { catalog } : {}) });
}

/** Unmatched errors of a scan by fingerprint, most frequent first, with the latest example. */
export function unmatchedStats(
  store: Store,
  scan: PeriodScan,
  { limit = 10, previous }: { limit?: number; previous?: PeriodScan } = {},
): UnmatchedStat[] {
  const top = ranked(scan.fingerprints, limit);
  if (top.length === 0) return [];
  const prev = previous ?? previousScan(store, scan);
  const example = store.prepare("SELECT template, excerpt FROM occurrences WHERE id = ?");
  return top.map(([fingerprint, g]) => {
    const previousCount = prev.fingerprints.get(fingerprint)?.count ?? 0;
    const ex = example.get(g.latestId) as { template: string | null; excerpt: string };
    return {
      fingerprint,
      template: ex.template || ex.excerpt,
      example: ex.excerpt,
      ...periodCounts(g, previousCount),
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

/** Just the number of occurrences in [from, to): one rowid range, nothing decoded. */
export function countOccurrences(store: Store, { from, to }: { from: number; to: number }): number {
  return (
    store.prepare("SELECT count(*) AS n FROM occurrences WHERE id >= ? AND id < ?").get(...idRange(from, to)) as {
      n: number;
    }
  ).n;
}

/** True when anything was logged before `at` (a fresh install has no history to report on). */
export function anyOccurrenceBefore(store: Store, at: number): boolean {
  return store.prepare("SELECT 1 FROM occurrences WHERE id < ? LIMIT 1").get(idRange(at, at)[0]) !== undefined;
}
