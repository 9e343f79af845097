import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataFolder, familyLine, recordAnalysisLine } from "../support/analysis-files.ts";
import { templateRecord as template } from "../support/records.ts";
import { repoRoot } from "../support/seeds.ts";

const bin = join(repoRoot, "bin", "rwerror.js");

function rwerror(args: string[], env: Record<string, string> = {}, input = "") {
  const res = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    input,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      RWERROR_DB: join(mkdtempSync(join(tmpdir(), "rwerror-cli-")), "t.sqlite"),
      ...env,
    },
    timeout: 30_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

const records = [
  template({ id: "r1", errorMessage: "sink target table not found: {}", filePath: "src/connector/src/sink/mod.rs" }),
  template({
    id: "r2",
    errorMessage: "fragment should exist for job {}",
    filePath: "src/meta/src/model.rs",
    errorType: "panic",
  }),
  template({
    id: "r3",
    errorMessage: "compaction group is missing for table {}",
    filePath: "src/storage/src/hummock.rs",
  }),
];

describe("rwerror validate with analyses", () => {
  it("passes good analyses and says what they cover", () => {
    const dir = dataFolder(records, {
      "a.jsonl": [recordAnalysisLine("r1", "sink target table not found: {}")],
      "families.jsonl": [familyLine("meta-panics", { errorType: "panic", filePath: "src/meta/**" })],
    });
    const r = rwerror(["validate", dir]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(
      "3 valid record(s) in 1 file(s); 1 record analyses (0 for ids not loaded) and 1 families in 2 file(s): 1 record(s) analysed, 1 by a family, 0 problem(s)",
    );
  });

  it("lists every problem as file:line: field, warnings for what the catalog lacks, and exits 1", () => {
    const dir = dataFolder(records, {
      "a.jsonl": [
        recordAnalysisLine("r1", "sink target table not found {}"),
        recordAnalysisLine("0123456789abcdef", "an error of another catalog"),
        recordAnalysisLine("r3", "compaction group is missing for table {}", { references: [] }),
      ],
      "b.jsonl": [
        recordAnalysisLine("r3", "compaction group is missing for table {}"),
        recordAnalysisLine("r3", "compaction group is missing for table {}"),
        familyLine("unsafe", { messagePattern: "(\\w+\\s?)*$" }),
        familyLine("none", { component: "no-such-component" }),
      ],
    });
    const r = rwerror(["validate", dir]);
    expect(r.code).toBe(1);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => l.replaceAll(dir, "DATA"));
    expect(lines).toEqual([
      'DATA/analysis/a.jsonl:3: field "analysis.references": needs at least one URL',
      expect.stringMatching(
        /^DATA\/analysis\/b\.jsonl:2: field "analysis\.for\.id": id r3 is already analysed at DATA\/analysis\/b\.jsonl:1$/,
      ),
      expect.stringMatching(
        /^DATA\/analysis\/b\.jsonl:3: field "analysis\.for\.rule\.messagePattern": unsafe pattern: /,
      ),
      `DATA/analysis/a.jsonl:1: field "analysis.errorMessage": differs from record r1's errorMessage "sink target table not found: {}"`,
      "warning: DATA/analysis/a.jsonl:2: analysis for id 0123456789abcdef: no loaded record has this id (the catalog lacks it)",
      "warning: DATA/analysis/b.jsonl:4: family none matches no loaded record",
    ]);
    expect(r.stderr).toMatch(/4 problem\(s\)/);
  });

  it("checks an analysis file given by path", () => {
    const dir = dataFolder(records, {
      "a.jsonl": [recordAnalysisLine("r1", "sink target table not found: {}", { releases: {} })],
    });
    const r = rwerror(["validate", join(dir, "records.jsonl"), join(dir, "analysis", "a.jsonl")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/a\.jsonl:1: field "analysis\.releases\.from": /);
  });
});

describe("rwerror explain --json names each match's analysis", () => {
  const dir = dataFolder(records, {
    "a.jsonl": [recordAnalysisLine("r1", "sink target table not found: {}")],
    "families.jsonl": [familyLine("meta-panics", { errorType: "panic" })],
  });

  it.each([
    ["a record analysis", "sink target table not found: public.t1", "r1", "record"],
    ["a family", "fragment should exist for job 42", "r2", "family"],
    ["none", "compaction group is missing for table 7", "r3", null],
  ])("%s", (_name, paste, id, kind) => {
    const r = rwerror(["explain", "--json", paste], { RWERROR_DATA: dir });
    expect(r.code).toBe(0);
    const match = JSON.parse(r.stdout).matches[0];
    expect(match).toMatchObject({ id, analysis: kind });
  });

  it("skips a bad analysis line with one warning when serving", () => {
    const bad = dataFolder(records, {
      "a.jsonl": ["{oops", recordAnalysisLine("r1", "sink target table not found: {}")],
    });
    const r = rwerror(["explain", "--json", "sink target table not found: t"], { RWERROR_DATA: bad });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).matches[0]).toMatchObject({ id: "r1", analysis: "record" });
    expect(r.stderr).toMatch(/warning: skipped .*a\.jsonl:1: invalid JSON/);
  });
});
