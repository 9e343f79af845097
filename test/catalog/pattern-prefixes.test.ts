import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { literalPrefixes } from "../../src/catalog/pattern-prefixes.ts";

describe("the literal texts a regex pattern's matches start with", () => {
  it.each([
    // Once the text says something, the alternatives after it (a digit, `:` or not) are not multiplied in.
    ["Os \\{ code: \\d{1,5}, kind: X|Connection refused", ["Os { code: ", "Connection refused"]],
    ["(?:Program exited with|exit code:?|Exit Code:?) 137", ["Exit Code", "exit code", "Program exited with 137"]],
    [
      "[`'\"]?Unrecognized field",
      ['"Unrecognized field', "'Unrecognized field", "Unrecognized field", "`Unrecognized field"],
    ],
    ["(?:SSL handshake failed: )?certificate", ["SSL handshake failed: certificate", "certificate"]],
    ["\\d+ rows", [..."0123456789"]],
    ["(?=x)xy|y", ["xy", "y"]],
    ["[’']quoted", ["'quoted", "’quoted"]],
    ["\\x41\\u00e9", ["Aé"]],
    // Without the `u` flag a character outside the BMP is two code units.
    ["😀x", ["😀x"]],
    ["exit code|exit code:", ["exit code"]],
    ["(?:a|)b", ["ab", "b"]],
  ])("%s starts with one of %j", (pattern, expected) => {
    expect(literalPrefixes(pattern)).toEqual([...expected].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)));
  });

  it.each(["(.+?) exists", ".{0,10}x", "\\s*x", "[^x]y", "\\S+", "(a)?\\1b", "\\W", "[a-z]x", "(?:a|)", "x?"])(
    "does not bound %s, which may start with any character",
    (pattern) => {
      expect(literalPrefixes(pattern)).toBeNull();
    },
  );

  it("bounds every whole match: a text a small pattern matches starts with one of its prefixes", () => {
    const alphabet = ["a", "b", "c", "x", "1", " ", "'", "’", "é", "中"];
    const patterns = [
      "a?b",
      "(?:ab|c)?x",
      "[ab]c|c1",
      "[a-c]*x",
      "\\d?a",
      "(?:(?=a)|b)a",
      "a{0,2}b|c",
      "(?:x1)+a",
      "a{2}x?b",
      "(?:’|')a",
      "b(?:a|c)+1",
    ];
    let matched = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...patterns),
        fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 5 }),
        (pattern, chars) => {
          const text = chars.join("");
          const prefixes = literalPrefixes(pattern);
          if (prefixes === null || !new RegExp(`^(?:${pattern})$`, "s").test(text)) return;
          matched++;
          expect(prefixes.some((p) => text.startsWith(p))).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
    expect(matched).toBeGreaterThan(20);
  });

  it("holds for the shipped third-party pack: each regex that matches its own message starts with a prefix", () => {
    const records = readFileSync(new URL("../../data/third-party.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { record: { messagePattern: string; errorMessage: string } }).record);
    let checked = 0;
    for (const r of records) {
      const text = r.errorMessage.replace(/\{[^{}]*\}/g, "x");
      if (!new RegExp(`^(?:${r.messagePattern})$`, "s").test(text)) continue;
      const prefixes = literalPrefixes(r.messagePattern);
      if (prefixes !== null)
        expect(
          prefixes.some((p) => text.startsWith(p)),
          r.messagePattern,
        ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
