import { afterEach, describe, expect, it } from "vitest";
import { occurrenceFromResult } from "../../src/answer/occurrence.ts";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import type { Store } from "../../src/store/index.ts";
import { tempDir } from "../store/temp-store.ts";
import { DOWNSTREAM_ID, seedById, seedRecords } from "../support/seeds.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

const matcher = createMatcher(catalogFromRecords(seedRecords()));

async function record(store: Store, text: string): Promise<void> {
  const occurrence = occurrenceFromResult(matcher.match(text), text, "console");
  if (!occurrence) throw new Error(`not an occurrence: ${text}`);
  await store.recordOccurrence(occurrence);
}

describe("occurrences of unmatched errors", () => {
  it("group by the error itself, whatever chatter the paste carries around it", async () => {
    env = tempDir();
    const store = await env.open();
    await record(store, "prod is down again\nERROR: zzqv failed for 12");
    await record(store, "seeing this after deploy…\nERROR: zzqv failed for 13");
    const [second, first] = await store.listOccurrences();
    expect(first?.recordId).toBeNull();
    expect(first?.fingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(second?.fingerprint).toBe(first?.fingerprint);
    expect(first?.template).toBe("zzqv failed for <NUM>");
    // The excerpt still keeps the whole paste, chatter included.
    expect(first?.excerpt).toContain("prod is down again");
  });

  it("tell different errors apart", async () => {
    env = tempDir();
    const store = await env.open();
    await record(store, "prod is down again\nERROR: zzqv failed for 12");
    await record(store, "prod is down again\nERROR: wxyk stalled on shard 3");
    const [a, b] = await store.listOccurrences();
    expect(a?.fingerprint).not.toBe(b?.fingerprint);
  });
});

describe("occurrences of matched errors", () => {
  it("are logged with the kind of match the answer came from, folded included", async () => {
    env = tempDir();
    const store = await env.open();
    const message = seedById(DOWNSTREAM_ID).errorMessage.replace(/\{[^}]*\}/g, "x");
    const exact = `ERROR:  ${message}`;
    const shouted = `ERROR:  ${message.toUpperCase().replace(/ /g, "   ")}`;
    expect(matcher.match(exact).matches[0]?.kind).toBe("exact");
    expect(matcher.match(shouted).matches[0]?.kind).toBe("folded");
    await record(store, exact);
    await record(store, shouted);
    const kinds = (await store.listOccurrences()).map((o) => [o.recordId, o.matchKind]);
    expect(kinds.sort()).toEqual([
      [DOWNSTREAM_ID, "exact"],
      [DOWNSTREAM_ID, "folded"],
    ]);
  });
});
