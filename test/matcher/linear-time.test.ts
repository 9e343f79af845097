import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/index.ts";
import { createMatcher, looksLikeError, normalizePaste, splitLayers } from "../../src/matcher/index.ts";
import { parseJsonLogLine, parseTracingLine } from "../../src/matcher/logline.ts";
import { adversarialPaste, timeOf, worstCasePastes } from "../support/adversarial.ts";
import { DATA_DIR } from "../support/bot.ts";

// Loose for a loaded machine; the regressions these catch cost seconds (256 KiB of blanks: 22 s).
const BASE_MS = 30;
const MS_PER_KIB = 1.5;

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
    expect(timeOf(() => normalizePaste(blanks))).toBeLessThan(BASE_MS + 256 * MS_PER_KIB);
    expect(timeOf(() => normalizePaste(`ERROR: x${"\t".repeat(65536)}y`))).toBeLessThan(BASE_MS + 256 * MS_PER_KIB);
  });

  it.each(passes)("%s stays within budget on 256 KiB of each worst-case unit", (_name, run) => {
    for (const [unit, text] of worstCasePastes()) {
      expect(
        timeOf(() => run(text)),
        unit,
      ).toBeLessThan(BASE_MS + 256 * MS_PER_KIB);
    }
  });

  it.each(passes)("%s stays within a per-KiB budget on adversarial pastes up to 256 KiB", (_name, run) => {
    fc.assert(
      fc.property(adversarialPaste(), ({ text, kib }) => {
        const ms = timeOf(() => run(text));
        expect(ms, `${kib} KiB starting ${JSON.stringify(text.slice(0, 40))}`).toBeLessThan(BASE_MS + kib * MS_PER_KIB);
      }),
      { numRuns: 15 },
    );
  });
});
