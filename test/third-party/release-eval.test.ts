import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/index.ts";
import { evaluateReleases, formatReleaseEval, type LabelledPaste } from "../../src/cli/release-eval.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { corpusDir, DOWNSTREAM_ID, seedById } from "../support/seeds.ts";

const dataDir = fileURLToPath(new URL("../../data/", import.meta.url));
const shipped = createMatcher(loadCatalog([dataDir]).catalog);

describe("the release and third-party eval", () => {
  it("counts a template right, a third-party root found, and neither for a miss", () => {
    const seed = seedById(DOWNSTREAM_ID);
    const rows: LabelledPaste[] = [
      { paste: "ERROR:  downstream relation missing for 1 -> 2", expected: [seed.errorMessage] },
      {
        paste: "ERROR:  downstream relation missing for 1 -> 2",
        expected: ["x"],
        expectedAnyRelease: [seed.errorMessage],
      },
      { paste: "ERROR:  something nobody knows", expected: ["y"] },
      {
        paste: "ERROR:  Failed to run the query\n\nCaused by:\n  Connection refused (os error 111)",
        expected: [],
        rootText: "Connection refused (os error 111)",
        rootKind: "os",
      },
      // The first match is a third-party record, but not one that explains the labelled root.
      {
        paste: "ERROR:  Failed to run the query\n\nCaused by:\n  Connection refused (os error 111)",
        expected: [],
        rootText: "some other root",
        rootKind: "os",
      },
      {
        paste: "ERROR:  an unknown RisingWave error",
        expected: [],
        rootText: "an unknown RisingWave error",
        rootKind: "risingwave-unlisted",
      },
    ];
    const result = evaluateReleases(rows, shipped);
    expect(result).toEqual({
      withTemplate: 3,
      right: 2,
      rightOnlyInOldRelease: 1,
      labelledRoots: 3,
      thirdPartyRoots: 1,
      byKind: { os: { roots: 2, thirdParty: 1 }, "risingwave-unlisted": { roots: 1, thirdParty: 0 } },
    });
    expect(formatReleaseEval(result)).toContain("a third-party record matching the root first: 1 (33.3%)");
  });

  const dev = `${corpusDir}real-pastes-dev.jsonl`;
  const releases = `${corpusDir}risingwave-releases.jsonl`;
  describe.skipIf(!existsSync(dev) || !existsSync(releases))(
    "on real-pastes-dev (skipped: ../shared/corpus absent)",
    () => {
      it("finds the third-party root of most library-rooted pastes and old wordings with every release loaded", () => {
        const rows = readFileSync(dev, "utf8")
          .split("\n")
          .filter((l) => l.trim() !== "")
          .map((l) => JSON.parse(l) as LabelledPaste);
        const result = evaluateReleases(rows, createMatcher(loadCatalog([dataDir, releases]).catalog));
        console.log(formatReleaseEval(result));
        expect(result.labelledRoots).toBe(61);
        // Measured 32 of 61 (25 of the 61 are panics or RisingWave's own text, not third-party).
        expect(result.thirdPartyRoots).toBeGreaterThanOrEqual(30);
        expect(result.rightOnlyInOldRelease).toBeGreaterThanOrEqual(9);
        expect(result.right).toBeGreaterThanOrEqual(32);
      });
    },
  );
});
