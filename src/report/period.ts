import { addLocalDays, formatLocal, isoWeekOf, isoWeekRange, isoWeeksInYear, zonedToUtc } from "./zoned-time.ts";

/** A half-open time range [from, to) in ms, with a label for people. */
export interface Period {
  from: number;
  to: number;
  tz: string;
  label: string;
}

/** A period the user asked for in words that cannot be read as one. */
export class PeriodError extends Error {
  readonly code = "BAD_PERIOD";
  constructor(message: string) {
    super(message);
    this.name = "PeriodError";
  }
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export function previousPeriod(p: Period): Period {
  const length = p.to - p.from;
  return {
    from: p.from - length,
    to: p.from,
    tz: p.tz,
    label: `previous period (${rangeLabel(p.from - length, p.from, p.tz)})`,
  };
}

/** `7d`, `24h`, `2w`, `90m`: the span ending now. */
export function sincePeriod(since: string, now: number, tz: string): Period {
  const m = /^(\d+)\s*([mhdw])$/i.exec(since.trim());
  if (!m) throw new PeriodError(`--since "${since}": expected a number and a unit, like 7d, 24h or 2w`);
  const length = Number(m[1]) * (UNIT_MS[(m[2] ?? "d").toLowerCase()] ?? 0);
  if (length <= 0) throw new PeriodError(`--since "${since}": the span must be longer than zero`);
  return { from: now - length, to: now, tz, label: `last ${since.trim()} (${rangeLabel(now - length, now, tz)})` };
}

/** `2026-W48` → that ISO week, Monday 00:00 to Monday 00:00 in the zone. */
export function weekPeriod(week: string, tz: string): Period {
  const m = /^(\d{4})-?W(\d{1,2})$/i.exec(week.trim());
  const year = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || n < 1 || n > isoWeeksInYear(year)) {
    throw new PeriodError(
      `--week "${week}": expected an ISO week like 2026-W48 (weeks 1 to ${m ? isoWeeksInYear(year) : 53})`,
    );
  }
  const { from, to } = isoWeekRange(year, n, tz);
  return { from, to, tz, label: `${year}-W${String(n).padStart(2, "0")} (${rangeLabel(from, to, tz)})` };
}

/** The ISO week after `week` (`2026-W52` → `2027-W01`). */
export function nextWeekKey(week: string, tz: string): string {
  const p = weekPeriod(week, tz);
  return isoWeekOf(addLocalDays(p.from, 7, tz), tz).key;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date is local midnight in the zone; anything else must parse as an ISO timestamp. */
function parseInstant(value: string, tz: string, flag: string): { ms: number; dateOnly: boolean } {
  const d = DATE.exec(value.trim());
  if (d) {
    const ms = zonedToUtc(
      { year: +(d[1] ?? 0), month: +(d[2] ?? 0), day: +(d[3] ?? 0), hour: 0, minute: 0, second: 0 },
      tz,
    );
    if (!Number.isNaN(ms)) return { ms, dateOnly: true };
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new PeriodError(`${flag} "${value}": expected a date (2026-11-23) or an ISO timestamp`);
  return { ms, dateOnly: false };
}

/** `--from D [--to D]`: a date-only `--to` includes that whole day; no `--to` means now. */
export function rangePeriod(fromText: string, toText: string | undefined, now: number, tz: string): Period {
  const from = parseInstant(fromText, tz, "--from").ms;
  let to = now;
  if (toText !== undefined) {
    const parsed = parseInstant(toText, tz, "--to");
    to = parsed.dateOnly ? addLocalDays(parsed.ms, 1, tz) : parsed.ms;
  }
  if (to <= from) throw new PeriodError(`--to must be after --from (${fromText} … ${toText ?? "now"})`);
  return { from, to, tz, label: rangeLabel(from, to, tz) };
}

export interface PeriodFlags {
  since?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  week?: string | undefined;
}

/** One of --since, --from/--to or --week; `fallbackSince` when none is given. */
export function resolvePeriod(flags: PeriodFlags, now: number, tz: string, fallbackSince = "7d"): Period {
  const chosen = [
    flags.since !== undefined,
    flags.from !== undefined || flags.to !== undefined,
    flags.week !== undefined,
  ];
  if (chosen.filter(Boolean).length > 1) throw new PeriodError("use only one of --since, --from/--to and --week");
  if (flags.week !== undefined) return weekPeriod(flags.week, tz);
  if (flags.to !== undefined && flags.from === undefined) throw new PeriodError("--to needs --from");
  if (flags.from !== undefined) return rangePeriod(flags.from, flags.to, now, tz);
  return sincePeriod(flags.since ?? fallbackSince, now, tz);
}

export function rangeLabel(from: number, to: number, tz: string): string {
  return `${formatLocal(from, tz)} → ${formatLocal(to, tz)} ${tz}`;
}

/** Seven day buckets of a period: local-calendar days, so DST weeks still split at the same clock time. */
export function dayEdges(p: { from: number; to: number; tz: string }, days = 7): number[] {
  const edges = [p.from];
  for (let i = 1; i < days; i++) edges.push(Math.min(addLocalDays(p.from, i, p.tz), p.to));
  edges.push(p.to);
  return edges;
}
