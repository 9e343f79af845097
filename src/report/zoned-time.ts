/**
 * Wall-clock arithmetic in an IANA time zone, done by Temporal (temporal-polyfill): week and day
 * boundaries of reports are local midnights, which move against UTC with the zone and with daylight
 * saving. A wall time inside a DST gap resolves forward ("compatible"), so a day that starts in a gap
 * (Santiago, 2026-09-06) starts at 01:00 that day, never on the evening before.
 */
import { Temporal } from "temporal-polyfill";

export interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Throws a RangeError naming the zone when it is not known. */
export function assertTimeZone(tz: string): void {
  try {
    Temporal.Now.zonedDateTimeISO(tz);
  } catch {
    throw new RangeError(`unknown time zone "${tz}" (use an IANA name such as UTC or Europe/Berlin)`);
  }
}

function zoned(ms: number, tz: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz);
}

export function localParts(ms: number, tz: string): LocalParts {
  const z = zoned(ms, tz);
  return { year: z.year, month: z.month, day: z.day, hour: z.hour, minute: z.minute, second: z.second };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
export function zoneOffsetMs(ms: number, tz: string): number {
  return zoned(ms, tz).offsetNanoseconds / 1e6;
}

/** The instant a wall-clock time happens in the zone (forward across a DST gap, earlier of a repeat). */
export function zonedToUtc(p: LocalParts, tz: string): number {
  return Temporal.PlainDateTime.from(p, { overflow: "constrain" }).toZonedDateTime(tz, { disambiguation: "compatible" })
    .epochMilliseconds;
}

/** The same wall-clock time `days` calendar days later (23 or 25 hours across DST). */
export function addLocalDays(ms: number, days: number, tz: string): number {
  return zoned(ms, tz).add({ days }).epochMilliseconds;
}

export interface IsoWeek {
  year: number;
  week: number;
  /** `2026-W48` */
  key: string;
}

function isoWeekOfDate(date: Temporal.PlainDate | Temporal.ZonedDateTime): IsoWeek {
  const year = date.yearOfWeek ?? date.year;
  const week = date.weekOfYear ?? 1;
  return { year, week, key: `${year}-W${String(week).padStart(2, "0")}` };
}

/** The ISO week (Monday-based) holding that instant on the zone's calendar. */
export function isoWeekOf(ms: number, tz: string): IsoWeek {
  return isoWeekOfDate(zoned(ms, tz));
}

export function isoWeeksInYear(year: number): number {
  return isoWeekOfDate(Temporal.PlainDate.from({ year, month: 12, day: 28 })).week;
}

/** [Monday 00:00, next Monday 00:00) of an ISO week in the zone (the start of day, if midnight is skipped). */
export function isoWeekRange(year: number, week: number, tz: string): { from: number; to: number } {
  const jan4 = Temporal.PlainDate.from({ year, month: 1, day: 4 });
  const monday = jan4.subtract({ days: jan4.dayOfWeek - 1 }).add({ weeks: week - 1 });
  const startOf = (d: Temporal.PlainDate) => d.toZonedDateTime({ timeZone: tz }).epochMilliseconds;
  return { from: startOf(monday), to: startOf(monday.add({ weeks: 1 })) };
}

/** `2026-11-23 14:05` in the zone. */
export function formatLocal(ms: number, tz: string, { time = true }: { time?: boolean } = {}): string {
  const p = localParts(ms, tz);
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  return time ? `${date} ${pad(p.hour)}:${pad(p.minute)}` : date;
}
