import { describe, expect, it } from "vitest";
import type { CaseOutcome } from "../../src/cli/eval.ts";
import { fitFloor, halfOf, scoreFloor, WRONG_ANSWER_COST } from "../../src/cli/eval-halves.ts";
import type { MatchResult } from "../../src/matcher/index.ts";

/** A labelled case the matcher would answer at `confidence` (when answerable), right or wrong. */
function outcome(source: string, confidence: number, right: boolean, answerable = true, templated = true): CaseOutcome {
  const result: MatchResult = {
    looksLikeError: true,
    truncated: false,
    inputBytes: 10,
    layers: [],
    matches: [],
    verdict: "answer",
    decision: { confidence, answerable },
  };
  return {
    case: { text: `paste ${source}`, expected: templated ? ["t"] : [], expectedAnyRelease: [], shape: "psql", source },
    result,
    accepted: templated ? ["t"] : [],
    top: "t",
    confidence,
    right,
  };
}

describe("held-out halves", () => {
  it("fits the floor above a confident wrong answer when it costs more than the right ones it gives up", () => {
    const cases = [
      outcome("a", 0.95, true),
      outcome("b", 0.9, true),
      outcome("c", 0.62, false, true, false),
      outcome("d", 0.7, true),
    ];
    const floor = fitFloor(cases);
    expect(floor).toBeGreaterThan(0.62);
    expect(floor).toBeLessThanOrEqual(0.7);
    expect(scoreFloor(cases, floor)).toMatchObject({ answers: 3, answersRight: 3, wrongAnswers: 0 });
  });

  it("keeps a wrong answer when enough right ones sit at the same confidence to pay for it", () => {
    const many = Array.from({ length: WRONG_ANSWER_COST + 1 }, (_x, i) => outcome(`r${i}`, 0.62, true));
    expect(fitFloor([...many, outcome("w", 0.62, false)])).toBeLessThanOrEqual(0.62);
  });

  it("never answers what the matcher would not state at any confidence", () => {
    const s = scoreFloor([outcome("x", 0.99, false, false)], 0.5);
    expect(s).toMatchObject({ answers: 0, wrongAnswers: 0 });
  });

  it("splits by a stable hash, not by position", () => {
    const o = outcome("https://github.com/x/y/issues/1", 0.9, true);
    expect(halfOf(o)).toBe(halfOf({ ...o }));
    const halves = Array.from({ length: 200 }, (_x, i) => halfOf(outcome(`s${i}`, 0.9, true)));
    expect(halves.filter((h) => h === "A").length).toBeGreaterThan(70);
    expect(halves.filter((h) => h === "B").length).toBeGreaterThan(70);
  });
});
