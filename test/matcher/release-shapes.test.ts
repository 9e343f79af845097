import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import { createMatcher, type Match } from "../../src/matcher/index.ts";
import { sameErrorText } from "../../src/matcher/release-rank.ts";
import { CORPUS_DIR } from "./fixtures.ts";

const dir = fileURLToPath(CORPUS_DIR);
const releases = `${dir}risingwave-releases.jsonl`;
const data = fileURLToPath(new URL("../../data/", import.meta.url));

/** The same error either way: the same record, the same template, or another release's words for it. */
function sameError(a: Match | undefined, b: Match | undefined): boolean {
  if (!a || !b) return a === b;
  return a.record.id === b.record.id || sameErrorText(a, b);
}

describe.skipIf(!existsSync(releases))("releases and third-party records (skipped: ../shared/corpus absent)", () => {
  const { catalog } = existsSync(releases)
    ? loadCatalog([data, releases, `${dir}risingwave-log-messages.jsonl`])
    : { catalog: catalogFromRecords([]) };
  const matcher = createMatcher(catalog);
  const inputs = existsSync(releases)
    ? readFileSync(`${dir}dev-errors.jsonl`, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => (JSON.parse(l) as { input: string }).input)
        .filter((_x, i) => i % 3 === 0)
    : [];

  it.each(["1.3.0", "1.5.0", "2.4.0"])(
    "a version line above a paste (v%s) keeps its top answer, or another release's words for the same error",
    (version) => {
      const moved: string[] = [];
      for (const input of inputs) {
        const plain = matcher.match(input);
        const dated = matcher.match(`PostgreSQL 13.14.0-RisingWave-${version} (b720f19)\n${input}`);
        const channel = matcher.match(input, { channelVersion: `v${version}` });
        for (const r of [dated, channel]) {
          if (!sameError(plain.matches[0], r.matches[0])) {
            moved.push(`${plain.matches[0]?.record.errorMessage} → ${r.matches[0]?.record.errorMessage}`);
          }
          // A release never turns an answer into a guess about a wrapper, nor a guess into an answer.
          if (r.verdict === "answer") expect(plain.verdict).toBe("answer");
        }
      }
      expect(moved).toEqual([]);
    },
  );

  it.each([
    ['schema "public": "CREATE"', "schema", "public"],
    ['table "orders": "SELECT"', "table", "orders"],
    ['function "f1": "EXECUTE"', "function", "f1"],
  ])("answers RisingWave's own privilege message over an upstream grant record: %s", (tail) => {
    const result = matcher.match(
      `ERROR:  Failed to run the query\n\nCaused by:\n  Permission denied: permission denied for ${tail}`,
    );
    expect(result.matches[0]?.record.errorMessage).toBe('permission denied for {} "{}": {:?}');
    expect(result.matches[0]?.record.errorType).not.toBe("third_party");
  });
});
