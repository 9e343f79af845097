import type { Catalog } from "../catalog/index.ts";
import type { FeedbackTally, GapReport, Store } from "../store/index.ts";
import { dayEdges, nextWeekKey, type Period, previousPeriod, rangeLabel, weekPeriod } from "./period.ts";
import {
  changeRatio,
  newRecordStats,
  type RecordStat,
  recordStats,
  scanPeriod,
  type UnmatchedStat,
  unmatchedStats,
} from "./stats.ts";
import { addLocalDays, formatLocal, isoWeekOf } from "./zoned-time.ts";

export interface DigestTarget {
  period: Period;
  /** The ISO week the digest is filed under: one digest per key, ever. */
  periodKey: string;
}

/**
 * The digest run at `at` covers the 7 local days before it and is filed under the ISO week of
 * `at` in the zone: the Monday 09:00 run reports on the week that just ended.
 */
export function digestTargetAt(at: number, tz: string): DigestTarget {
  const from = addLocalDays(at, -7, tz);
  return { period: { from, to: at, tz, label: rangeLabel(from, at, tz) }, periodKey: isoWeekOf(at, tz).key };
}

/**
 * `--week 2026-W48` covers that ISO week and is filed under the week after it, the week whose
 * scheduled digest would have covered it, so the two never both get posted.
 */
export function digestTargetForWeek(week: string, tz: string): DigestTarget {
  return { period: weekPeriod(week, tz), periodKey: nextWeekKey(week, tz) };
}

export interface DigestRecord extends RecordStat {
  /** Occurrences per local day of the period, oldest first. */
  daily: number[];
}

export interface NotHelpfulRecord extends FeedbackTally {
  title: string | null;
  slug: string | null;
}

export interface WeeklyDigest {
  periodKey: string;
  period: Period;
  previous: Period;
  total: number;
  previousTotal: number;
  change: number | null;
  matched: number;
  unmatchedTotal: number;
  channels: number;
  /** All occurrences per local day, oldest first, and each day's start as `YYYY-MM-DD`. */
  daily: number[];
  days: string[];
  top: DigestRecord[];
  /** Records whose first occurrence ever falls in this period. */
  newThisPeriod: RecordStat[];
  unmatched: UnmatchedStat[];
  notHelpful: NotHelpfulRecord[];
  /** "Add what fixed it" notes written this period, oldest first. */
  notes: DigestNote[];
  /** "Report as a new error": gaps in the knowledge base people reported this period. */
  gaps: GapReport[];
}

export interface DigestNote {
  recordId: string;
  title: string | null;
  text: string;
  link: string | null;
  userId: string;
  /** Where it was written (null: shared with every channel, or written outside Slack). */
  channelId: string | null;
  at: number;
}

export async function buildWeeklyDigest(
  store: Store,
  catalog: Catalog,
  target: DigestTarget,
  { topLimit = 10, unmatchedLimit = 5, newLimit = 10, notHelpfulLimit = 5, notesLimit = 10, gapsLimit = 5 } = {},
): Promise<WeeklyDigest> {
  const { period, periodKey } = target;
  const previous = previousPeriod(period);
  const edges = dayEdges(period, 7);
  const [scan, prevScan, notHelpful, notes, gaps] = await Promise.all([
    scanPeriod(store, { from: period.from, to: period.to, edges }),
    scanPeriod(store, previous),
    store.notHelpfulRecords({ from: period.from, to: period.to, limit: notHelpfulLimit }),
    store.listNotes({ from: period.from, to: period.to }),
    store.gapReports({ from: period.from, to: period.to, limit: gapsLimit }),
  ]);
  const [top, fresh, unmatched] = await Promise.all([
    recordStats(store, scan, { limit: topLimit, catalog, previous: prevScan }),
    newRecordStats(store, scan, { limit: newLimit, catalog }),
    unmatchedStats(store, scan, { limit: unmatchedLimit, previous: prevScan }),
  ]);
  const previousTotal = prevScan.totals.total;
  return {
    periodKey,
    period,
    previous,
    total: scan.totals.total,
    previousTotal,
    change: changeRatio(scan.totals.total, previousTotal),
    matched: scan.totals.matched,
    unmatchedTotal: scan.totals.unmatched,
    channels: scan.totals.channels,
    daily: scan.totalBuckets,
    days: edges.slice(0, -1).map((ms) => formatLocal(ms, period.tz, { time: false })),
    top: top.map(({ buckets, ...r }) => ({
      ...r,
      daily: buckets,
    })),
    newThisPeriod: fresh.map(({ buckets: _b, ...r }) => r),
    unmatched,
    notHelpful: notHelpful.map((f) => {
      const record = catalog.byId(f.recordId);
      return { ...f, title: record?.errorMessage ?? null, slug: record?.slug ?? null };
    }),
    notes: notes.slice(-notesLimit).map((n) => ({
      recordId: n.recordId,
      title: catalog.byId(n.recordId)?.errorMessage ?? null,
      text: n.text,
      link: n.link,
      userId: n.userId,
      channelId: n.channelId,
      at: n.at,
    })),
    gaps,
  };
}
