import { describe, expect, it } from "vitest";
import type { ErrorRecord } from "../../src/catalog/schema.ts";
import { renderAnswer, renderAnswerText } from "../../src/render/index.ts";
import { templateRecord } from "../support/records.ts";
import { exact, firstScreen, result, texts } from "./fixtures.ts";

function withFamily(over: Partial<ErrorRecord> = {}): ErrorRecord {
  return {
    ...templateRecord({ id: "5a5a5a5a5a5a5a5a", errorMessage: "Not supported: {0}" }),
    documentation: "RisingWave refused the statement because it uses something this release does not support.",
    solutions: ["1. Read the HINT line under the error.", "2) Rewrite the statement that way."],
    analysis: { kind: "family", from: "not-supported", title: "Not supported: RisingWave rejects this on purpose" },
    ...over,
  };
}

describe("a card whose analysis is a family's (issue 16 item 2)", () => {
  it("says the analysis is about this kind of error, above what it means", () => {
    const text = texts(
      firstScreen(renderAnswer(result([exact(withFamily(), ["x"])]), { ephemeral: false }).blocks),
    ).join("\n");
    expect(text).toContain("_About this kind of error: Not supported: RisingWave rejects this on purpose_");
    expect(text.indexOf("About this kind of error")).toBeLessThan(text.indexOf("What it means"));
    expect(renderAnswerText(result([exact(withFamily(), ["x"])]))).toContain(
      "About this kind of error: Not supported: RisingWave rejects this on purpose\nWhat it means:",
    );
  });

  it("says nothing of a family for a record's own analysis", () => {
    const own = withFamily({ analysis: { kind: "record", from: "5a5a5a5a5a5a5a5a" } });
    const text = texts(firstScreen(renderAnswer(result([exact(own, ["x"])]), { ephemeral: false }).blocks)).join("\n");
    expect(text).not.toContain("About this kind of error");
  });

  it("numbers the steps once, whatever numbering the analysis wrote", () => {
    const text = texts(
      firstScreen(renderAnswer(result([exact(withFamily(), ["x"])]), { ephemeral: false }).blocks),
    ).join("\n");
    expect(text).toContain("1. Read the HINT line under the error.\n2. Rewrite the statement that way.");
    expect(text).not.toMatch(/\d\. \d[.)]/);
  });
});
