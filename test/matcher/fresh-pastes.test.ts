import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { corpusDir } from "../support/seeds.ts";

/** Real pastes from RisingWave's GitHub issues, labelled before the matcher ever ran on them. */
interface FreshPaste {
  url: string;
  paste: string;
  expected: string[];
  rootText?: string;
  split: "tune" | "holdout";
}

const rows: FreshPaste[] = readFileSync(new URL("../fixtures/matcher/fresh-pastes.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as FreshPaste);
const files = [`${corpusDir}risingwave-templates.jsonl`, `${corpusDir}risingwave-log-messages.jsonl`];

describe.skipIf(!existsSync(files[0] ?? ""))("fresh real pastes (skipped: ../shared/corpus absent)", () => {
  const { catalog } = existsSync(files[0] ?? "") ? loadCatalog(files) : { catalog: catalogFromRecords([]) };
  const matcher = createMatcher(catalog);

  it.each(rows.filter((r) => r.expected.length > 0).map((r) => [r.url, r] as const))(
    "finds the labelled root template first: %s",
    (_url, row) => {
      expect(row.expected).toContain(matcher.match(row.paste).matches[0]?.record.errorMessage);
    },
  );

  it.each(rows.filter((r) => r.expected.length === 0).map((r) => [r.url, r] as const))(
    "states no answer for a paste whose root has no template: %s",
    (_url, row) => {
      expect(matcher.match(row.paste).verdict).not.toBe("answer");
    },
  );

  it("answers with confidence at least 85% of the pastes whose root has a template, in each part", () => {
    for (const split of ["tune", "holdout"] as const) {
      const templated = rows.filter((r) => r.split === split && r.expected.length > 0);
      const confident = templated.filter((r) => {
        const result = matcher.match(r.paste);
        return result.verdict === "answer" && r.expected.includes(result.matches[0]?.record.errorMessage ?? "");
      });
      expect(confident.length / templated.length).toBeGreaterThanOrEqual(0.85);
    }
  });
});
