import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyLine } from "../../src/scan/classify.ts";
import { messageOf } from "../../src/scan/scan.ts";
import { shapeOf } from "../../src/scan/shape-cache.ts";
import { plainTextFromSlack } from "../../src/slack/slack-text.ts";
import { fingerprintError, maskErrorText } from "../../src/store/fingerprint.ts";
import { adversarialPaste, timeOf, worstCasePastes } from "../support/adversarial.ts";

const BASE_MS = 30;
const MS_PER_KIB = 1.5;

// The other passes that read a paste or a log line: the Slack edge, the unmatched-error fingerprint,
// and the log scanner's per-line helpers.
const passes: Array<[string, (text: string) => unknown]> = [
  ["plainTextFromSlack (edge: untokenise, redact, strip bidi)", plainTextFromSlack],
  ["maskErrorText", maskErrorText],
  ["fingerprintError", fingerprintError],
  ["scan classifyLine / messageOf / shapeOf", (t) => [classifyLine(t), messageOf(t), shapeOf(t)]],
];

describe("edge text handling runs in linear time", () => {
  it.each(passes)("%s stays within budget on 256 KiB of each worst-case unit", (_name, run) => {
    for (const [unit, text] of worstCasePastes()) {
      expect(
        timeOf(() => run(text)),
        unit,
      ).toBeLessThan(BASE_MS + 256 * MS_PER_KIB);
    }
  });

  it.each(passes)("%s stays within a per-KiB budget on adversarial input up to 256 KiB", (_name, run) => {
    fc.assert(
      fc.property(adversarialPaste(), ({ text, kib }) => {
        const ms = timeOf(() => run(text));
        expect(ms, `${kib} KiB starting ${JSON.stringify(text.slice(0, 40))}`).toBeLessThan(BASE_MS + kib * MS_PER_KIB);
      }),
      { numRuns: 15 },
    );
  });
});
