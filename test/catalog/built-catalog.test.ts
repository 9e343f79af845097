import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { knowledgeLine, loadCatalog, summarizeKnowledge } from "../../src/catalog/index.ts";
import { templateRecord } from "../support/records.ts";

const header = {
  builtBy: "rwerror 0.1.0",
  builtAt: "2026-12-03T10:00:00.000Z",
  source: "risingwavelabs/risingwave",
  revisions: [
    { rev: "v1.0.0", commit: "a".repeat(40), date: "2023-07-01T00:00:00Z" },
    { rev: "main", commit: "b".repeat(40), date: "2026-08-21T16:35:49Z" },
  ],
};

const built = {
  ...templateRecord({ id: "0123456789abcdef", errorMessage: "table or source not found: {}" }),
  releases: ["v1.0.0", "main"],
  component: "frontend",
  function: "Binder::bind_table",
  errorEnum: "CatalogError",
  variant: "NotFound",
  construct: "error-attr",
  origin: "user",
  history: { added: { release: "v1.0.0", commit: "c".repeat(40), pr: 12345 }, removed: null },
  examples: [{ sql: "select * from nope;", source: "e2e_test/batch/basic.slt:12", release: "main" }],
};

function gzFile(lines: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-built-"));
  const file = join(dir, "risingwave.jsonl.gz");
  writeFileSync(file, gzipSync(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`));
  return dir;
}

describe("a built catalog (gzip JSON Lines with a header)", () => {
  it("loads from a data folder, keeps the header, and the facts catalog build adds", () => {
    const dir = gzFile([{ header }, { record: built }]);
    const { catalog, problems, headers } = loadCatalog([dir]);
    expect(problems).toEqual([]);
    expect(headers).toEqual([header]);
    const r = catalog.byId("0123456789abcdef");
    expect(r).toMatchObject({ component: "frontend", origin: "user", history: { added: { pr: 12345 } } });
    expect(r?.examples?.[0]?.source).toBe("e2e_test/batch/basic.slt:12");
    expect(knowledgeLine(summarizeKnowledge(catalog))).toBe(
      "1 RisingWave error, v1.0.0 and main of 2026-08-21; 0 third-party; 0 with an analysis",
    );
  });

  it("names the field of a bad fact, and a header anywhere but line 1", () => {
    const dir = gzFile([
      { header },
      { record: { ...built, origin: "somebody" } },
      {
        record: { ...built, id: "fedcba9876543210", history: { added: { release: "v1.0.0", commit: null, pr: "12" } } },
      },
      { header },
    ]);
    const { problems, catalog } = loadCatalog([dir]);
    expect(catalog.records).toHaveLength(0);
    expect(problems.map((p) => [p.line, p.field])).toEqual([
      [2, "record.origin"],
      [3, "record.history.added.pr"],
      [3, "record.history.removed"],
      [4, "header"],
    ]);
  });

  it("says a broken gzip file is unreadable, naming it", () => {
    const dir = mkdtempSync(join(tmpdir(), "rwerror-built-"));
    writeFileSync(join(dir, "risingwave.jsonl.gz"), "not gzip at all");
    expect(() => loadCatalog([dir])).toThrow(/risingwave\.jsonl\.gz.*gzip/);
  });
});
