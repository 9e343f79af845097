import type { Catalog } from "../catalog/index.ts";
import type { Store } from "../store/db.ts";
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

export function buildErrorReport(
  store: Store,
  catalog: Catalog,
  period: Period,
  { limit = 50, unmatchedLimit = 10 }: { limit?: number; unmatchedLimit?: number } = {},
): ErrorReport {
  const previous = previousPeriod(period);
  const scan = scanPeriod(store, period);
  const prevScan = scanPeriod(store, previous);
  return {
    period,
    previous,
    totals: scan.totals,
    previousTotals: prevScan.totals,
    records: recordStats(store, scan, { limit, catalog, previous: prevScan }).map(({ buckets: _b, ...r }) => r),
    unmatched: unmatchedStats(store, scan, { limit: unmatchedLimit, previous: prevScan }),
  };
}
