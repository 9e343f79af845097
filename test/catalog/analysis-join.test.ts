import { describe, expect, it } from "vitest";
import { formatProblem, loadCatalog } from "../../src/catalog/index.ts";
import { analysisFields, dataFolder, familyLine, recordAnalysisLine } from "../support/analysis-files.ts";
import { templateRecord as template } from "../support/records.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";

const META = "src/meta/src/stream/scale.rs";

/** Records that differ in every field a rule can select on. */
const records = [
  template({
    id: "a1",
    errorMessage: "table not found: {}",
    errorClass: "CatalogError::NotFound",
    filePath: "src/frontend/src/catalog/mod.rs",
    errorType: "error_code",
    component: "frontend",
    construct: "error-attr",
    origin: "user",
  }),
  template({
    id: "a2",
    errorMessage: "table already exists: {}",
    errorClass: "CatalogError::Duplicated",
    filePath: "src/frontend/src/catalog/schema.rs",
    errorType: "error_code",
    component: "frontend",
    construct: "error-attr",
    origin: "user",
  }),
  template({
    id: "a3",
    errorMessage: "fragment should exist for job {}",
    errorClass: null,
    filePath: "src/meta/src/controller/fragment.rs",
    errorType: "panic",
    component: "meta",
    construct: "expect",
    origin: "internal",
  }),
  template({
    id: "a4",
    errorMessage: "object store error: {}",
    errorClass: "ObjectError::Internal",
    filePath: "src/object_store/src/object/error.rs",
    errorType: "error_code",
    component: "storage",
    construct: "error-attr",
    origin: "external",
  }),
];

function load(files: Record<string, readonly string[]>, recs = records) {
  return loadCatalog([dataFolder(recs, files)]);
}

function familyOf(result: ReturnType<typeof load>, id: string) {
  return result.catalog.byId(id)?.analysis;
}

describe("family rules", () => {
  it.each([
    ["errorClass exact", { errorClass: "CatalogError::NotFound" }, ["a1"]],
    ["errorClass enum::*", { errorClass: "CatalogError::*" }, ["a1", "a2"]],
    ["filePath * within a segment", { filePath: "src/frontend/src/catalog/*.rs" }, ["a1", "a2"]],
    ["filePath * does not cross a /", { filePath: "src/*.rs" }, []],
    ["filePath ** across segments", { filePath: "src/**/error.rs" }, ["a4"]],
    ["filePath **/ matches no folder too", { filePath: "src/meta/**/fragment.rs" }, ["a3"]],
    ["messagePattern", { messagePattern: "^\\w+ not found: " }, ["a1"]],
    ["component", { component: "meta" }, ["a3"]],
    ["construct", { construct: "error-attr" }, ["a1", "a2", "a4"]],
    ["origin", { origin: "external" }, ["a4"]],
    ["errorType", { errorType: "panic" }, ["a3"]],
    ["every key must hold (AND)", { errorClass: "CatalogError::*", messagePattern: "already exists" }, ["a2"]],
  ])("%s", (_name, rule, want) => {
    const result = load({ "families.jsonl": [familyLine("f", rule)] });
    expect(result.problems).toEqual([]);
    const got = result.catalog.records.filter((r) => r.analysis?.kind === "family").map((r) => r.id);
    expect(got).toEqual(want);
  });

  it("gives each matched record the family's fields, its name and its title", () => {
    const result = load({
      "families.jsonl": [
        familyLine(
          "catalog-errors",
          { errorClass: "CatalogError::*" },
          { handlingStrategy: "fix_sql" },
          { title: "A catalog object" },
        ),
      ],
    });
    const r = result.catalog.byId("a1");
    expect(r?.analysis).toMatchObject({ kind: "family", from: "catalog-errors", title: "A catalog object" });
    expect(r?.analysis?.references).toEqual(analysisFields().references);
    expect(r?.documentation).toBe(analysisFields().documentation);
    expect(r?.handlingStrategy).toBe("fix_sql");
    expect(result.catalog.byId("a3")?.analysis).toBeUndefined();
    expect(result.analysis.families).toEqual([
      expect.objectContaining({ name: "catalog-errors", records: 2, line: 1 }),
    ]);
  });

  it("gives a record the family of highest priority, then of the first file name, then the first line", () => {
    const result = load({
      "b.jsonl": [familyLine("in-b", { component: "frontend" }, {}, { priority: 5 })],
      "a.jsonl": [familyLine("first-line", { component: "frontend" }), familyLine("second-line", { origin: "user" })],
      "c.jsonl": [familyLine("in-c", { errorClass: "CatalogError::NotFound" }, {}, { priority: 5 })],
    });
    expect(result.problems).toEqual([]);
    expect(familyOf(result, "a1")?.from).toBe("in-b");
    expect(familyOf(result, "a2")?.from).toBe("in-b");
    const low = load({
      "b.jsonl": [familyLine("in-b", { component: "frontend" })],
      "a.jsonl": [familyLine("first-line", { origin: "user" }), familyLine("second-line", { component: "frontend" })],
    });
    expect(familyOf(low, "a1")?.from).toBe("first-line");
    expect(low.analysis.families.map((f) => [f.name, f.records])).toEqual([
      ["first-line", 2],
      ["second-line", 0],
      ["in-b", 0],
    ]);
  });

  it("never gives a family to a record with a record analysis or its own", () => {
    const own = template({ id: "own", errorMessage: "connection refused by {}", component: "frontend" });
    const result = load(
      {
        "records.jsonl": [recordAnalysisLine("a1", "table not found: {}", { handlingStrategy: "fix_sql" })],
        "families.jsonl": [familyLine("frontend", { component: "frontend" }, {}, { priority: 100 })],
      },
      [...records, { ...own, documentation: "Its own meaning.", solutions: ["Its own step."] }],
    );
    expect(result.problems).toEqual([]);
    expect(familyOf(result, "a1")).toMatchObject({ kind: "record", from: "a1" });
    expect(result.catalog.byId("a1")?.handlingStrategy).toBe("fix_sql");
    expect(familyOf(result, "own")).toEqual({ kind: "record", from: "own" });
    expect(result.catalog.byId("own")?.documentation).toBe("Its own meaning.");
    expect(familyOf(result, "a2")).toMatchObject({ kind: "family", from: "frontend" });
  });
});

