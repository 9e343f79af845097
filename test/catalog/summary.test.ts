import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, knowledgeLine, loadCatalog, summarizeKnowledge } from "../../src/catalog/index.ts";
import { serve } from "../../src/main.ts";
import { templateRecord } from "../support/records.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";

describe("what the knowledge base holds", () => {
  it("counts RisingWave and third-party records, analysed ones, and names the release range", () => {
    const records = [
      templateRecord({ id: "a1", errorMessage: "alpha {}", releases: ["v0.18.0", "v1.2.0"] }),
      templateRecord({ id: "a2", errorMessage: "beta {}", releases: ["v1.2.0", "v3.0.3", "main"] }),
      { ...templateRecord({ id: "t1", errorMessage: "connection refused" }), errorType: "third_party" },
      seedById(DOWNSTREAM_ID),
    ];
    const summary = summarizeKnowledge(catalogFromRecords(records));
    expect(summary).toMatchObject({ risingwave: 3, thirdParty: 1, analysed: 1 });
    expect(knowledgeLine(summary)).toBe(
      "3 RisingWave errors, v0.18.0 – v3.0.3 and main; 1 third-party; 1 with an analysis",
    );
  });

  it("says one record, and no range when no record lists releases", () => {
    const line = knowledgeLine(summarizeKnowledge(catalogFromRecords([seedById(DOWNSTREAM_ID)])));
    expect(line).toBe("1 RisingWave error; 0 third-party; 1 with an analysis");
  });

  it("is the terminal console's banner for the shipped data", async () => {
    const expected = knowledgeLine(summarizeKnowledge(loadCatalog(["data"]).catalog));
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const err: string[] = [];
    const io = { stdin, out: () => undefined, err: (t: string) => void err.push(t) };
    stdin.end();
    const code = await serve({ RWERROR_DB: ":memory:" }, io);
    expect(code).toBe(0);
    expect(err).toContain(`Knowledge base: ${expected}.`);
    expect(expected).toMatch(
      /^[\d,]+ RisingWave errors?, v0\.18\.0 – v[\d.]+ and main of [\d-]+; \d+ third-party; [\d,]+ with an analysis$/,
    );
  });
});
