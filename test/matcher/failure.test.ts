import { describe, expect, it } from "vitest";
import type { Catalog } from "../../src/catalog/catalog.ts";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";

/** A catalog that breaks when the annotate stage asks it for its releases. */
function breakingCatalog(): Catalog {
  const catalog = catalogFromRecords([]);
  return Object.create(catalog, {
    releaseTags: {
      get() {
        throw new TypeError("release tags unavailable");
      },
    },
  }) as Catalog;
}

describe("an exception inside the matcher", () => {
  const paste = "ERROR:  Failed to run the query\n\nCaused by:\n  secret token sk_live_abcdef was rejected";

  it("reads as no match and names the stage, the error and the paste's size and shape", () => {
    const result = createMatcher(breakingCatalog()).match(paste);
    expect(result.verdict).toBe("none");
    expect(result.matches).toEqual([]);
    expect(result.failure).toEqual({
      stage: "annotate",
      error: "TypeError",
      inputBytes: Buffer.byteLength(paste),
      lines: 4,
      shape: "psql-caused-by",
    });
  });

  it("never carries the paste's text, nor the error's message", () => {
    const failure = JSON.stringify(createMatcher(breakingCatalog()).match(paste).failure);
    expect(failure).not.toContain("sk_live");
    expect(failure).not.toContain("release tags unavailable");
  });

  it("is absent when nothing failed", () => {
    expect(createMatcher(catalogFromRecords([])).match(paste).failure).toBeUndefined();
  });
});
