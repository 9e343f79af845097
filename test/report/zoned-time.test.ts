import { describe, expect, it } from "vitest";
import { dayEdges, weekPeriod } from "../../src/report/period.ts";
import { formatLocal, isoWeekRange, zonedToUtc } from "../../src/report/zoned-time.ts";

const utc = (iso: string) => Date.parse(iso);

describe("zone arithmetic across a DST gap (Temporal)", () => {
  it("starts Santiago's 2026-09-06 bucket at 01:00 that day, not on the evening before", () => {
    // Chile springs forward at 00:00 on Sunday 2026-09-06: local midnight does not exist that day.
    const edges = dayEdges(weekPeriod("2026-W36", "America/Santiago"));
    expect(formatLocal(edges[6] ?? 0, "America/Santiago")).toBe("2026-09-06 01:00");
    expect(edges[6]).toBe(utc("2026-09-06T04:00:00Z"));
    expect(formatLocal(edges[5] ?? 0, "America/Santiago")).toBe("2026-09-05 00:00");
    expect(formatLocal(edges[7] ?? 0, "America/Santiago")).toBe("2026-09-07 00:00");
  });

  it("resolves a wall time inside the gap forward and a repeated one to its first occurrence", () => {
    const gap = zonedToUtc({ year: 2026, month: 9, day: 6, hour: 0, minute: 30, second: 0 }, "America/Santiago");
    expect(gap).toBe(utc("2026-09-06T04:30:00Z"));
    const repeated = zonedToUtc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, "America/New_York");
    expect(repeated).toBe(utc("2026-11-01T05:30:00Z"));
  });

  it("makes the week holding the gap 167 hours long", () => {
    const { from, to } = isoWeekRange(2026, 36, "America/Santiago");
    expect((to - from) / 3_600_000).toBe(167);
  });
});
