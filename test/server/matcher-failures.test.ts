import { describe, expect, it } from "vitest";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { createMatcher, type MatchFailure, type MatchResult } from "../../src/matcher/index.ts";
import { createMetrics, instrumentMatcher } from "../../src/server/metrics.ts";

const failed = (failure: MatchFailure): MatchResult => ({
  looksLikeError: true,
  truncated: false,
  inputBytes: failure.inputBytes,
  layers: [],
  matches: [],
  verdict: "none",
  failure,
});

describe("matcher failures", () => {
  it("are counted in /metrics by stage and shape, and reported with size and shape only", async () => {
    const catalog = catalogFromRecords([]);
    const metrics = createMetrics(() => catalog);
    const failure: MatchFailure = { stage: "annotate", error: "TypeError", inputBytes: 812, lines: 6, shape: "psql" };
    const heard: MatchFailure[] = [];
    const matcher = instrumentMatcher(
      { match: () => failed(failure), search: () => [], facts: () => ({}) },
      metrics,
      (f) => heard.push(f),
    );
    matcher.match("ERROR:  password=hunter2 broke it");
    matcher.match("ERROR:  again");
    const text = await metrics.registry.metrics();
    expect(text).toContain('rwerror_matcher_failures_total{stage="annotate",shape="psql"} 2');
    expect(heard).toEqual([failure, failure]);
    expect(JSON.stringify(heard)).not.toContain("hunter2");
  });

  it("are not counted for a paste matched without one", async () => {
    const catalog = catalogFromRecords([]);
    const metrics = createMetrics(() => catalog);
    const matcher = instrumentMatcher(createMatcher(catalog), metrics, () => {
      throw new Error("no failure expected");
    });
    expect(matcher.match("ERROR:  nothing known").failure).toBeUndefined();
    expect(await metrics.registry.metrics()).not.toContain("rwerror_matcher_failures_total{");
  });
});
