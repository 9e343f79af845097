import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, formatProblem, loadCatalog } from "../../src/catalog/index.ts";
import {
  catalogTagFor,
  compareReleases,
  inRelease,
  parseRelease,
  releaseRange,
  sourceUrlAt,
} from "../../src/catalog/releases.ts";
import { checkRecordFast, recordSchema } from "../../src/catalog/schema.ts";
import { templateRecord as template } from "../support/records.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";

const TAGS = ["v0.18.0", "v1.4.0", "v1.9.0", "v1.10.0", "v2.4.0", "v3.0.0", "main"];

describe("release tags", () => {
  it("orders tags numerically, main last", () => {
    const shuffled = ["main", "v1.10.0", "v0.18.0", "v1.9.0", "v3.0.0", "v1.4.0", "v2.4.0"];
    expect([...shuffled].sort(compareReleases)).toEqual(TAGS);
  });

  it.each([
    ["v2.4", { major: 2, minor: 4, patch: 0 }],
    ["2.4.3", { major: 2, minor: 4, patch: 3 }],
    ["v2.4.0-rc.1", { major: 2, minor: 4, patch: 0 }],
    ["main", "main"],
    ["latest", null],
    ["2", null],
  ])("parses %s", (text, want) => {
    expect(parseRelease(text)).toEqual(want);
  });

  it("maps a user's version to the catalog tag of its minor release", () => {
    expect(catalogTagFor("v2.4", TAGS)).toBe("v2.4.0");
    expect(catalogTagFor("1.10.2", TAGS)).toBe("v1.10.0");
    // v2.0 is not in the corpus: its sources are closest to the release before it.
    expect(catalogTagFor("v2.0.1", TAGS)).toBe("v1.10.0");
    expect(catalogTagFor("v3.1", TAGS)).toBe("main");
    expect(catalogTagFor("nonsense", TAGS)).toBeUndefined();
  });

  it("writes the span a template was printed in", () => {
    expect(releaseRange(["v1.4.0", "v1.5.0", "v1.10.0"])).toBe("v1.4–v1.10");
    expect(releaseRange(["v2.1.0", "main"])).toBe("v2.1–main");
    expect(releaseRange(["v0.18.0"])).toBe("v0.18");
  });

  it("links the source at a tag, keeping the line window only where it was taken", () => {
    const r = template({
      id: "a1",
      errorMessage: "old {}",
      releases: ["v1.4.0", "v1.10.0"],
      githubUrl: "https://github.com/risingwavelabs/risingwave/blob/abc123/src/meta/src/x.rs#L10-L40",
    });
    expect(sourceUrlAt(r, "v1.10.0")).toBe(
      "https://github.com/risingwavelabs/risingwave/blob/v1.10.0/src/meta/src/x.rs#L10-L40",
    );
    expect(sourceUrlAt(r, "v1.4.0")).toBe("https://github.com/risingwavelabs/risingwave/blob/v1.4.0/src/meta/src/x.rs");
    expect(inRelease(r, "v1.4.0")).toBe(true);
    expect(inRelease(r, "v2.4.0")).toBe(false);
  });
});

describe("releases in the schema", () => {
  it("accepts a list of tags and agrees with the fast check", () => {
    for (const releases of [["v1.4.0", "main"], [], undefined, ["v1.4"], ["1.4.0"], [3], null, "v1.4.0"]) {
      const record: Record<string, unknown> = { ...seedById(DOWNSTREAM_ID) };
      if (releases === undefined) delete record.releases;
      else record.releases = releases;
      const viaZod = recordSchema.safeParse(structuredClone(record)).success;
      expect({ releases, fast: checkRecordFast(structuredClone(record)) !== undefined }).toEqual({
        releases,
        fast: viaZod,
      });
    }
    expect(recordSchema.safeParse({ ...seedById(DOWNSTREAM_ID), releases: ["v1.4.0", "main"] }).success).toBe(true);
  });

  it("validate names the bad tag by file, line and list position", () => {
    const dir = mkdtempSync(join(tmpdir(), "rwerror-releases-"));
    const file = join(dir, "multi.jsonl");
    const good = template({ id: "g1", errorMessage: "good {}", releases: ["v1.4.0", "main"] });
    const bad = template({ id: "b1", errorMessage: "bad {}", releases: ["v1.4.0", "v1.x"] });
    writeFileSync(file, `${JSON.stringify({ record: good })}\n${JSON.stringify({ record: bad })}\n`);
    const result = loadCatalog([file]);
    expect(result.problems.map(formatProblem)).toEqual([
      `${file}:2: field "record.releases[1]": not a release tag (vMAJOR.MINOR.PATCH or main)`,
    ]);
    expect(result.catalog.records.map((r) => r.id)).toEqual(["g1"]);
  });

  it("loads templates of several releases as one catalog", () => {
    const catalog = catalogFromRecords([
      template({ id: "old", errorMessage: "old wording {}", releases: ["v1.4.0", "v1.9.0"] }),
      template({ id: "new", errorMessage: "new wording {}", releases: ["v2.4.0", "main"] }),
    ]);
    expect(catalog.releaseTags).toEqual(["v1.4.0", "v1.9.0", "v2.4.0", "main"]);
    expect(catalog.byFile("src/meta/src/stream/scale.rs").map((r) => r.id)).toEqual(["old", "new"]);
  });
});

describe("analysis joins across releases", () => {
  const seed = seedById(DOWNSTREAM_ID);

  it("gives an extracted template of the same errorMessage the analysed record's remediation", () => {
    const other = template({ id: "x1", errorMessage: seed.errorMessage, releases: ["v2.7.0", "main"] });
    const joined = catalogFromRecords([seed, other]).byId("x1");
    expect(joined?.documentation).toBe(seed.documentation);
    expect(joined?.solutions).toEqual(seed.solutions);
    expect(joined?.analysisFrom).toBe(seed.id);
    expect(joined?.releases).toEqual(["v2.7.0", "main"]);
  });

  it("joins an old wording in the same file with a close pattern, not a different error", () => {
    const reworded = template({
      id: "x2",
      errorMessage: "downstream relation is missing for {} -> {}",
      releases: ["v1.4.0"],
    });
    const unrelated = template({ id: "x3", errorMessage: "no shuffle should have exactly one downstream actor id" });
    const elsewhere = template({
      id: "x4",
      errorMessage: "downstream relation is missing for {} -> {}",
      filePath: "src/x.rs",
    });
    const catalog = catalogFromRecords([seed, reworded, unrelated, elsewhere]);
    expect(catalog.byId("x2")?.analysisFrom).toBe(seed.id);
    expect(catalog.byId("x3")?.documentation).toBeNull();
    expect(catalog.byId("x4")?.documentation).toBeNull();
  });
});