describe("record analyses", () => {
  it("replace a record's own analysis wholesale (the seed stays verbatim on disk)", () => {
    const seed = seedById(DOWNSTREAM_ID);
    expect(seed.validationCode).toContain("table_name");
    const result = load(
      { "ops.jsonl": [recordAnalysisLine(seed.id, seed.errorMessage, { handlingStrategy: "report_bug" })] },
      [seed],
    );
    const r = result.catalog.byId(seed.id);
    expect(r?.analysis).toMatchObject({ kind: "record", from: seed.id, releases: { from: "v2.0.0", to: null } });
    expect(r?.documentation).toBe(analysisFields().documentation);
    expect(r?.handlingStrategy).toBe("report_bug");
    expect(r?.validationCode).toBeNull();
    expect(r?.tryCatchPattern).toBeNull();
    expect(r?.preventionTips).toEqual([]);
  });

  it("carry to the same error's other wordings across releases before any family", () => {
    const main = template({
      id: "new",
      errorMessage: "downstream relation missing for {} -> {}",
      filePath: META,
      releases: ["v2.0.0", "main"],
    });
    const old = template({
      id: "old",
      errorMessage: "downstream relation is missing for {} -> {}",
      filePath: META,
      releases: ["v1.4.0"],
    });
    const elsewhere = template({
      id: "far",
      errorMessage: "downstream relation missing for {} -> {}",
      filePath: "src/x.rs",
    });
    const other = template({ id: "other", errorMessage: "actor not found in the fragment {}", filePath: META });
    const result = load(
      {
        "ops.jsonl": [recordAnalysisLine("new", main.errorMessage)],
        "families.jsonl": [familyLine("meta", { filePath: "src/meta/**" })],
      },
      [main, old, elsewhere, other],
    );
    expect(result.problems).toEqual([]);
    expect(familyOf(result, "old")).toMatchObject({ kind: "record", from: "new" });
    expect(familyOf(result, "far")).toMatchObject({ kind: "record", from: "new" });
    expect(result.catalog.byId("old")?.documentation).toBe(analysisFields().documentation);
    expect(familyOf(result, "other")).toMatchObject({ kind: "family", from: "meta" });
    expect(result.analysis.carried).toBe(2);
    expect(result.analysis.analysed).toEqual({ record: 3, family: 1, none: 0 });
  });

  it("warn, naming the id, when no loaded record has it", () => {
    const result = load({
      "ops.jsonl": [recordAnalysisLine("a1", "table not found: {}"), recordAnalysisLine("feedface00000000", "gone")],
    });
    expect(result.problems).toEqual([]);
    expect(result.analysis.recordAnalyses).toEqual({ found: ["a1"], missing: ["feedface00000000"] });
    expect(result.warnings).toEqual([
      expect.stringMatching(/ops\.jsonl:2: analysis for id feedface00000000: no loaded record has this id/),
    ]);
  });

  it("are refused when their errorMessage differs from the record's", () => {
    const result = load({ "ops.jsonl": [recordAnalysisLine("a1", "table not found {}")] });
    expect(result.problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        /analysis\/ops\.jsonl:1: field "analysis\.errorMessage": differs from record a1's errorMessage "table not found: \{\}"$/,
      ),
    ]);
    expect(result.catalog.byId("a1")?.analysis).toBeUndefined();
  });
});

