import { describe } from "vitest";
import { plainTextFromSlack } from "../../src/answer/clean.ts";
import { classifyLine } from "../../src/scan/classify.ts";
import { messageOf } from "../../src/scan/scan.ts";
import { shapeOf } from "../../src/scan/shape-cache.ts";
import { fingerprintError, maskErrorText } from "../../src/store/fingerprint.ts";
import { linearTimeChecks } from "../support/linear-time.ts";

// The other passes that read a paste or a log line: the Slack edge, the unmatched-error fingerprint,
// and the log scanner's per-line helpers.
const passes: Array<[string, (text: string) => unknown]> = [
  ["plainTextFromSlack (edge: untokenise, redact, strip bidi)", plainTextFromSlack],
  ["maskErrorText", maskErrorText],
  ["fingerprintError", fingerprintError],
  ["scan classifyLine / messageOf / shapeOf", (t) => [classifyLine(t), messageOf(t), shapeOf(t)]],
];

describe("edge text handling runs in linear time", () => {
  linearTimeChecks(passes, { baseMs: 30, msPerKib: 1.5 });
});
