import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unescapeSlack } from "../../src/answer/clean.ts";
import { catalogFromRecords, loadCatalog } from "../../src/catalog/index.ts";
import { AUTO_POST_MIN_CONFIDENCE, createMatcher, looksLikeError } from "../../src/matcher/index.ts";
import { CORPUS_DIR, chatter, noMatchPastes, shortTailChatter } from "./fixtures.ts";
import { chainCases, type SyntheticCase, syntheticCases } from "./synthetic.ts";

const dir = fileURLToPath(CORPUS_DIR);

interface DevCase {
  input: string;
  expected: string[];
}

describe.skipIf(!existsSync(dir))("on the corpus (skipped: ../shared/corpus not present)", () => {
  // vitest runs a skipped describe's body while collecting: load only when the corpus is there.
  const { catalog } = existsSync(dir)
    ? loadCatalog([`${dir}risingwave-templates.jsonl`])
    : { catalog: catalogFromRecords([]) };
  const matcher = createMatcher(catalog);

  it("every corpus pattern compiles", () => {
    for (const r of catalog.records) expect(() => new RegExp(r.messagePattern, "s"), r.id).not.toThrow();
  });

  it("finds the expected template first for at least 95% of dev-errors", () => {
    const cases = readFileSync(`${dir}dev-errors.jsonl`, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as DevCase);
    const misses: string[] = [];
    for (const c of cases) {
      const best = matcher.match(c.input).matches[0];
      if (!best || !c.expected.includes(best.record.errorMessage)) misses.push(c.input.slice(0, 120));
    }
    const accuracy = (cases.length - misses.length) / cases.length;
    console.log(`dev-errors top-1: ${(accuracy * 100).toFixed(1)}% of ${cases.length}`, misses);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });

  const MANGLINGS: Array<[string, (s: string) => string]> = [
    ["psql instead of a driver", (s) => s.replace(/^\s*db error: ERROR: /, "ERROR:  ")],
    [
      "Slack escaping and quoting, undone once at the edge",
      (s) =>
        unescapeSlack(
          s
            .replace(/&/g, "&amp;")
            .replace(/</g, "&lt;")
            .replace(/>/g, "&gt;")
            .split("\n")
            .map((l) => `&gt; ${l}`)
            .join("\n"),
        ),
    ],
    ["a code fence", (s) => `\`\`\`\n${s}\n\`\`\``],
    ["a glued code fence", (s) => `\`\`\`${s}\`\`\``],
    ["CRLF line ends", (s) => s.replace(/\n/g, "\r\n")],
    [
      "docker compose prefixes",
      (s) =>
        s
          .split("\n")
          .map((l) => `frontend-node-0  | ${l}`)
          .join("\n"),
    ],
    [
      "indentation on every line",
      (s) =>
        s
          .split("\n")
          .map((l) => `    ${l}`)
          .join("\n"),
    ],
    ["chatter around it", (s) => `hey, got this when running the migration:\n${s}\n\nany idea?`],
  ];

  it.each(MANGLINGS)("still finds dev-errors' expected template through %s", (_name, mangle) => {
    const cases = readFileSync(`${dir}dev-errors.jsonl`, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as DevCase);
    let hits = 0;
    for (const c of cases) {
      const best = matcher.match(mangle(c.input)).matches[0];
      if (best && c.expected.includes(best.record.errorMessage)) hits++;
    }
    expect(hits / cases.length).toBeGreaterThanOrEqual(0.95);
  });

  function topOneRate(cases: readonly SyntheticCase[]): { accuracy: number; misses: string[] } {
    const misses: string[] = [];
    for (const c of cases) {
      const best = matcher.match(c.input).matches[0];
      if (best?.record.errorMessage === c.record.errorMessage) continue;
      // Another record with a template that prints the same text is as right.
      const same = best && new RegExp(`^(?:${best.record.messagePattern})$`, "s").test(c.message.trim());
      if (!same) misses.push(`${c.record.errorMessage.slice(0, 60)} in ${c.input.slice(0, 100)}`);
    }
    return { accuracy: (cases.length - misses.length) / cases.length, misses };
  }

  it("finds the template of a rendered message first in psql, log, JSON, Slack and panic shapes", () => {
    const { accuracy, misses } = topOneRate(syntheticCases(catalog.records, 400, 2026));
    console.log(`synthetic shapes top-1: ${(accuracy * 100).toFixed(1)}% of 400`, misses);
    expect(accuracy).toBeGreaterThanOrEqual(0.97);
  });

  it("finds the root of compact chains of wrappers first", () => {
    const { accuracy, misses } = topOneRate(chainCases(catalog.records, 400, 11));
    console.log(`compact chains top-1: ${(accuracy * 100).toFixed(1)}% of 400`, misses);
    expect(accuracy).toBeGreaterThanOrEqual(0.97);
  });

  it.each([
    [
      "a compact chain in a tracing error field",
      "2026-11-30T08:00:00.123Z ERROR rw-batch risingwave_batch::task: batch task failed error=Expr error: Numeric out of range: overflow",
      "Numeric out of range: overflow",
    ],
    [
      "a JSON log line",
      JSON.stringify({
        timestamp: "2026-11-30T08:00:00Z",
        level: "ERROR",
        fields: { message: "failed to execute", error: "Expr error: Division by zero" },
        target: "risingwave_batch",
      }),
      "Division by zero",
    ],
    [
      "a panic with a thread id and a backtrace",
      "thread 'rw-streaming' (4242) panicked at src/stream/src/executor/x.rs:10:9:\nepoch must have begun before handling barrier\nstack backtrace:\n   0: rust_begin_unwind",
      "epoch must have begun before handling barrier",
    ],
    [
      "an expect() on an Err",
      "thread 'main' panicked at src/meta/src/x.rs:1:2:\nparallelism must be non-zero: ParseIntError { kind: Zero }",
      "parallelism must be non-zero",
    ],
    [
      "psql run from a file",
      "psql:create.sql:12: ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Failed to bind expression: v1 @> v2\n  2: Bind error: Cannot compare array predicate unnested type integer to unnested type character varying",
      "Cannot compare array predicate unnested type {} to unnested type {}",
    ],
    [
      "a quoted Slack paste",
      "> ERROR:  Failed to run the query\n> \n> Caused by:\n>   Invalid input syntax: Invalid ordinal number in ORDER BY: 2",
      "Invalid ordinal number in ORDER BY: {}",
    ],
    [
      "a fenced paste whose root cause only a generic template knows",
      "```\nERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Catalog error\n  2: table not found: orders\n```",
      "{object_type} not found: {name}",
    ],
  ])("finds the root cause of %s", (_name, input, expected) => {
    const result = matcher.match(input);
    expect(result.matches[0]?.record.errorMessage).toBe(expected);
    expect(result.looksLikeError).toBe(true);
  });

  it("answers no chatter and no unknown error with a confident match", () => {
    for (const text of [...chatter(), ...noMatchPastes()]) {
      for (const m of matcher.match(text).matches) {
        expect(m.confidence, `${text} → ${m.record.errorMessage}`).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
      }
    }
  });

  it.each(shortTailChatter())("never auto-answers a label line whose tail is chatter: %s", (line) => {
    for (const m of matcher.match(line).matches) {
      expect(m.confidence, `${line} → ${m.record.errorMessage}`).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
    }
  });

  it("reads every template's first line as an error after a label or psql ERROR (questions aside)", () => {
    const missed: string[] = [];
    for (const r of catalog.records) {
      const line = (r.errorMessage.split("\n")[0] ?? "").replace(/\{[^{}]*\}/g, "x1").trim();
      if (line.length < 8 || line.endsWith("?")) continue;
      for (const text of [`Internal error: ${line}`, `ERROR:  ${line}`]) if (!looksLikeError(text)) missed.push(text);
    }
    expect(missed).toEqual([]);
  });

  it("still auto-answers a generic template inside a psql error chain", () => {
    const best = matcher.match(
      "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Catalog error\n  2: database not found: a",
    ).matches[0];
    expect(best?.record.errorMessage).toBe("{object_type} not found: {name}");
    expect(best?.confidence).toBeGreaterThanOrEqual(AUTO_POST_MIN_CONFIDENCE);
  });

  it("marks every corpus-matched chatter line as not an error", () => {
    for (const line of chatter()) expect(matcher.match(line).looksLikeError, line).toBe(false);
  });
});
