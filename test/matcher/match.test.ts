import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogFromRecords, type ErrorRecord, loadCatalog } from "../../src/catalog/index.ts";
import { AUTO_POST_MIN_CONFIDENCE, createMatcher } from "../../src/matcher/index.ts";
import { chatter, noMatchPastes, paste, SEED_RECORDS } from "./fixtures.ts";

const seeds = loadCatalog([fileURLToPath(SEED_RECORDS)]).catalog;
const DOWNSTREAM = "3046ab48bd5b391a";
const JOB_FRAGMENTS = "b940132d377b6d0e";
const base = seeds.records[0] as ErrorRecord;

/** A record that differs from a seed only in its template (and id): enough for the matcher. */
function record(id: string, errorMessage: string, messagePattern: string): ErrorRecord {
  return { ...base, id, slug: id, errorMessage, messagePattern };
}

function escapeTemplate(template: string): string {
  return template
    .split(/\{[^{}]*\}/)
    .map((lit) => lit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\n/g, "\\n"))
    .join("(.+?)");
}

/** Builds records from templates the way the corpus does (`{}` → `(.+?)`, literals escaped). */
function catalogOf(templates: string[]) {
  return catalogFromRecords(templates.map((t, i) => record(`r${i}`, t, escapeTemplate(t))));
}

describe("matching the seed records in every paste form", () => {
  const matcher = createMatcher(seeds);
  it.each([
    ["psql-caused-by-downstream", DOWNSTREAM],
    ["driver-db-error-downstream", DOWNSTREAM],
    ["meta-log-line", DOWNSTREAM],
    ["meta-log-quoted", DOWNSTREAM],
    ["json-log-line", DOWNSTREAM],
    ["slack-mangled", DOWNSTREAM],
    ["slack-quote-nospace", DOWNSTREAM],
    ["two-errors-log", DOWNSTREAM],
    ["psql-chain-panic", JOB_FRAGMENTS],
    ["panic-old", JOB_FRAGMENTS],
    ["panic-new", JOB_FRAGMENTS],
    ["panic-thread-id", JOB_FRAGMENTS],
  ])("%s → the right record, as the root cause, with full confidence", (name, id) => {
    const result = matcher.match(paste(name));
    const best = result.matches[0];
    expect(best?.record.id).toBe(id);
    expect(best?.kind).toBe("exact");
    expect(best?.rootCause).toBe(true);
    expect(best?.confidence).toBe(1);
    expect(result.looksLikeError).toBe(true);
  });

  it.each([
    ["no-break spaces", "downstream relation missing for 1002\u00a0->\u00a01004"],
    ["a zero-width space", "downstream relation\u200b missing for 1002 -> 1004"],
  ])("reads a paste with %s like plain text", (_name, text) => {
    const best = matcher.match(text).matches[0];
    expect(best?.record.id).toBe(DOWNSTREAM);
    expect(best?.captures).toEqual(["1002", "1004"]);
  });

  it("finds the error field at the end of a log line longer than the per-line cap", () => {
    const sql = `CREATE MATERIALIZED VIEW mv AS SELECT ${"col_a + col_b, ".repeat(280)}1 FROM t`;
    expect(sql.length).toBeGreaterThan(4200);
    const line = `2026-11-30T08:00:00.123Z ERROR risingwave_meta::rpc::ddl_controller: create failed sql="${sql}" error=Internal error: job fragments should exist for streaming job`;
    const best = matcher.match(line).matches[0];
    expect(best?.record.id).toBe(JOB_FRAGMENTS);
    expect(best?.rootCause).toBe(true);
  });

  it("captures whole values", () => {
    const best = matcher.match("downstream relation missing for 1002 -> 1004").matches[0];
    expect(best?.record.id).toBe(DOWNSTREAM);
    expect(best?.captures).toEqual(["1002", "1004"]);
    expect(best?.layer).toBe("downstream relation missing for 1002 -> 1004");
  });

  it("captures values from inside a compact chain", () => {
    const best = matcher.match("Internal error: downstream relation missing for 17 -> 42").matches[0];
    expect(best?.captures).toEqual(["17", "42"]);
  });

  it("finds nothing in pastes about other errors", () => {
    for (const p of noMatchPastes()) expect(matcher.match(p).matches, p).toEqual([]);
  });

  it("reports a 256 KiB cut", () => {
    const noise = "2026-11-30T08:00:01.000000Z  INFO risingwave_stream::x: barrier collected epoch=1\n".repeat(4000);
    const result = matcher.match(`${noise}downstream relation missing for 1 -> 2`);
    expect(result.truncated).toBe(true);
    expect(result.inputBytes).toBeGreaterThan(262_144);
    expect(createMatcher(seeds, { maxInputBytes: 1 << 20 }).match(noise).truncated).toBe(false);
  });

  it("never throws, whatever it is given", () => {
    for (const input of ["", " ", "\u0000\uffff", "(.+?)".repeat(1000), undefined as unknown as string]) {
      expect(() => matcher.match(input)).not.toThrow();
    }
  });
});

