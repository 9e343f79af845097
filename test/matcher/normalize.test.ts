import { describe, expect, it } from "vitest";
import { normalizePaste } from "../../src/matcher/normalize.ts";

const ESC = String.fromCharCode(0x1b);

describe("normalizePaste", () => {
  it.each([
    [
      "leaves Slack's entities and tokens to the edge (a typed &lt; stays typed)",
      "1002 -&gt; 1004 &amp;&amp; a &lt; b <@U1>",
      "1002 -&gt; 1004 &amp;&amp; a &lt; b <@U1>",
    ],
    ["drops code fences on their own lines", "```\nBind error: x\n```", "Bind error: x"],
    ["drops code fences glued to text", "```Bind error: x\nHINT: y```", "Bind error: x\nHINT: y"],
    ["drops a fence with a language tag", "```text\nBind error: x\n```", "Bind error: x"],
    [
      "unwraps a one-line paste in inline code",
      "`Bind error: GROUP BY position 2 is not in select list`",
      "Bind error: GROUP BY position 2 is not in select list",
    ],
    [
      "keeps RisingWave's own backticks while unwrapping",
      "`Invalid input syntax: Column name `vxx` in CORRESPONDING BY is not found`",
      "Invalid input syntax: Column name `vxx` in CORRESPONDING BY is not found",
    ],
    ["keeps a message that starts and ends with code spans", "`a` is not `b`", "`a` is not `b`"],
    [
      "keeps code lines inside a multi-line message",
      "x is not supported, please use `SHOW` commands for now.\n`SHOW TABLES`,\n`SHOW COLUMNS FROM [table]`",
      "x is not supported, please use `SHOW` commands for now.\n`SHOW TABLES`,\n`SHOW COLUMNS FROM [table]`",
    ],
    ["strips quote markers with and without a space", "> ERROR:  a\n>Caused by:\n>   b", "ERROR:  a\nCaused by:\n  b"],
    ["removes ANSI colours", `${ESC}[31mERROR${ESC}[0m ${ESC}[1mboom${ESC}[0m`, "ERROR boom"],
    ["turns CRLF into LF", "ERROR:  a\r\n\r\nCaused by:\r\n  b\r\n", "ERROR:  a\n\nCaused by:\n  b"],
    [
      "strips docker compose prefixes",
      "meta-node-0  | line one\nrisingwave-compute-1 | line two",
      "line one\nline two",
    ],
    ["strips kubectl prefixes", "[pod/risingwave-meta-0/meta] line one", "line one"],
    [
      "removes indentation shared by every line",
      "    Caused by:\n      inner\n\n    HINT: x",
      "Caused by:\n  inner\n\nHINT: x",
    ],
    ["drops the SQLSTATE a driver appends", "Bind error: x (SQLSTATE XX000)", "Bind error: x"],
    [
      "straightens smart quotes",
      "column \u201cfoo\u201d specified more than once, isn\u2019t it",
      'column "foo" specified more than once, isn\'t it',
    ],
    [
      "turns no-break and figure spaces into plain spaces",
      "downstream relation missing for 1002\u00a0->\u202f1004\u2007x",
      "downstream relation missing for 1002 -> 1004 x",
    ],
    [
      "drops zero-width characters and byte-order marks",
      "\ufeffdownstream rela\u200btion missing\u200c for\u2060 1002 -> 10\u200d04",
      "downstream relation missing for 1002 -> 1004",
    ],
    [
      "keeps an arrow that is not a quote marker",
      "downstream relation missing for 1002 -> 1004",
      "downstream relation missing for 1002 -> 1004",
    ],
  ])("%s", (_name, input, expected) => {
    expect(normalizePaste(input).text).toBe(expected);
  });

  it("caps very long lines", () => {
    const { text } = normalizePaste(`x${"y".repeat(100_000)}`);
    expect(text.length).toBeLessThanOrEqual(4096);
  });

  it("keeps both ends of an over-long line, so a log line's trailing error field survives", () => {
    const line = `2026-11-30T08:00:00Z ERROR risingwave_meta: failed sql="${"a".repeat(5000)}" error=boom at the end`;
    const { text } = normalizePaste(line);
    expect(text.length).toBeLessThanOrEqual(4200);
    expect(text.startsWith("2026-11-30T08:00:00Z ERROR risingwave_meta: failed sql=")).toBe(true);
    expect(text.endsWith(" error=boom at the end")).toBe(true);
  });

  it("cuts input beyond maxInputBytes and says so, never rejecting it", () => {
    const big = "a".repeat(300 * 1024);
    const result = normalizePaste(big);
    expect(result.truncated).toBe(true);
    expect(result.inputBytes).toBe(300 * 1024);
    expect(result.text.split("\n").join("").length).toBeLessThanOrEqual(262_144);
  });

  it("cuts on a character boundary", () => {
    const result = normalizePaste("é".repeat(10), { maxInputBytes: 5 });
    expect(result.truncated).toBe(true);
    expect(result.text).toBe("éé");
  });

  it("leaves short input whole", () => {
    const result = normalizePaste("Bind error: x", { maxInputBytes: 1000 });
    expect(result).toEqual({ text: "Bind error: x", truncated: false, inputBytes: 13 });
  });
});