describe("bad analysis lines", () => {
  it("are named by file, line and field, skipped, and the good lines still load", () => {
    const lines = [
      "{not json",
      recordAnalysisLine("a1", "table not found: {}", { references: [] }),
      recordAnalysisLine("a2", "table already exists: {}", { references: ["http://example.com/x"] }),
      recordAnalysisLine("a3", "fragment should exist for job {}", { handlingStrategy: "escalate" }),
      recordAnalysisLine("a4", "object store error: {}", { solution: ["typo"] }),
      familyLine("bad-rule", { errorClas: "X::Y" }),
      familyLine("unsafe", { messagePattern: "(a+)+$" }),
      familyLine("Not-Kebab", { errorType: "panic" }),
      recordAnalysisLine("a1", "table not found: {}", { releases: { from: "v2.0.0", to: "v1.0.0" } }),
      recordAnalysisLine("a1", "table not found: {}", { documentation: " " }),
      JSON.stringify({ record: { id: "x" } }),
      recordAnalysisLine("a1", "table not found: {}"),
      recordAnalysisLine("a1", "table not found: {}"),
    ];
    const result = load({ "x.jsonl": lines });
    const shown = result.problems.map(formatProblem).map((p) => p.replace(/^.*?analysis\//, ""));
    expect(shown).toEqual([
      expect.stringMatching(/^x\.jsonl:1: invalid JSON/),
      'x.jsonl:2: field "analysis.references": needs at least one URL',
      'x.jsonl:3: field "analysis.references[0]": not an https URL',
      expect.stringMatching(
        /^x\.jsonl:4: field "analysis\.handlingStrategy": one of fix_sql, fix_config, .*report_bug$/,
      ),
      expect.stringMatching(/^x\.jsonl:5: field "analysis": .*solution/),
      expect.stringMatching(/^x\.jsonl:6: field "analysis\.for\.rule": .*errorClas/),
      expect.stringMatching(
        /^x\.jsonl:7: field "analysis\.for\.rule\.messagePattern": unsafe pattern: nested quantifier/,
      ),
      'x.jsonl:8: field "analysis.for.family": a kebab-case name',
      'x.jsonl:9: field "analysis.releases": "from" is newer than "to"',
      'x.jsonl:10: field "analysis.documentation": must not be empty',
      expect.stringMatching(/^x\.jsonl:11: expected \{"analysis"/),
      expect.stringMatching(/^x\.jsonl:13: field "analysis\.for\.id": id a1 is already analysed at .*x\.jsonl:12$/),
    ]);
    expect(result.catalog.byId("a1")?.analysis).toMatchObject({ kind: "record", from: "a1" });
    expect(result.catalog.records).toHaveLength(records.length);
  });

  it("name the same id analysed twice across files, and the same family name twice", () => {
    const result = load({
      "a.jsonl": [recordAnalysisLine("a1", "table not found: {}"), familyLine("f", { errorType: "panic" })],
      "b.jsonl": [recordAnalysisLine("a1", "table not found: {}"), familyLine("f", { errorType: "error_code" })],
    });
    expect(result.problems.map(formatProblem).map((p) => p.replace(/^.*?analysis\//, ""))).toEqual([
      expect.stringMatching(/^b\.jsonl:1: field "analysis\.for\.id": id a1 is already analysed at .*a\.jsonl:1$/),
      expect.stringMatching(
        /^b\.jsonl:2: field "analysis\.for\.family": family f is already analysed at .*a\.jsonl:2$/,
      ),
    ]);
  });

  it("warn about a family rule that matches no loaded record, or only records analysed before it", () => {
    const result = load({
      "f.jsonl": [
        familyLine("nothing", { filePath: "src/nowhere/**" }),
        familyLine("all-panics", { errorType: "panic" }),
        familyLine("shadowed", { component: "meta" }),
      ],
    });
    expect(result.warnings.map((w) => w.replace(/^.*?analysis\//, ""))).toEqual([
      "f.jsonl:1: family nothing matches no loaded record",
      "f.jsonl:3: family shadowed matches 1 record(s), all analysed by a record analysis or an earlier family",
    ]);
  });

  it("in a folder without analysis/ change nothing", () => {
    const dir = dataFolder(records, {});
    const result = loadCatalog([dir]);
    expect(result.analysisFiles).toEqual([]);
    expect(result.problems).toEqual([]);
    expect(result.catalog.records.every((r) => r.analysis === undefined)).toBe(true);
  });
});
