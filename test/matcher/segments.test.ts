import { describe, expect, it } from "vitest";
import { parseSimplePattern } from "../../src/matcher/compile.ts";
import { matchSegments } from "../../src/matcher/segments.ts";

/** The reference semantics: an anchored, dotAll regex with lazy groups. */
function viaRegex(pattern: string, text: string): string[] | null {
  const m = new RegExp(`^(?:${pattern})$`, "s").exec(text);
  return m ? m.slice(1).map((c) => c ?? "") : null;
}

function viaSegments(pattern: string, text: string): string[] | null {
  const segments = parseSimplePattern(pattern);
  if (!segments) throw new Error(`not a simple pattern: ${pattern}`);
  return matchSegments(segments, text)?.captures ?? null;
}

describe("matchSegments", () => {
  it("captures whole values, not a one-character lazy tail", () => {
    expect(
      viaSegments("downstream relation missing for (.+?) -> (.+?)", "downstream relation missing for 1002 -> 1004"),
    ).toEqual(["1002", "1004"]);
  });

  it("lets a placeholder span lines", () => {
    expect(
      viaSegments("INCLUDE KEY clause not set\\n\\n(.+?)", "INCLUDE KEY clause not set\n\nHint: a\nexample:\nb"),
    ).toEqual(["Hint: a\nexample:\nb"]);
  });

  it("needs at least one character per placeholder", () => {
    expect(viaSegments("a(.+?)b", "ab")).toBeNull();
  });

  it("stays fast where a backtracking regex would not", () => {
    const pattern = Array.from({ length: 7 }, () => "(.+?)").join(" x ");
    const text = `${"a x ".repeat(2000)}`;
    const started = performance.now();
    viaSegments(`${pattern} z`, text);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  // Random patterns and texts over a tiny alphabet hit every overlap and backtracking case.
  it("agrees with the anchored lazy regex on random cases", () => {
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = ["a", "b", ": ", "-", "\n"];
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rand(alphabet.length)]).join("");
    for (let i = 0; i < 3000; i++) {
      const holes = 1 + rand(3);
      const literals = Array.from({ length: holes + 1 }, () => word(rand(3)));
      const escaped = literals.map((l) => l.replace(/-/g, "\\-").replace(/\n/g, "\\n"));
      const pattern = escaped.join("(.+?)");
      const text = word(2 + rand(12));
      expect(viaSegments(pattern, text), `${JSON.stringify(pattern)} on ${JSON.stringify(text)}`).toEqual(
        viaRegex(pattern, text),
      );
    }
  });
});
