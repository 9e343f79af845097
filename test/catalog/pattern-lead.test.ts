import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadCodes } from "../../src/catalog/pattern-lead.ts";

const codes = (s: string) => [...s].map((c) => c.charCodeAt(0)).sort((a, b) => a - b);

describe("the characters a regex pattern's match starts with", () => {
  it.each([
    ["Os \\{ code: \\d{1,5}", "O"],
    ["(?:Program exited with|exited with code|Exit Code:?)", "PeE"],
    ["[`'\"]?Unrecognized field", "`'\"U"],
    ["(?:SSL handshake failed: )?(?:error:[0-9A-F]{8}:)?certificate", "Sec"],
    ["\\d+ rows", "0123456789"],
    ["(?=x)x|y", "xy"],
    ["[’']quoted", "’'"],
    ["\\x41\\u00e9", "A"],
    // Without the `u` flag a character outside the BMP is two code units; a text starts with the first.
    ["😀x", "\ud83d"],
  ])("%s starts with one of %s", (pattern, expected) => {
    expect(leadCodes(pattern)).toEqual(codes(expected));
  });

  it.each(["(.+?) exists", ".{0,10}x", "\\s*x", "[^x]y", "\\S+", "(a)?\\1b", "\\W"])(
    "does not bound %s, which may start with any character",
    (pattern) => {
      expect(leadCodes(pattern)).toBeNull();
    },
  );

  it("bounds every whole match: a text a small pattern matches starts with one of its characters", () => {
    const alphabet = ["a", "b", "c", "x", "1", " ", "'", "’", "é", "中"];
    const patterns = ["a?b", "(?:ab|c)?x", "(?:a|)b", "[a-c]*x", "\\d?a", "(?:(?=a)|b)a", "a{0,2}b|c", "(?:x?)+1"];
    fc.assert(
      fc.property(
        fc.constantFrom(...patterns),
        fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 }),
        (pattern, chars) => {
          const text = chars.join("");
          const leads = leadCodes(pattern);
          if (leads === null || !new RegExp(`^(?:${pattern})$`, "s").test(text)) return;
          expect(leads).toContain(text.charCodeAt(0));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("holds for the shipped third-party pack: each regex that matches its own message starts as bounded", () => {
    const records = readFileSync(new URL("../../data/third-party.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { record: { messagePattern: string; errorMessage: string } }).record);
    let checked = 0;
    for (const r of records) {
      const text = r.errorMessage.replace(/\{[^{}]*\}/g, "x");
      if (!new RegExp(`^(?:${r.messagePattern})$`, "s").test(text)) continue;
      const leads = leadCodes(r.messagePattern);
      if (leads !== null) expect(leads, r.messagePattern).toContain(text.charCodeAt(0));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
