/**
 * What reading ten rendered cards (docs/cards/, issue 16) found on their first screens: steps and
 * meanings cut inside a command (a stray backtick and half a query) or after "; the…", and a release
 * line that said the range twice.
 */
import { describe, expect, it } from "vitest";
import { renderAnswer } from "../../src/render/index.ts";
import { firstSentences } from "../../src/render/model.ts";
import { cutProse } from "../../src/render/mrkdwn.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";
import { exact, firstScreen, result, texts } from "./fixtures.ts";

const backticks = (s: string) => (s.match(/`/g) ?? []).length;

describe("cutProse", () => {
  const sql =
    "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = 'public.users'::regclass AND i.indisprimary;";
  const step = `Check the key upstream: \`${sql}\`, then compare it with the columns you declared.`;

  it("keeps a command the cut would split whole when it ends within half the budget again", () => {
    const cut = cutProse(step, 140);
    expect(cut).toBe(`Check the key upstream: \`${sql}\`…`);
    expect(backticks(cut) % 2).toBe(0);
  });

  it("cuts before a command that would run far past the budget, not inside it", () => {
    const cut = cutProse(step, 60);
    expect(cut).toBe("Check the key upstream…");
    expect(backticks(cut)).toBe(0);
  });

  it("never leaves a dangling ; : , or ( before the …", () => {
    const text =
      "If the table has no key, add one upstream and run the CREATE TABLE again; for a sink the key is optional";
    expect(cutProse(text, 76)).toBe("If the table has no key, add one upstream and run the CREATE TABLE again…");
  });

  it("with clause, ends at the last clause mark in the budget's last 40%, not mid-clause", () => {
    const text =
      "The statement names an object (table, source, materialized view, schema) that does not exist where RisingWave looked for it; the search path decides where that is.";
    expect(cutProse(text, 140, true)).toBe(
      "The statement names an object (table, source, materialized view, schema) that does not exist where RisingWave looked for it…",
    );
    // A clause mark early in the text is no place to end: the words are cut instead.
    expect(cutProse("Short: then a very long clause without any mark in it that goes on and on and on", 50, true)).toBe(
      "Short: then a very long clause without any mark…",
    );
  });

  it("leaves text within the budget as it is (blanks folded)", () => {
    expect(cutProse("run  `SHOW TABLES;`\n now", 40)).toBe("run `SHOW TABLES;` now");
  });
});

describe("the card's first screen", () => {
  const record = {
    ...seedById(DOWNSTREAM_ID),
    documentation:
      "RisingWave read an upstream PostgreSQL table's columns and found no primary key where it needs one: for a CDC table declared with `(*)` (chain `failed to auto derive table schema: ...`), or for a non-append-only PostgreSQL sink's target table (chain `failed to connect to database: ..., schema: ..., table: ...`).",
    solutions: [
      "1. Check the key upstream: `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = 'public.users'::regclass AND i.indisprimary;`.",
      "2. If the table has no key, add one upstream (`ALTER TABLE public.users ADD PRIMARY KEY (id);`) and run the CREATE TABLE / CREATE SINK again; for a sink whose output is insert-only, `type = 'append-only'` does not need a key.",
      "3. If the table has a key and your release is older than v2.4.4 / v2.5.2 / v2.6.0, give the CDC user a privilege beyond SELECT on the table (for example REFERENCES), make it the owner, or upgrade to a release with the PR #22807 change.",
    ],
  };
  const msg = renderAnswer(result([exact(record, ["1002", "1004"])]), { ephemeral: false });
  const shown = texts(firstScreen(msg.blocks)).join("\n");

  it("shows no step or meaning with an unclosed code span", () => {
    const body = shown.split("\n").filter((l) => /^(\d\. |\*What it means)/.test(l));
    expect(body.length).toBeGreaterThanOrEqual(2);
    for (const line of body) expect(backticks(line) % 2, line).toBe(0);
  });

  it("shows the first step's query whole", () => {
    expect(shown).toContain("AND i.indisprimary;`");
  });
});

describe("firstSentences", () => {
  it("cuts a long first sentence at a clause, never inside a code span", () => {
    const meaning =
      "A Kafka sink with `FORMAT UPSERT` or `FORMAT DEBEZIUM` needs a key to write, and the statement did not name one with the `primary_key` option in its WITH clause.";
    const cut = firstSentences(meaning, 1, 100);
    expect(cut).toBe("A Kafka sink with `FORMAT UPSERT` or `FORMAT DEBEZIUM` needs a key to write…");
    expect(backticks(cut) % 2).toBe(0);
  });
});

describe("the release line of an old wording", () => {
  const record = seedById(DOWNSTREAM_ID);
  const release = (note: string) => ({
    releases: ["v2.3.0", "v2.4.4"],
    range: "v2.3–v2.4.4",
    inUserRelease: null,
    sourceTag: "v2.4.4",
    sourceUrl: null,
    note,
    forRelease: "an unknown release",
  });
  const line = (note: string) =>
    texts(
      firstScreen(
        renderAnswer(result([exact(record, ["1", "2"], undefined, { release: release(note) })]), { ephemeral: false })
          .blocks,
      ),
    ).find((t) => t.includes("releases v2.3–v2.4.4")) ?? "";

  it("does not say the range twice", () => {
    expect(line("this wording is from v2.3–v2.4.4")).toContain(
      "releases v2.3–v2.4.4 · _not printed by the newest release_",
    );
    expect(line("this wording is from v2.3–v2.4.4")).not.toContain("this wording is from");
  });

  it("keeps what the note adds: the newest wording, the reader's release", () => {
    expect(line('this wording is from v2.3–v2.4.4; in main the same error reads "x"')).toContain(
      'releases v2.3–v2.4.4 · _in main the same error reads "x"_',
    );
    const yours = "this wording is from v2.3–v2.4.4; your release v2.6 (this channel's setting) does not print it";
    expect(line(yours)).toContain(`_${yours}_`);
  });
});
