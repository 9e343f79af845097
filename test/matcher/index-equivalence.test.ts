import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import { compileCatalog, createMatcher, type MatchResult } from "../../src/matcher/index.ts";
import { LiteralIndex, wordsOf } from "../../src/matcher/literal-index.ts";
import { CORPUS_DIR, chatter, noMatchPastes, paste, pasteNames } from "./fixtures.ts";
import { syntheticCases } from "./synthetic.ts";

const dir = fileURLToPath(CORPUS_DIR);

function ranked(result: MatchResult) {
  return result.matches.map((m) => [m.record.id, m.kind, m.confidence, m.captures, m.layerIndex, m.rootCause]);
}

describe.skipIf(!existsSync(dir))("the literal index (skipped: ../shared/corpus not present)", () => {
  // vitest runs a skipped describe's body while collecting: load only when the corpus is there.
  const { catalog } = existsSync(dir)
    ? loadCatalog([`${dir}risingwave-templates.jsonl`])
    : { catalog: catalogFromRecords([]) };
  const indexed = createMatcher(catalog);
  const everyPattern = createMatcher(catalog, { useIndex: false });

  it("only prunes: the same ranked matches as trying every pattern", () => {
    const dev = readFileSync(`${dir}dev-errors.jsonl`, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { input: string }).input);
    const inputs = [
      ...dev,
      ...pasteNames().map(paste),
      ...chatter(),
      ...noMatchPastes(),
      ...syntheticCases(catalog.records, 120, 7).map((c) => c.input),
    ];
    let compared = 0;
    for (const input of inputs) {
      expect(ranked(indexed.match(input)), input.slice(0, 100)).toEqual(ranked(everyPattern.match(input)));
      compared++;
    }
    expect(compared).toBeGreaterThan(250);
  }, 120_000);

  it("finds a text's candidates by word ids as the word-set definition does, in catalog order", () => {
    const index = new LiteralIndex(compileCatalog(catalog));
    const texts = [
      ...syntheticCases(catalog.records, 60, 11).map((c) => c.input),
      ...pasteNames().map(paste),
      "Ünïcode Kelvin \u212a İstanbul FAILED to Parse_Value 0x1F mv_Sales",
    ];
    let withCandidates = 0;
    for (const text of texts) {
      const found = index.candidatesIn(text);
      expect(found).toEqual(index.candidates(wordsOf(text)));
      // A second look at the same text (stamps of the first call are stale) finds the same.
      expect(index.candidatesIn(text)).toEqual(found);
      if (found.length > 1) withCandidates++;
    }
    expect(withCandidates).toBeGreaterThan(20);
  });
});
