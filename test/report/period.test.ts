import { describe, expect, it } from "vitest";
import { dayEdges, PeriodError, resolvePeriod, weekPeriod } from "../../src/report/period.ts";
import { digestTargetAt, digestTargetForWeek } from "../../src/report/weekly.ts";
import { addLocalDays, isoWeekOf, isoWeeksInYear, zonedToUtc } from "../../src/report/zoned-time.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utc = (s: string) => Date.parse(s);

describe("ISO weeks in a time zone", () => {
  it("starts 2026-W48 at Monday 00:00 local time in each zone", () => {
    expect(weekPeriod("2026-W48", "UTC")).toMatchObject({
      from: utc("2026-11-23T00:00:00Z"),
      to: utc("2026-11-30T00:00:00Z"),
    });
    // Los Angeles is UTC-8 in November, Tokyo UTC+9 all year.
    expect(weekPeriod("2026-W48", "America/Los_Angeles")).toMatchObject({
      from: utc("2026-11-23T08:00:00Z"),
      to: utc("2026-11-30T08:00:00Z"),
    });
    expect(weekPeriod("2026-W48", "Asia/Tokyo")).toMatchObject({
      from: utc("2026-11-22T15:00:00Z"),
      to: utc("2026-11-29T15:00:00Z"),
    });
  });

  it.each([
    ["America/Los_Angeles", "2026-11-30T07:59:00Z", "2026-W48", "2026-11-30T08:00:00Z", "2026-W49"],
    ["Asia/Tokyo", "2026-11-29T14:59:00Z", "2026-W48", "2026-11-29T15:00:00Z", "2026-W49"],
    ["UTC", "2026-11-29T23:59:59Z", "2026-W48", "2026-11-30T00:00:00Z", "2026-W49"],
  ])(
    "puts an instant just before Monday 00:00 in %s in the old week and just after in the new",
    (tz, before, wBefore, after, wAfter) => {
      expect(isoWeekOf(utc(before), tz).key).toBe(wBefore);
      expect(isoWeekOf(utc(after), tz).key).toBe(wAfter);
      const week = weekPeriod(wBefore, tz);
      expect(utc(before) >= week.from && utc(before) < week.to).toBe(true);
      expect(utc(after) >= week.to).toBe(true);
    },
  );

  it("follows the ISO year across New Year", () => {
    expect(isoWeekOf(utc("2026-12-31T12:00:00Z"), "UTC").key).toBe("2026-W53");
    expect(isoWeekOf(utc("2027-01-03T12:00:00Z"), "UTC").key).toBe("2026-W53");
    expect(isoWeekOf(utc("2027-01-04T12:00:00Z"), "UTC").key).toBe("2027-W01");
    expect(isoWeekOf(utc("2025-12-29T12:00:00Z"), "UTC").key).toBe("2026-W01");
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
    expect(weekPeriod("2026-W01", "UTC").from).toBe(utc("2025-12-29T00:00:00Z"));
  });

  it("makes a week with a DST change 169 hours long and keeps day edges at local midnight", () => {
    // Los Angeles falls back on Sunday 2026-11-01, the last day of 2026-W44.
    const week = weekPeriod("2026-W44", "America/Los_Angeles");
    expect(week.to - week.from).toBe(7 * DAY + HOUR);
    const edges = dayEdges(week);
    expect(edges).toHaveLength(8);
    expect(edges[6]).toBe(utc("2026-11-01T07:00:00Z")); // Sunday 00:00 PDT
    expect(edges[7]).toBe(utc("2026-11-02T08:00:00Z")); // Monday 00:00 PST
  });

  it("converts wall-clock times and steps calendar days in a zone", () => {
    expect(zonedToUtc({ year: 2026, month: 7, day: 1, hour: 9, minute: 0, second: 0 }, "Europe/Berlin")).toBe(
      utc("2026-07-01T07:00:00Z"),
    );
    expect(addLocalDays(utc("2026-11-02T17:00:00Z"), -7, "America/Los_Angeles")).toBe(utc("2026-10-26T16:00:00Z"));
  });

  it("rejects weeks that do not exist", () => {
    expect(() => weekPeriod("2025-W53", "UTC")).toThrow(PeriodError);
    expect(() => weekPeriod("2026-48", "UTC")).toThrow(/ISO week/);
    expect(() => weekPeriod("2026-W00", "UTC")).toThrow(PeriodError);
  });
});

describe("report periods from flags", () => {
  const now = utc("2026-11-30T12:00:00Z");

  it("reads --since as a span ending now, 7 days by default", () => {
    expect(resolvePeriod({}, now, "UTC")).toMatchObject({ from: now - 7 * DAY, to: now });
    expect(resolvePeriod({ since: "24h" }, now, "UTC")).toMatchObject({ from: now - DAY, to: now });
    expect(resolvePeriod({ since: "2w" }, now, "UTC")).toMatchObject({ from: now - 14 * DAY });
    expect(() => resolvePeriod({ since: "7 days" }, now, "UTC")).toThrow(PeriodError);
  });

  it("reads --from/--to dates as local midnights with --to including its day", () => {
    const p = resolvePeriod({ from: "2026-11-01", to: "2026-11-07" }, now, "Asia/Tokyo");
    expect(p.from).toBe(utc("2026-10-31T15:00:00Z"));
    expect(p.to).toBe(utc("2026-11-07T15:00:00Z"));
    expect(resolvePeriod({ from: "2026-11-29T10:00:00Z" }, now, "UTC")).toMatchObject({
      from: utc("2026-11-29T10:00:00Z"),
      to: now,
    });
    expect(() => resolvePeriod({ from: "2026-11-07", to: "2026-11-01" }, now, "UTC")).toThrow(/after/);
    expect(() => resolvePeriod({ to: "2026-11-07" }, now, "UTC")).toThrow(/--from/);
    expect(() => resolvePeriod({ since: "7d", week: "2026-W48" }, now, "UTC")).toThrow(/only one/);
  });
});

describe("digest periods", () => {
  it("covers the 7 days before the run and files it under the run's ISO week", () => {
    const run = utc("2026-11-30T17:00:00Z"); // Monday 09:00 in Los Angeles
    const t = digestTargetAt(run, "America/Los_Angeles");
    expect(t.periodKey).toBe("2026-W49");
    expect(t.period).toMatchObject({ from: utc("2026-11-23T17:00:00Z"), to: run });
    // Sunday evening in Los Angeles is already Monday in UTC: the zone decides the week.
    expect(digestTargetAt(utc("2026-11-30T03:00:00Z"), "America/Los_Angeles").periodKey).toBe("2026-W48");
    expect(digestTargetAt(utc("2026-11-30T03:00:00Z"), "UTC").periodKey).toBe("2026-W49");
  });

  it("files --week W under the week after it, where its scheduled digest would be", () => {
    expect(digestTargetForWeek("2026-W48", "UTC").periodKey).toBe("2026-W49");
    expect(digestTargetForWeek("2026-W53", "UTC").periodKey).toBe("2027-W01");
  });
});
