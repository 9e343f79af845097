import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem, loadCatalog, parseDataset } from "../../src/catalog/index.ts";
import { corpusDir, DOWNSTREAM_ID, JOB_FRAGMENTS_ID, seedsDir, shippedData } from "../support/seeds.ts";

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "rwerror-catalog-"));
}

const seedLine = readFileSync(shippedData, "utf8").split("\n")[0] ?? "";
const seedObject = () => JSON.parse(seedLine) as { record: Record<string, unknown>; datasetVersion: string };

const haveSeeds = existsSync(seedsDir);
describe.skipIf(!haveSeeds)("the reference seeds (needs ../shared/seeds beside the repository)", () => {
  it("accepts both seed files as they are", () => {
    for (const name of readdirSync(seedsDir)) {
      const file = join(seedsDir, name);
      const parsed = parseDataset(file, readFileSync(file, "utf8"));
      expect(parsed.problems).toEqual([]);
      expect(parsed.entries).toHaveLength(1);
      expect(parsed.entries[0]?.datasetVersion).toBe("2026-09-14T16:17:12.679Z");
    }
  });

  it("ships the two seed records verbatim in data/records.jsonl", () => {
    const shipped = readFileSync(shippedData, "utf8").trim().split("\n");
    const seeds = readdirSync(seedsDir)
      .sort()
      .map((n) => readFileSync(join(seedsDir, n), "utf8").trim());
    expect(shipped).toEqual(seeds);
  });
});

describe("record schema", () => {
  it("keeps unknown extra fields of newer datasets", () => {
    const obj = seedObject();
    obj.record.futureField = { nested: [1, 2] };
    const parsed = parseDataset("x.jsonl", JSON.stringify(obj));
    expect(parsed.entries[0]?.record).toMatchObject({ futureField: { nested: [1, 2] } });
  });

  it("accepts a bare record as well as the wrapped form", () => {
    const parsed = parseDataset("bare.jsonl", JSON.stringify(seedObject().record));
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries[0]?.record.id).toBe(DOWNSTREAM_ID);
    expect(parsed.entries[0]?.datasetVersion).toBeNull();
  });

  it("rejects broken records naming file, line, field and reason", () => {
    const good = seedLine;
    const missing = seedObject();
    delete missing.record.errorMessage;
    const wrongType = seedObject();
    wrongType.record.lineNumber = "930";
    const badPattern = seedObject();
    badPattern.record.messagePattern = "unclosed (group";
    const badVersion = seedObject();
    badVersion.record.schemaVersion = 3;
    const content = [
      good,
      JSON.stringify(missing),
      "{not json",
      JSON.stringify(wrongType),
      "",
      JSON.stringify(badPattern),
      JSON.stringify(badVersion),
      "42",
    ].join("\n");
    const parsed = parseDataset("data/broken.jsonl", content);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems.map(formatProblem)).toEqual([
      'data/broken.jsonl:2: field "record.errorMessage": Invalid input: expected string, received undefined',
      expect.stringMatching(/^data\/broken\.jsonl:3: invalid JSON: /),
      'data/broken.jsonl:4: field "record.lineNumber": Invalid input: expected number, received string',
      expect.stringMatching(
        /^data\/broken\.jsonl:6: field "record\.messagePattern": does not compile as a regular expression: /,
      ),
      'data/broken.jsonl:7: field "record.schemaVersion": Invalid input: expected 2',
      "data/broken.jsonl:8: expected a JSON object (a record)",
    ]);
  });

  it("names a datasetVersion that is not a string", () => {
    const parsed = parseDataset("v.jsonl", JSON.stringify({ ...seedObject(), datasetVersion: 7 }));
    expect(parsed.entries).toEqual([]);
    expect(parsed.problems.map(formatProblem)).toEqual([
      'v.jsonl:1: field "datasetVersion": Invalid input: expected string, received number',
    ]);
  });

  it("names the line an element starts on in a JSON array", () => {
    const bad = seedObject();
    bad.record.solutions = "retry";
    const content = `[\n${seedLine},\n${JSON.stringify(bad, null, 2)}\n]`;
    const parsed = parseDataset("arr.json", content);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems).toEqual([
      {
        file: "arr.json",
        line: 3,
        field: "record.solutions",
        reason: "Invalid input: expected array, received string",
      },
    ]);
  });

  it("reads a pretty-printed single record file", () => {
    const parsed = parseDataset("one.txt", JSON.stringify(seedObject(), null, 2));
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toHaveLength(1);
  });

  it("refuses a binary file with one clear problem", () => {
    const parsed = parseDataset("blob.jsonl", "\u0000\u0001PNG");
    expect(parsed.problems).toEqual([{ file: "blob.jsonl", line: 1, field: "", reason: "binary file, not JSON" }]);
  });
});

