import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/index.ts";
import { createMatcher, looksLikeError, normalizePaste, splitLayers } from "../../src/matcher/index.ts";
import { parseJsonLogLine, parseTracingLine } from "../../src/matcher/logline.ts";
import { DATA_DIR } from "../support/bot.ts";
import {
  budgetFor,
  expectLinear,
  type LinearBudget,
  linearTimeChecks,
  linearVerdict,
  MAX_QUARTER_GROWTH,
} from "../support/linear-time.ts";

// Loose for a loaded machine; the regressions these catch cost seconds (256 KiB of blanks: 22 s).
const BUDGET: LinearBudget = { baseMs: 30, msPerKib: 1.5 };

const matcher = createMatcher(loadCatalog([DATA_DIR]).catalog);

const passes: Array<[string, (text: string) => unknown]> = [
  ["normalizePaste", (t) => normalizePaste(t)],
  ["splitLayers", (t) => splitLayers(normalizePaste(t).text)],
  ["splitLayers on raw text", (t) => splitLayers(t)],
  ["looksLikeError", (t) => looksLikeError(t)],
  ["parseTracingLine / parseJsonLogLine", (t) => [parseTracingLine(t), parseJsonLogLine(t)]],
  ["matcher.match (every record pattern)", (t) => matcher.match(t)],
];

describe("matcher text handling runs in linear time", () => {
  it("normalises 256 KiB of blanks at once (the SQLSTATE suffix rescanned every blank)", () => {
    const blanks = " ".repeat(256 * 1024);
    expectLinear(normalizePaste, blanks, budgetFor(BUDGET, 256), "256 KiB of blanks");
    expectLinear(normalizePaste, `ERROR: x${"\t".repeat(65536)}y`, budgetFor(BUDGET, 64), "64 Ki tabs");
  });

  linearTimeChecks(passes, BUDGET);
});

describe("the linear-time check itself", () => {
  // Scans to the end of the text from every offset: n²/2 steps, the cost of a backtracking regex.
  const quadratic = (t: string) => {
    let n = 0;
    for (let i = 0; i < t.length; i++) for (let j = i; j < t.length; j++) if (t.charCodeAt(j) === 122) n++;
    return n;
  };
  const text = "a".repeat(8 * 1024);

  it("rejects a quadratic pass that misses its budget, by its growth from a quarter of the input", () => {
    const v = linearVerdict(quadratic, text, 1);
    expect(v.ok).toBe(false);
    expect(v.growth).toBeGreaterThan(MAX_QUARTER_GROWTH);
  });

  it("accepts a linear pass on a machine too slow for its budget", () => {
    const linear = (t: string) => {
      let n = 0;
      for (let k = 0; k < 2000; k++) for (let j = 0; j < t.length; j++) if (t.charCodeAt(j) === 122) n++;
      return n;
    };
    const v = linearVerdict(linear, text, 0.001);
    expect(v.ok).toBe(true);
    expect(v.growth).not.toBeNull();
  });
});
