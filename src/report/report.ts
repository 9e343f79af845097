import type { Catalog } from "../catalog/index.ts";
import type { Store } from "../store/db.ts";
import { type Period, previousPeriod } from "./period.ts";
import {
  type PeriodTotals,
  periodTotals,
  type RecordStat,
  topErrors,
  topUnmatched,
  type UnmatchedStat,
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
  return {
    period,
    previous,
    totals: periodTotals(store, period),
    previousTotals: periodTotals(store, previous),
    records: topErrors(store, { from: period.from, to: period.to, limit, catalog }),
    unmatched: topUnmatched(store, { from: period.from, to: period.to, limit: unmatchedLimit }),
  };
}
