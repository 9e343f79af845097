import type { Catalog } from "../catalog/index.ts";
import type { Store } from "../store/index.ts";
import { type Period, previousPeriod } from "./period.ts";
import {
  type PeriodTotals,
  type RecordStat,
  recordStats,
  scanPeriod,
  type UnmatchedStat,
  unmatchedStats,
} from "./stats.ts";

/** What `rwerror report` shows: plain data, rendered by src/render/digest-report.ts. */
export interface ErrorReport {
  period: Period;
  previous: Period;
  totals: PeriodTotals;
  previousTotals: PeriodTotals;
  records: RecordStat[];
  unmatched: UnmatchedStat[];
}

export async function buildErrorReport(
  store: Store,
  catalog: Catalog,
  period: Period,
  { limit = 50, unmatchedLimit = 10 }: { limit?: number; unmatchedLimit?: number } = {},
): Promise<ErrorReport> {
  const previous = previousPeriod(period);
  const [scan, prevScan] = await Promise.all([scanPeriod(store, period), scanPeriod(store, previous)]);
  return {
    period,
    previous,
    totals: scan.totals,
    previousTotals: prevScan.totals,
    records: (await recordStats(store, scan, { limit, catalog, previous: prevScan })).map(({ buckets: _b, ...r }) => r),
    unmatched: await unmatchedStats(store, scan, { limit: unmatchedLimit, previous: prevScan }),
  };
}
