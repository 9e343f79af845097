import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import { evaluate, formatReport, parseLabelled } from "../../src/cli/eval.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { corpusDir, seedRecords } from "../support/seeds.ts";

const templates = `${corpusDir}risingwave-templates.jsonl`;
const logMessages = `${corpusDir}risingwave-log-messages.jsonl`;
const present = existsSync(templates) && existsSync(logMessages);
const chatterFile = new URL("../fixtures/matcher/chatter-multilingual.txt", import.meta.url);

function cases(name: string) {
  const file = `${corpusDir}${name}`;
  const problems: string[] = [];
  const out = parseLabelled(name, readFileSync(file, "utf8"), problems);
  expect(problems).toEqual([]);
  return out;
}

describe("rwerror eval report", () => {
  it("counts top-1, wrong answers and reliability buckets from both labelled formats", () => {
    const seed = seedRecords()[0];
    if (!seed) throw new Error("no seed record");
    const catalog = catalogFromRecords([
      {
        ...seed,
        id: "a1",
        slug: "division-by-zero",
        errorMessage: "Division by zero",
        messagePattern: "Division by zero",
      },
    ]);
    const matcher = createMatcher(catalog);
    const problems: string[] = [];
    const labelled = parseLabelled(
      "t.jsonl",
      [
        JSON.stringify({
          input: "ERROR:  Failed to run the query\n\nCaused by:\n  Division by zero",
          expected: ["Division by zero"],
        }),
        JSON.stringify({ paste: "ERROR:  Division by zero", kind: "psql", expected: [], expectedAnyRelease: [] }),
        "not json",
      ].join("\n"),
      problems,
    );
    expect(problems).toEqual(["t.jsonl:3: not JSON"]);
    const report = evaluate("t.jsonl", labelled, matcher, false);
    expect(report.topOne).toBe(1);
    expect(report.withTemplate).toBe(1);
    expect(report.wrongAnswersNoTemplate).toBe(1);
    const text = formatReport(report);
    expect(text).toContain("top-1 (with a template):     1/1 = 100.0%");
    expect(text).toContain("0.8–1.0");
  });
});

describe.skipIf(!present)("floors on the dev sets (skipped: ../shared/corpus absent)", () => {
  const { catalog } = present ? loadCatalog([templates]) : { catalog: catalogFromRecords([]) };
  const { catalog: main } = present ? loadCatalog([templates, logMessages]) : { catalog: catalogFromRecords([]) };
  const matcher = createMatcher(catalog);
  const mainMatcher = createMatcher(main);

  it("finds the root-cause template first for at least 99% of dev-errors, with no wrong answer", () => {
    const r = evaluate("dev-errors", cases("dev-errors.jsonl"), matcher, false);
    expect(r.topOne / r.withTemplate).toBeGreaterThanOrEqual(0.99);
    expect(r.wrongAnswers).toHaveLength(0);
  });

  it("finds the root cause first for at least 90% of real pastes with a template, and answers at most 2 without one", () => {
    const r = evaluate("real-pastes-dev", cases("real-pastes-dev.jsonl"), mainMatcher, false);
    console.log(formatReport(r));
    expect(r.topOne / r.withTemplate).toBeGreaterThanOrEqual(0.9);
    expect(r.wrongAnswersNoTemplate).toBeLessThanOrEqual(2);
  });

  it("never answers Slack small talk about errors, in any language", () => {
    const lines = readFileSync(chatterFile, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "");
    expect(lines.length).toBeGreaterThanOrEqual(80);
    const answered = lines.filter((l) => mainMatcher.match(l).verdict === "answer");
    expect(answered).toEqual([]);
  });
});