describe("ranking", () => {
  const matcher = createMatcher(
    catalogOf([
      "Bind error: {0}",
      "Executor error: {0}",
      "Item not found: {0}",
      "Invalid column: {}",
      "Lambda must return Boolean type, got {}",
      "{object_type} not found: {name}",
      "table {} not found",
      "Failed to run the query: {0}",
      "failed to load catalog",
      "Not supported: {0}\nHINT: {1}",
      "view has no fragments to describe",
      "Use `DESCRIBE` instead of `DESCRIBE FRAGMENTS`",
      "cannot determine type of empty map",
      "cannot determine type of empty map\nHINT:  Explicitly cast to the desired type, for example MAP{}::map(int,int).",
      "expected {}, found: {}",
      "proctime(), now(), number or string",
      "INCLUDE KEY clause not set\n\n{}",
      "Internal error: {0}",
      "failed to validate sink",
      "Sink not found: {}",
      "Invalid parameter {name}: {reason}",
      "Invalid parameter value: {0}",
      "dml_batch_id {dml_batch_id} item {item_index}: {e}",
      "dml_batch_id {dml_batch_id} item {item_index}: failed to parse request body: {}",
      "failed to parse request body",
      "unexpected split count: job_id={job_id}, split_total_count={}, split_completed_count={split_completed_count}",
    ]),
  );
  const top = (text: string) => matcher.match(text).matches[0];

  it.each([
    [
      "the specific template over its wrapper",
      "Bind error: Lambda must return Boolean type, got integer",
      "Lambda must return Boolean type, got {}",
    ],
    ["the inner literal of a composite layer", "Item not found: Invalid column: bar", "Invalid column: {}"],
    [
      "the root cause over outer layers",
      "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Executor error\n  2: Item not found: Invalid column: v1",
      "Invalid column: {}",
    ],
    [
      "a whole-layer generic template over a prefix that swallows words",
      "table or source not found: t_cascade",
      "{object_type} not found: {name}",
    ],
    [
      "the error, not its HINT",
      "Not supported: view has no fragments to describe\nHINT: Use `DESCRIBE` instead of `DESCRIBE FRAGMENTS`",
      "view has no fragments to describe",
    ],
    [
      "the template that spells out the HINT",
      "Bind error: cannot determine type of empty map\nHINT:  Explicitly cast to the desired type, for example MAP{}::map(int,int).",
      "cannot determine type of empty map\nHINT:  Explicitly cast to the desired type, for example MAP{}::map(int,int).",
    ],
    [
      "a template inside another's placeholder",
      "sql parser error: expected proctime(), now(), number or string, found: PROCTIME",
      "proctime(), now(), number or string",
    ],
    [
      "a multi-line template against a multi-line layer",
      "Caused by:\n  Protocol error: INCLUDE KEY clause not set\n\nHint: For FORMAT UPSERT ENCODE JSON, INCLUDE KEY must be specified.\nexample:\n    CREATE TABLE t (PRIMARY KEY (rw_key))",
      "INCLUDE KEY clause not set\n\n{}",
    ],
    [
      "an expect() on an Err (message then `: error`)",
      "thread 'main' panicked at src/x.rs:1:2:\nfailed to load catalog: Connection refused (os error 111)",
      "failed to load catalog",
    ],
    [
      "the template that spells out what a generic one's placeholder swallowed (driver chain)",
      "db error: ERROR: Failed to run the query\n\nCaused by:\n  Bind error: Sink not found: public.orders",
      "Sink not found: {}",
    ],
    [
      "the template that spells out what a generic one's placeholder swallowed (numbered chain)",
      "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Executor error\n  2: Item not found: mv_users",
      "Item not found: {0}",
    ],
    [
      "a wrapper whose label a generic template's placeholder swallowed, even around a long value",
      "Invalid parameter value: expected a positive number of seconds between one and sixty",
      "Invalid parameter value: {0}",
    ],
    [
      "a template covering the whole layer over one spelled out inside its literal text",
      "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Executor error\n  2: dml_batch_id 42 item public.orders: failed to parse request body: expected value at line 1 column 1",
      "dml_batch_id {dml_batch_id} item {item_index}: failed to parse request body: {}",
    ],
    [
      "the whole unquoted error field of a log line, `a=1, b=2` lists and all",
      "2026-11-30T12:00:00.123456Z ERROR risingwave_meta::barrier::recovery: failed to recover error=Internal error: unexpected split count: job_id=1002, split_total_count=3, split_completed_count=7",
      "unexpected split count: job_id={job_id}, split_total_count={}, split_completed_count={split_completed_count}",
    ],
  ])("prefers %s", (_name, text, expected) => {
    expect(top(text)?.record.errorMessage).toBe(expected);
  });

  it("answers the root cause even when only a wrapper explains it, with a low confidence", () => {
    const result = matcher.match(
      "Caused by these errors (recent errors listed first):\n  1: failed to validate sink\n  2: Internal error: the remote end hung up unexpectedly",
    );
    expect(result.matches[0]?.record.errorMessage).toBe("Internal error: {0}");
    expect(result.matches[0]?.rootCause).toBe(true);
    expect(result.matches[0]?.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
    expect(result.matches[1]?.record.errorMessage).toBe("failed to validate sink");
  });

  it("matches a bare wrapper label only weakly, and never as the root cause", () => {
    const result = matcher.match(
      "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Executor error\n  2: Bind error",
    );
    const labels = result.matches.filter((m) => m.kind === "exact");
    expect(labels.length).toBeGreaterThan(0);
    for (const m of labels) expect(m.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
  });

  it("gives wrappers around unexplained text a lower confidence than specific matches", () => {
    const wrapper = top("Bind error: something nobody has templated yet happened here");
    expect(wrapper?.record.errorMessage).toBe("Bind error: {0}");
    expect(wrapper?.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
    expect(top("Lambda must return Boolean type, got integer")?.confidence).toBe(1);
  });

  it.each([
    ["Internal error: no idea why", "Internal error: {0}"],
    ["Invalid column: ask Bob", "Invalid column: {}"],
    ["table not found: ours", "{object_type} not found: {name}"],
  ])(
    "ranks a wrapper or generic template on a lone line (%s) first, but below the auto-post floor",
    (text, expected) => {
      const best = top(text);
      expect(best?.record.errorMessage).toBe(expected);
      expect(best?.kind).toBe("exact");
      expect(best?.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
    },
  );

  it.each([
    [
      "a psql error chain",
      "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Executor error\n  2: database not found: a",
      "{object_type} not found: {name}",
    ],
    [
      "a driver error chain",
      "db error: ERROR: Failed to run the query\n\nCaused by:\n  Invalid column: bar",
      "Invalid column: {}",
    ],
  ])("keeps a wrapper or generic template confident inside %s", (_name, text, expected) => {
    const best = top(text);
    expect(best?.record.errorMessage).toBe(expected);
    expect(best?.confidence).toBeGreaterThanOrEqual(AUTO_POST_MIN_CONFIDENCE);
  });

  it.each([
    [
      "an error log line",
      "2026-11-30T12:00:00.123Z ERROR risingwave_meta::barrier: recovery failed error=Internal error: boom",
    ],
    ["a panic", "thread 'main' panicked at src/x.rs:1:2:\nInternal error: boom"],
  ])(
    "ranks an error wrapper around an unexplained source first inside %s, but as a candidate, not an answer",
    (_name, text) => {
      const result = matcher.match(text);
      expect(result.matches[0]?.record.errorMessage).toBe("Internal error: {0}");
      expect(result.verdict).toBe("candidates");
      expect(result.matches[0]?.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
    },
  );

  it("marks matches on outer layers as not the root cause", () => {
    const result = matcher.match(
      "Failed to run the query: Bind error: Lambda must return Boolean type, got integer\n\nCaused by:\n  Invalid column: v9",
    );
    expect(result.matches[0]?.record.errorMessage).toBe("Invalid column: {}");
    expect(result.matches[0]?.rootCause).toBe(true);
    const outer = result.matches.find((m) => m.record.errorMessage.startsWith("Lambda"));
    expect(outer?.rootCause).toBe(false);
    expect(outer?.confidence).toBeLessThan(1);
  });

  it("returns at most `limit` matches, each record once", () => {
    const limited = createMatcher(seeds, { limit: 1 });
    expect(limited.match(paste("two-errors-log")).matches).toHaveLength(1);
    const ids = createMatcher(seeds)
      .match(paste("two-errors-log"))
      .matches.map((m) => m.record.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("fuzzy fallback", () => {
  const matcher = createMatcher(seeds);

  it("guesses a near miss with a confidence below auto-posting", () => {
    const result = matcher.match("Caused by:\n  job fragment should exist for the streaming job 12");
    const best = result.matches[0];
    expect(best?.record.id).toBe(JOB_FRAGMENTS);
    expect(best?.kind).toBe("fuzzy");
    expect(best?.confidence).toBeGreaterThan(0);
    expect(best?.confidence).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
  });

  it("makes no guesses when fuzzy matching is off", () => {
    const exactOnly = createMatcher(seeds, { fuzzy: false });
    expect(exactOnly.match("Caused by:\n  job fragment should exist for the streaming job 12").matches).toEqual([]);
    expect(exactOnly.match(paste("panic-new")).matches[0]?.record.id).toBe(JOB_FRAGMENTS);
  });

  it("searches by keywords", () => {
    const hits = matcher.search("downstream relation missing");
    expect(hits[0]?.record.id).toBe(DOWNSTREAM);
    expect(matcher.search("   ")).toEqual([]);
    expect(matcher.search("zorblax quux")).toEqual([]);
  });

  it("never answers chatter with a confident match", () => {
    for (const line of chatter()) {
      const result = matcher.match(line);
      expect(result.looksLikeError, line).toBe(false);
      for (const m of result.matches) expect(m.confidence, line).toBeLessThan(AUTO_POST_MIN_CONFIDENCE);
    }
  });
});
