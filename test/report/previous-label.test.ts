import { describe, expect, it } from "vitest";
import { previousPeriod, sincePeriod, weekPeriod } from "../../src/report/period.ts";

describe("the previous period's label", () => {
  it("names its own range, not the current one", () => {
    const now = Date.parse("2026-12-02T12:00:00Z");
    const current = sincePeriod("7d", now, "UTC");
    const previous = previousPeriod(current);
    expect(previous.label).toBe("previous period (2026-11-18 12:00 → 2026-11-25 12:00 UTC)");
    expect(previous.label).not.toContain(current.label);
    expect(previousPeriod(weekPeriod("2026-W48", "UTC")).label).toContain("2026-11-16");
  });
});
