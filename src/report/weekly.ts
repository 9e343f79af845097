import type { Catalog } from "../catalog/index.ts";
import type { Store } from "../store/db.ts";
import { type FeedbackTally, notHelpfulRecords } from "../store/feedback.ts";
import { dayEdges, nextWeekKey, type Period, previousPeriod, rangeLabel, weekPeriod } from "./period.ts";
import {
  bucketCounts,
  changeRatio,
  periodTotals,
  type RecordStat,
  topErrors,
  topUnmatched,
  type UnmatchedStat,
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
}

/** How many records the "new this week" search looks at: far more than a week ever has. */
const NEW_SCAN_LIMIT = 1000;

export function buildWeeklyDigest(
  store: Store,
  catalog: Catalog,
  target: DigestTarget,
  { topLimit = 10, unmatchedLimit = 5, newLimit = 10, notHelpfulLimit = 5 } = {},
): WeeklyDigest {
  const { period, periodKey } = target;
  const previous = previousPeriod(period);
  const totals = periodTotals(store, period);
  const previousTotal = periodTotals(store, previous).total;
  const all = topErrors(store, { from: period.from, to: period.to, limit: NEW_SCAN_LIMIT, catalog });
  const top = all.slice(0, topLimit);
  const edges = dayEdges(period, 7);
  const buckets = bucketCounts(
    store,
    edges,
    top.map((r) => r.recordId),
  );
  return {
    periodKey,
    period,
    previous,
    total: totals.total,
    previousTotal,
    change: changeRatio(totals.total, previousTotal),
    matched: totals.matched,
    unmatchedTotal: totals.unmatched,
    channels: totals.channels,
    daily: buckets.total,
    days: edges.slice(0, -1).map((ms) => formatLocal(ms, period.tz, { time: false })),
    top: top.map((r) => ({ ...r, daily: buckets.byRecord.get(r.recordId) ?? [] })),
    newThisPeriod: all.filter((r) => r.firstEver >= period.from).slice(0, newLimit),
    unmatched: topUnmatched(store, { from: period.from, to: period.to, limit: unmatchedLimit }),
    notHelpful: notHelpfulRecords(store, { from: period.from, to: period.to, limit: notHelpfulLimit }).map((f) => {
      const record = catalog.byId(f.recordId);
      return { ...f, title: record?.errorMessage ?? null, slug: record?.slug ?? null };
    }),
  };
}
