/**
 * Wall-clock arithmetic in an IANA time zone with Intl only: week and day boundaries of reports
 * are local midnights, which move against UTC with the zone and with daylight saving.
 */

export interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;

/** Throws a RangeError naming the zone when Intl does not know it. */
export function assertTimeZone(tz: string): void {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    throw new RangeError(`unknown time zone "${tz}" (use an IANA name such as UTC or Europe/Berlin)`);
  }
}

export function localParts(ms: number, tz: string): LocalParts {
  const fmt = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const parts = fmt.formatToParts(ms);
  const pick = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  return {
    year: pick("year"),
    month: pick("month"),
    day: pick("day"),
    hour: pick("hour"),
    minute: pick("minute"),
    second: pick("second"),
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
export function zoneOffsetMs(ms: number, tz: string): number {
  const p = localParts(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time happens in the zone (the later side of a DST gap). */
export function zonedToUtc(p: LocalParts, tz: string): number {
  const naive = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const first = naive - zoneOffsetMs(naive, tz);
  const second = naive - zoneOffsetMs(first, tz);
  return second;
}

/** The same wall-clock time `days` calendar days later (23 or 25 hours across DST). */
export function addLocalDays(ms: number, days: number, tz: string): number {
  const p = localParts(ms, tz);
  const shifted = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return (
    zonedToUtc(
      { ...p, year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() },
      tz,
    ) +
    (ms % 1000)
  );
}

export interface IsoWeek {
  year: number;
  week: number;
  /** `2026-W48` */
  key: string;
}

function isoWeekOfDate(year: number, month: number, day: number): IsoWeek {
  const date = Date.UTC(year, month - 1, day);
  const dow = (new Date(date).getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(date + (3 - dow) * DAY_MS);
  const isoYear = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / DAY_MS / 7);
  return { year: isoYear, week, key: `${isoYear}-W${String(week).padStart(2, "0")}` };
}

/** The ISO week (Monday-based) holding that instant on the zone's calendar. */
export function isoWeekOf(ms: number, tz: string): IsoWeek {
  const p = localParts(ms, tz);
  return isoWeekOfDate(p.year, p.month, p.day);
}

export function isoWeeksInYear(year: number): number {
  return isoWeekOfDate(year, 12, 28).week;
}

/** [Monday 00:00, next Monday 00:00) of an ISO week in the zone. */
export function isoWeekRange(year: number, week: number, tz: string): { from: number; to: number } {
  const jan4 = Date.UTC(year, 0, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const monday = new Date(monday1 + (week - 1) * 7 * DAY_MS);
  const nextMonday = new Date(monday.getTime() + 7 * DAY_MS);
  const midnight = (d: Date) =>
    zonedToUtc(
      { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: 0, minute: 0, second: 0 },
      tz,
    );
  return { from: midnight(monday), to: midnight(nextMonday) };
}

/** `2026-11-23 14:05` in the zone. */
export function formatLocal(ms: number, tz: string, { time = true }: { time?: boolean } = {}): string {
  const p = localParts(ms, tz);
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  return time ? `${date} ${pad(p.hour)}:${pad(p.minute)}` : date;
}
