import { describe, expect, it } from "vitest";
import { refFacts } from "../../src/answer/index.ts";
import { loadCatalog } from "../../src/catalog/index.ts";
import { createMatcher, type Match, type Matcher, type MatchResult } from "../../src/matcher/index.ts";
import { refFor } from "../../src/render/card.ts";
import { type CardRef, decodeCardRef, encodeCardRef } from "../../src/render/index.ts";
import { repoRoot } from "../support/seeds.ts";
import { THIRD_PARTY_EXAMPLES } from "../third-party/examples.ts";
import { SHAPE_CASES } from "./shape-cases.ts";

// The shipped knowledge base: every release's wordings (release facts) and the third-party pack (contexts).
const { catalog } = loadCatalog([`${repoRoot}data`]);
const matcher = createMatcher(catalog);

const facts = (m: Match) => ({
  ...(m.release ? { release: m.release } : {}),
  ...(m.context ? { context: m.context } : {}),
  ...(m.panicSite ? { panicSite: m.panicSite } : {}),
});

function known(result: MatchResult, m: Match) {
  return {
    record: m.record,
    kind: m.kind,
    captures: m.captures,
    layer: m.layer,
    outer: result.layers.slice(0, m.layerIndex),
  };
}

const VERSIONED =
  "PostgreSQL 13.14.0-RisingWave-1.9.1 (abc)\nERROR:  Failed to run the query\n\nCaused by:\n  Catalog error: table or source not found: t1";
const pastes = [VERSIONED, ...SHAPE_CASES.map(([, paste]) => paste), ...Object.values(THIRD_PARTY_EXAMPLES).flat()];

describe("the facts of a match made earlier (a card's button)", () => {
  it("are the release facts the pipeline put on it, for every shape", () => {
    let compared = 0;
    for (const paste of pastes) {
      const result = matcher.match(paste);
      for (const m of result.matches.slice(0, 2)) {
        if (m.kind === "fuzzy") continue;
        const version = result.version ? { pasteVersion: result.version.version } : undefined;
        const again = matcher.facts({ ...known(result, m), ...(m.context ? { context: m.context } : {}) }, version);
        expect(again, `${m.record.errorMessage} in ${paste.slice(0, 80)}`).toEqual(facts(m));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("keep the release the paste named: its wording's range and the link at that tag", () => {
    const result = matcher.match(VERSIONED);
    const best = result.matches[0];
    expect(best?.release?.sourceTag).toMatch(/^v1\.9/);
    const again = matcher.facts(known(result, best as Match), { pasteVersion: "1.9.1" });
    expect(again.release?.sourceTag).toBe(best?.release?.sourceTag);
    expect(again.release?.sourceUrl).toBe(best?.release?.sourceUrl);
  });

  it("are read from the card's value without running the matcher (a click cannot land on another record)", async () => {
    const paste = Object.values(THIRD_PARTY_EXAMPLES)
      .flat()
      .find((p) => matcher.match(p).matches[0]?.context);
    const result = matcher.match(paste ?? "");
    const best = result.matches[0] as Match;
    expect(best.context).toBeTruthy();
    // The button's value as the card writes it.
    const ref = refFor(best.record, { ...best, standing: "answer" });
    const decoded = decodeCardRef(encodeCardRef(ref)) as CardRef;
    const noMatching: Matcher = {
      ...matcher,
      match: () => {
        throw new Error("a click ran the matcher");
      },
    };
    const found = await refFacts(
      { matcher: noMatching } as Parameters<typeof refFacts>[0],
      best.record,
      decoded,
      undefined,
    );
    expect(found.context).toBe(best.context);
    expect(found.release).toEqual(best.release);
  });
});