describe("loader", () => {
  it("loads files and folders from several paths; the later file wins a duplicate id, with a warning", () => {
    const dir = tempDir();
    mkdirSync(join(dir, "more"));
    const changed = seedObject();
    changed.record.errorMessage = "changed";
    writeFileSync(join(dir, "a.jsonl"), `${readFileSync(shippedData, "utf8")}`);
    writeFileSync(join(dir, "more", "b.json"), JSON.stringify([changed]));
    writeFileSync(join(dir, "more", "rwerror.sqlite"), "not a dataset");
    const result = loadCatalog([join(dir, "a.jsonl"), join(dir, "more")]);
    expect(result.problems).toEqual([]);
    expect(result.catalog.records).toHaveLength(2);
    expect(result.catalog.byId(DOWNSTREAM_ID)?.errorMessage).toBe("changed");
    expect(result.warnings).toEqual([
      `${join(dir, "more", "b.json")}:1: duplicate id ${DOWNSTREAM_ID} replaces ${join(dir, "a.jsonl")}:1`,
    ]);
    expect(result.catalog.find("job-fragments-should-exist-for-streaming-job")?.id).toBe(JOB_FRAGMENTS_ID);
    expect(result.catalog.datasetVersion).toBe("2026-09-14T16:17:12.679Z");
  });

  it("reads files with a BOM and CRLF line ends, pretty-printed documents and arrays from disk", () => {
    const dir = tempDir();
    const lines = readFileSync(shippedData, "utf8").trim().split("\n");
    writeFileSync(join(dir, "a.jsonl"), `\uFEFF${lines.join("\r\n")}\r\n\r\n{oops\r\n`);
    writeFileSync(
      join(dir, "b.txt"),
      JSON.stringify({ ...seedObject(), record: { ...seedObject().record, id: "b" } }, null, 2),
    );
    writeFileSync(join(dir, "c.json"), JSON.stringify([{ ...seedObject().record, id: "c" }], null, 1));
    const result = loadCatalog([dir]);
    expect(result.catalog.records.map((r) => r.id).sort()).toEqual([DOWNSTREAM_ID, JOB_FRAGMENTS_ID, "b", "c"].sort());
    expect(result.problems.map(formatProblem)).toEqual([expect.stringMatching(/a\.jsonl:4: invalid JSON/)]);
  });

  it("streams a JSON Lines file larger than its read chunk without losing or splitting a line", () => {
    const dir = tempDir();
    const lines = Array.from({ length: 2500 }, (_, i) =>
      JSON.stringify({ ...seedObject(), record: { ...seedObject().record, id: `r${i}`, sourceCode: "é".repeat(900) } }),
    );
    lines[1999] = "{broken";
    writeFileSync(join(dir, "big.jsonl"), `${lines.join("\n")}\n`);
    const result = loadCatalog([join(dir, "big.jsonl")]);
    expect(result.catalog.records).toHaveLength(2499);
    expect(result.catalog.byId("r2499")?.sourceCode).toBe("é".repeat(900));
    expect(result.problems.map((p) => p.line)).toEqual([2000]);
  });

  it("reads a record line longer than the 4 MiB read buffer", () => {
    const dir = tempDir();
    const huge = { ...seedObject(), record: { ...seedObject().record, id: "huge", sourceCode: "x".repeat(5 << 20) } };
    writeFileSync(
      join(dir, "huge.jsonl"),
      `${seedLine}\n${JSON.stringify(huge)}\n${seedLine.replace(DOWNSTREAM_ID, "after")}`,
    );
    const result = loadCatalog([join(dir, "huge.jsonl")]);
    expect(result.problems).toEqual([]);
    expect(result.catalog.records.map((r) => r.id)).toEqual([DOWNSTREAM_ID, "huge", "after"]);
    expect(result.catalog.byId("huge")?.sourceCode).toHaveLength(5 << 20);
  });

  it("skips bad lines and keeps the good ones", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "x.jsonl"), `${seedLine}\n{"record": {"id": "x"}}\n`);
    const result = loadCatalog([dir]);
    expect(result.catalog.records).toHaveLength(1);
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.every((p) => p.line === 2 && p.file.endsWith("x.jsonl"))).toBe(true);
  });

  it("fails clearly on a path that does not exist", () => {
    expect(() => loadCatalog(["/nonexistent/rwerror"])).toThrow("data path not found: /nonexistent/rwerror");
  });
});

const templates = join(corpusDir, "risingwave-templates.jsonl");
describe.skipIf(!existsSync(templates))("corpus catalog (needs ../shared/corpus)", () => {
  it("accepts every line of risingwave-templates.jsonl", () => {
    const result = loadCatalog([templates]);
    expect(result.problems).toEqual([]);
    expect(result.catalog.records.length).toBe(5812);
  });
});
