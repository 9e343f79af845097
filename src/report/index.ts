export { type DigestPostDeps, type DigestPostResult, type PostDigest, postDigestOnce } from "./digest-post.ts";
export {
  dayEdges,
  type Period,
  PeriodError,
  type PeriodFlags,
  previousPeriod,
  rangePeriod,
  resolvePeriod,
  sincePeriod,
  weekPeriod,
} from "./period.ts";
export { buildErrorReport, type ErrorReport } from "./report.ts";
export {
  type DigestScheduler,
  type DigestSchedulerOptions,
  type SchedulerLog,
  startDigestScheduler,
} from "./schedule.ts";
export {
  countOccurrences,
  type PeriodScan,
  type PeriodTotals,
  periodTotals,
  type RecordStat,
  scanPeriod,
  topErrors,
  topUnmatched,
  type UnmatchedStat,
} from "./stats.ts";
export {
  buildWeeklyDigest,
  type DigestRecord,
  type DigestTarget,
  digestTargetAt,
  digestTargetForWeek,
  type WeeklyDigest,
} from "./weekly.ts";
export { assertTimeZone, formatLocal, isoWeekOf, isoWeekRange } from "./zoned-time.ts";
