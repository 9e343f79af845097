import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import { AUTO_POST_MIN_CONFIDENCE, createMatcher } from "../../src/matcher/index.ts";
import { corpusDir } from "../support/seeds.ts";
import { FRESH_SHAPE_CASES } from "./fresh-shape-cases.ts";
import { SHAPE_CASES } from "./shape-cases.ts";

const files = [`${corpusDir}risingwave-templates.jsonl`, `${corpusDir}risingwave-log-messages.jsonl`];

describe.skipIf(!existsSync(files[0] ?? ""))(
  "shape adapters on the main catalog (skipped: ../shared/corpus absent)",
  () => {
    const { catalog } = existsSync(files[0] ?? "") ? loadCatalog(files) : { catalog: catalogFromRecords([]) };
    const matcher = createMatcher(catalog);

    it.each([...SHAPE_CASES, ...FRESH_SHAPE_CASES])("%s: %s", (_shape, paste, template, verdict) => {
      const result = matcher.match(paste);
      const best = result.matches[0];
      if (template !== null) expect(best?.record.errorMessage).toBe(template);
      if (verdict === "answer") {
        expect(result.verdict).toBe("answer");
        expect(best?.confidence).toBeGreaterThanOrEqual(AUTO_POST_MIN_CONFIDENCE);
      }
      if (verdict === "no-answer") {
        expect(result.verdict).not.toBe("answer");
        for (const m of result.matches) expect(m.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
      }
    });
  },
);
