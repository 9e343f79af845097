import { describe, expect, it } from "vitest";
import { confidentMatch } from "../../src/answer/policy.ts";
import type { MatchResult } from "../../src/matcher/index.ts";
import { seedRecords } from "../support/seeds.ts";

function result(verdict: MatchResult["verdict"], confidence: number): MatchResult {
  const record = seedRecords()[0];
  if (!record) throw new Error("no seed record");
  return {
    looksLikeError: true,
    truncated: false,
    inputBytes: 10,
    layers: ["x"],
    matches: [{ record, kind: "exact", confidence, captures: [], layer: "x", layerIndex: 0, rootCause: true }],
    verdict,
  };
}

describe("auto-reply gate", () => {
  it("posts only an answer verdict", () => {
    expect(confidentMatch(result("answer", 0.9))?.record.id).toBe(seedRecords()[0]?.id);
    expect(confidentMatch(result("candidates", 0.9))).toBeUndefined();
    expect(confidentMatch(result("none", 0.9))).toBeUndefined();
  });
});
