import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import {
  CARD_FIRST_SCREEN,
  checkBlockKitLimits,
  filledTitle,
  renderAnswer,
  renderDetailsView,
  visibleChars,
} from "../../src/render/index.ts";
import { corpusDir } from "../support/seeds.ts";
import { BARE_PLACEHOLDER, exact, firstScreen, result, texts } from "./fixtures.ts";

const templates = join(corpusDir, "risingwave-templates.jsonl");

describe.skipIf(!existsSync(templates))("every corpus record as a card (skipped: ../shared/corpus not present)", () => {
  const { catalog } = existsSync(templates) ? loadCatalog([templates]) : { catalog: catalogFromRecords([]) };

  it("fits the first screen and Block Kit's limits, with no bare placeholder, for all 5,812 records", () => {
    const over: string[] = [];
    let withSource = 0;
    for (const record of catalog.records) {
      const holes = (record.errorMessage.match(/\{[^{}]*\}/g) ?? []).map((_, i) => `v${i}`);
      const msg = renderAnswer(result([exact(record, holes)]), { ephemeral: true });
      const screen = firstScreen(msg.blocks);
      if (screen.length > CARD_FIRST_SCREEN.blocks || visibleChars(screen) > CARD_FIRST_SCREEN.chars)
        over.push(record.id);
      const problems = checkBlockKitLimits(msg);
      if (problems.length > 0) over.push(`${record.id}: ${problems.join()}`);
      const code = texts(msg.blocks)
        .map((t) => /```([\s\S]*▶[\s\S]*)```/.exec(t)?.[1])
        .find((c) => c !== undefined);
      if (code !== undefined) {
        withSource++;
        const shown = code.split("\n").length;
        if ((record.sourceCode?.split("\n").length ?? 0) >= 5 && (shown < 5 || shown > 9))
          over.push(`${record.id}: ${shown} source lines`);
      }
      expect(filledTitle(record)).not.toMatch(BARE_PLACEHOLDER);
    }
    expect(over).toEqual([]);
    expect(catalog.records.length).toBeGreaterThan(5000);
    // Records without analysis show their raising line: nearly all of them carry source code.
    expect(withSource / catalog.records.length).toBeGreaterThan(0.9);
  });

  it("opens a details modal within limits for every record", () => {
    for (const record of catalog.records.slice(0, 2000)) {
      expect(checkBlockKitLimits(renderDetailsView(record)), record.id).toEqual([]);
    }
  });
});
