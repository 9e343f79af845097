/**
 * Issue 16's content rules, over the analyses shipped in data/analysis/: each has references and
 * releases, names only identifiers RisingWave has, suggests SQL that parses, and puts destructive steps
 * after a non-destructive one with their cost.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatProblem, listAnalysisFiles, parseAnalysisFiles } from "../../src/catalog/index.ts";
import { destructiveStepProblems } from "../support/destructive-steps.ts";
import { type FactKind, readFacts } from "../support/risingwave-facts.ts";
import { checkRisingWaveSql } from "../support/risingwave-sql.ts";

const data = fileURLToPath(new URL("../../data", import.meta.url));
const files = listAnalysisFiles([data]);
const parsed = parseAnalysisFiles(files);
const shipped = [...parsed.records, ...parsed.families];
const where = (e: { file: string; line: number }) => `${e.file.replace(/^.*\/data\//, "data/")}:${e.line}`;
const name = (e: (typeof shipped)[number]) =>
  "id" in e.analysis.for ? e.analysis.for.id : `family ${e.analysis.for.family}`;

const facts = readFacts();

describe.skipIf(files.length === 0)(
  `the shipped analyses${files.length === 0 ? " — skipped: data/analysis/ holds no files yet" : ""}`,
  () => {
    it("are in data/analysis/ and every line is valid (references, releases, fields)", () => {
      expect(parsed.problems.map(formatProblem)).toEqual([]);
      for (const e of shipped) {
        expect(e.analysis.references.length, where(e)).toBeGreaterThan(0);
        expect(e.analysis.releases, where(e)).toHaveProperty("from");
      }
    });

    it("suggest SQL that parses (PostgreSQL's parser, or one of RisingWave's own statement forms)", () => {
      const bad: string[] = [];
      for (const e of shipped) {
        for (const sql of e.analysis.identifiers?.sql ?? []) {
          const v = checkRisingWaveSql(sql);
          if (!v.ok) bad.push(`${where(e)} (${name(e)}): ${sql} → ${v.reason}`);
        }
      }
      expect(bad).toEqual([]);
    });

    it("put destructive steps after a non-destructive one, each saying what it costs", () => {
      const bad: string[] = [];
      for (const e of shipped) {
        for (const p of destructiveStepProblems(e.analysis.solutions, e.analysis.exampleFix)) {
          bad.push(`${where(e)} (${name(e)}): ${p}`);
        }
      }
      expect(bad).toEqual([]);
    });

    const why = "data/risingwave-facts.json.gz is absent (rwerror catalog build writes it beside the catalog)";
    it.skipIf(facts === null)(
      `name only system catalogs, columns, WITH options and config keys that exist${facts ? "" : ` — skipped: ${why}`}`,
      () => {
        if (!facts) return;
        const kinds: FactKind[] = ["relations", "columns", "withOptions", "configKeys"];
        expect(facts.missingKinds, "kinds the facts file lacks").toEqual([]);
        const bad: string[] = [];
        for (const e of shipped) {
          for (const kind of kinds) {
            for (const id of e.analysis.identifiers?.[kind] ?? []) {
              if (!facts.has(kind, id))
                bad.push(`${where(e)} (${name(e)}): ${kind} ${id} is not in RisingWave's sources`);
            }
          }
        }
        expect(bad).toEqual([]);
      },
    );
  },
);
