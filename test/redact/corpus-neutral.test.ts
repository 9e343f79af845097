import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { cleanPaste } from "../../src/redact/index.ts";
import { corpusDir } from "../support/seeds.ts";

const present = existsSync(join(corpusDir, "risingwave-templates.jsonl"));

describe.skipIf(!present)("redaction at the edge on the corpus (skipped when ../shared/corpus is absent)", () => {
  it("changes no paste's best match", () => {
    const matcher = createMatcher(loadCatalog([join(corpusDir, "risingwave-templates.jsonl")]).catalog);
    const changed: string[] = [];
    let redacted = 0;
    let total = 0;
    for (const file of ["dev-errors.jsonl", "real-pastes-dev.jsonl", "risingwave-log-messages.jsonl"]) {
      for (const line of readFileSync(join(corpusDir, file), "utf8").split("\n")) {
        if (line.trim() === "") continue;
        const row = JSON.parse(line) as Record<string, unknown>;
        const text = row.input ?? row.paste ?? row.message;
        if (typeof text !== "string") continue;
        total++;
        const clean = cleanPaste(text);
        if (clean !== text) redacted++;
        const before = matcher.match(text).matches[0]?.record.id;
        const after = matcher.match(clean).matches[0]?.record.id;
        if (before !== after) changed.push(text.slice(0, 120));
      }
    }
    expect(total).toBeGreaterThan(100);
    expect(redacted).toBeGreaterThan(0); // the corpus does hold pasted passwords
    expect(changed).toEqual([]);
  });
});
