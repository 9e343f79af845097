import Fuse from "fuse.js";
import { describe, expect, it } from "vitest";
import { foldText } from "../../src/matcher/compile.ts";
import { fuzzyPattern, mayMatch } from "../../src/matcher/fuzzy-filter.ts";
import { wordsOf } from "../../src/matcher/literal-index.ts";

/** A small deterministic PRNG (mulberry32): the same cases on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A small alphabet makes near matches (a few edits away) common, where a filter could go wrong.
const ALPHABET = "abcdeABC :_-é1";

function randomText(next: () => number, min: number, max: number): string {
  const n = min + Math.floor(next() * (max - min + 1));
  let s = "";
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return s;
}

/** `base` with a few random edits: what a fuzzy query near a template looks like. */
function mutate(next: () => number, base: string, edits: number): string {
  let s = base;
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(next() * (s.length + 1));
    const c = ALPHABET[Math.floor(next() * ALPHABET.length)] ?? "a";
    const op = Math.floor(next() * 3);
    s =
      op === 0
        ? s.slice(0, at) + c + s.slice(at)
        : op === 1
          ? s.slice(0, at) + s.slice(at + 1)
          : s.slice(0, at) + c + s.slice(at + 1);
  }
  return s;
}

function fuseResults(docs: Array<{ id: number; text: string }>, query: string, threshold: number) {
  const fuse = new Fuse(docs, { keys: ["text"], includeScore: true, ignoreLocation: true, threshold });
  return fuse.search(query, { limit: 10 }).map((r) => ({ id: r.item.id, score: r.score }));
}

describe("the fuzzy pre-filter", () => {
  it("never drops a document Fuse would report, so Fuse over the kept ones gives the same hits, scores and order", () => {
    const next = rng(8);
    let dropped = 0;
    let reported = 0;
    for (let round = 0; round < 400; round++) {
      const threshold = [0.2, 0.35, 0.5][round % 3] ?? 0.35;
      const query = randomText(next, 3, 70);
      const docs = Array.from({ length: 12 }, (_, id) => {
        // Half the documents are the query (or a piece of it) a few edits away, inside other text.
        const near = next() < 0.5;
        const piece = query.slice(Math.floor(next() * 8), Math.floor(next() * 8) + 40);
        const core = near ? mutate(next, piece, Math.floor(next() * 12)) : randomText(next, 0, 60);
        return { id, text: `${randomText(next, 0, 20)}${core}${randomText(next, 0, 20)}` };
      });
      const pattern = fuzzyPattern(query, threshold);
      const kept = docs.filter((d) => mayMatch(pattern, d.text.toLowerCase()));
      dropped += docs.length - kept.length;
      const all = fuseResults(docs, query, threshold);
      reported += all.length;
      expect(kept.length === 0 ? [] : fuseResults(kept, query, threshold)).toEqual(all);
    }
    // The property means something only if both sides occur often.
    expect(dropped).toBeGreaterThan(500);
    expect(reported).toBeGreaterThan(500);
  });

  it("keeps an exact occurrence and a close typo of the query, drops unrelated text", () => {
    const pattern = fuzzyPattern("connection reset by peer", 0.35);
    expect(mayMatch(pattern, "transport error: connection reset by peer")).toBe(true);
    expect(mayMatch(pattern, "connection rest by per")).toBe(true);
    expect(mayMatch(pattern, "table not found")).toBe(false);
  });
});

describe("wordsOf", () => {
  it("gives the words of the ASCII word regex, lower-cased, in order of first appearance, whatever the script", () => {
    const reference = (text: string) => new Set([...text.matchAll(/[A-Za-z0-9_]+/g)].map((m) => m[0].toLowerCase()));
    const next = rng(3);
    const chars = "aZ9_ -:.\n\u212a\u0130\u00e9\u00c9\ud83d\ude00'";
    for (let i = 0; i < 500; i++) {
      let text = "";
      const n = Math.floor(next() * 60);
      for (let k = 0; k < n; k++) text += chars[Math.floor(next() * chars.length)];
      expect([...wordsOf(text)]).toEqual([...reference(text)]);
    }
  });
});

describe("foldText", () => {
  it("folds like lower-casing, straightening quotes and collapsing every blank run to one space", () => {
    const reference = (text: string) =>
      text
        .toLowerCase()
        .replace(/[\u2018\u2019\u00b4]/g, "'")
        .replace(/[\u201c\u201d]/g, '"')
        .replace(/\s+/g, " ");
    const next = rng(5);
    const chars = "aB \t\n\r\u00a0\u2003\u2018\u201cx";
    for (let i = 0; i < 500; i++) {
      let text = "";
      const n = Math.floor(next() * 40);
      for (let k = 0; k < n; k++) text += chars[Math.floor(next() * chars.length)];
      expect(foldText(text)).toBe(reference(text));
    }
  });
});
