import type { Catalog } from "../catalog/index.ts";
import type { PeriodGroup, PeriodScan, PeriodTotals, Store } from "../store/index.ts";

export type { PeriodScan, PeriodTotals } from "../store/index.ts";

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

export interface RangeQuery {
  from: number;
  to: number;
  limit?: number;
  catalog?: Catalog;
}

export function changeRatio(count: number, previous: number): number | null {
  return previous === 0 ? null : (count - previous) / previous;
}

/** One read of the period, done by the store (grouped in JS on SQLite, by PostgreSQL on PostgreSQL). */
export function scanPeriod(
  store: Store,
  { from, to, edges = [] }: { from: number; to: number; edges?: readonly number[] },
): Promise<PeriodScan> {
  return store.scanPeriod({ from, to, edges });
}

/** How a group did in its period, against `previousCount` in the period before. */
function periodCounts(g: PeriodGroup, previousCount: number): PeriodCounts {
  return {
    count: g.count,
    channels: g.channels,
    firstSeen: g.firstSeen,
    lastSeen: g.lastSeen,
    previousCount,
    change: changeRatio(g.count, previousCount),
  };
}

function ranked(map: Map<string, PeriodGroup>, limit: number): [string, PeriodGroup][] {
  return [...map].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, limit);
}

/** The previous period of equal length, scanned once per report. */
function previousScan(store: Store, scan: PeriodScan): Promise<PeriodScan> {
  return scanPeriod(store, { from: scan.from - (scan.to - scan.from), to: scan.from });
}

/** Records of a scan, most frequent first, with their history (previous period, first ever). */
export async function recordStats(
  store: Store,
  scan: PeriodScan,
  { limit = 10, catalog, previous }: Omit<RangeQuery, "from" | "to"> & { previous?: PeriodScan },
) {
  const prev = previous ?? (await previousScan(store, scan));
  const top = ranked(scan.records, limit);
  const firstEver = await store.firstSeen(top.map(([id]) => id));
  return top.map(([recordId, g]): RecordStat & { buckets: number[] } => {
    const record = catalog?.byId(recordId);
    const previousCount = prev.records.get(recordId)?.count ?? 0;
    return {
      recordId,
      title: record?.errorMessage ?? null,
      slug: record?.slug ?? null,
      ...periodCounts(g, previousCount),
      firstEver: Math.min(firstEver.get(recordId) ?? g.firstSeen, g.firstSeen),
      buckets: g.buckets,
    };
  });
}

/** Records of a scan never logged before its period, most frequent first. */
export async function newRecordStats(
  store: Store,
  scan: PeriodScan,
  { limit = 10, catalog }: Omit<RangeQuery, "from" | "to">,
) {
  const firstEver = await store.firstSeen([...scan.records.keys()]);
  const fresh = new Map([...scan.records].filter(([id]) => (firstEver.get(id) ?? scan.from) >= scan.from));
  const none: PeriodScan = { ...scan, records: new Map(), fingerprints: new Map() };
  return recordStats(store, { ...scan, records: fresh }, { limit, previous: none, ...(catalog ? { catalog } : {}) });
}

/** Unmatched errors of a scan by fingerprint, most frequent first, with the latest example. */
export async function unmatchedStats(
  store: Store,
  scan: PeriodScan,
  { limit = 10, previous }: { limit?: number; previous?: PeriodScan } = {},
): Promise<UnmatchedStat[]> {
  const top = ranked(scan.fingerprints, limit);
  if (top.length === 0) return [];
  const prev = previous ?? (await previousScan(store, scan));
  const examples = await store.unmatchedExamples(
    top.map(([fp]) => fp),
    { from: scan.from, to: scan.to },
  );
  return top.map(([fingerprint, g]) => {
    const previousCount = prev.fingerprints.get(fingerprint)?.count ?? 0;
    const ex = examples.get(fingerprint) ?? { template: null, excerpt: "" };
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
export async function topErrors(store: Store, { from, to, limit = 10, catalog }: RangeQuery): Promise<RecordStat[]> {
  const stats = await recordStats(store, await scanPeriod(store, { from, to }), {
    limit,
    ...(catalog ? { catalog } : {}),
  });
  return stats.map(({ buckets: _buckets, ...stat }) => stat);
}

/** Errors that looked like errors but matched no record, grouped by fingerprint: the catalog's gaps. */
export async function topUnmatched(store: Store, { from, to, limit = 10 }: RangeQuery): Promise<UnmatchedStat[]> {
  return unmatchedStats(store, await scanPeriod(store, { from, to }), { limit });
}

export async function periodTotals(store: Store, { from, to }: { from: number; to: number }): Promise<PeriodTotals> {
  return (await scanPeriod(store, { from, to })).totals;
}

/** Just the number of occurrences in [from, to). */
export function countOccurrences(store: Store, range: { from: number; to: number }): Promise<number> {
  return store.countOccurrences(range);
}

/** True when anything was logged before `at` (a fresh install has no history to report on). */
export function anyOccurrenceBefore(store: Store, at: number): Promise<boolean> {
  return store.anyOccurrenceBefore(at);
}
