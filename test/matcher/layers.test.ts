import { describe, expect, it } from "vitest";
import { unescapeSlack } from "../../src/answer/clean.ts";
import { splitLayers } from "../../src/matcher/layers.ts";
import { normalizePaste } from "../../src/matcher/normalize.ts";
import { paste } from "./fixtures.ts";

function layersOf(text: string): string[] {
  return splitLayers(normalizePaste(text).text).map((l) => l.text);
}

describe("splitLayers", () => {
  it.each([
    [
      "psql output with Caused by (two layers)",
      "ERROR:  Failed to run the query\n\nCaused by:\n  downstream relation missing for 1002 -> 1004",
      ["Failed to run the query", "downstream relation missing for 1002 -> 1004"],
    ],
    [
      "a driver's db error with numbered causes",
      "db error: ERROR: Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: Expr error\n  2: LIMIT must not be negative, but found: -2",
      ["Failed to run the query", "Expr error", "LIMIT must not be negative, but found: -2"],
    ],
    [
      "right-aligned numbers past nine",
      `Caused by these errors (recent errors listed first):\n${Array.from({ length: 11 }, (_, i) => `${String(i + 1).padStart(3)}: layer ${i + 1}`).join("\n")}`,
      Array.from({ length: 11 }, (_, i) => `layer ${i + 1}`),
    ],
    [
      "HINT continuation at column 0 stays with its layer",
      "Caused by:\n  Not supported: view has no fragments to describe\nHINT: Use `DESCRIBE` instead of `DESCRIBE FRAGMENTS`",
      ["Not supported: view has no fragments to describe\nHINT: Use `DESCRIBE` instead of `DESCRIBE FRAGMENTS`"],
    ],
    [
      "LINE and caret lines stay with the parser error",
      "sql parser error: expected statement, found: selet\nLINE 1: selet 1;\n        ^",
      ["sql parser error: expected statement, found: selet\nLINE 1: selet 1;\n^"],
    ],
    [
      "a blank line and Hint inside a numbered layer",
      "Caused by these errors (recent errors listed first):\n  1: failed to validate sink\n  2: feature X is not available based on your license\n\nHint: You may want to set a license key",
      [
        "failed to validate sink",
        "feature X is not available based on your license\n\nHint: You may want to set a license key",
      ],
    ],
    [
      "an example block with indented lines",
      "Caused by:\n  Protocol error: INCLUDE KEY clause not set\n\nHint: For FORMAT UPSERT ENCODE JSON, INCLUDE KEY must be specified.\nexample:\n    CREATE TABLE t ( PRIMARY KEY (rw_key) )\n    INCLUDE KEY AS rw_key",
      [
        "Protocol error: INCLUDE KEY clause not set\n\nHint: For FORMAT UPSERT ENCODE JSON, INCLUDE KEY must be specified.\nexample:\nCREATE TABLE t ( PRIMARY KEY (rw_key) )\nINCLUDE KEY AS rw_key",
      ],
    ],
    [
      "an outer message without ERROR before Caused by",
      "Failed to bind expression: proctime()\n\nCaused by:\n  Invalid input syntax: Function `PROCTIME()` is only allowed in CREATE TABLE/SOURCE.",
      [
        "Failed to bind expression: proctime()",
        "Invalid input syntax: Function `PROCTIME()` is only allowed in CREATE TABLE/SOURCE.",
      ],
    ],
    [
      "a JDBC client's prefix",
      "SQL Error [XX000]: ERROR: Failed to run the query\n\nCaused by:\n  Bind error: Column v3 not found in table t",
      ["Failed to run the query", "Bind error: Column v3 not found in table t"],
    ],
    [
      "psql with VERBOSITY verbose",
      "ERROR:  XX000: Failed to run the query\n\nCaused by:\n  Bind error: x\nLOCATION:  src/frontend/src/x.rs:1",
      ["Failed to run the query", "Bind error: x\nLOCATION:  src/frontend/src/x.rs:1"],
    ],
    [
      "an anyhow report with numbered causes",
      "Error: failed to start\n\nCaused by:\n    0: Executor error\n    1: downstream relation missing for 1 -> 2",
      ["failed to start", "Executor error", "downstream relation missing for 1 -> 2"],
    ],
    [
      "an error line under a chatter line",
      "hey, got this when running the migration:\nBind error: GROUP BY position 2 is not in select list\n\nany idea?",
      [
        "hey, got this when running the migration:",
        "Bind error: GROUP BY position 2 is not in select list",
        "any idea?",
      ],
    ],
    [
      "a second error after a chain",
      "Caused by:\n  Bind error: Column v3 not found in table t\n\nBind error: types Int32 and Boolean cannot be matched",
      ["Bind error: Column v3 not found in table t", "Bind error: types Int32 and Boolean cannot be matched"],
    ],
    [
      "a plain one-liner",
      "Bind error: GROUP BY position 2 is not in select list",
      ["Bind error: GROUP BY position 2 is not in select list"],
    ],
    [
      "a tracing line: message, then the error field",
      paste("meta-log-line"),
      ["failed to rescale streaming jobs", "Internal error: downstream relation missing for 1002 -> 1004"],
    ],
    [
      "a quoted error field with fields around it",
      paste("meta-log-quoted"),
      ["rescale failed, will retry", "Internal error: downstream relation missing for 1002 -> 1004"],
    ],
    [
      "a quoted error field with escapes",
      '2026-11-30T08:00:00Z ERROR risingwave_meta::rpc: rpc failed error="Bind error: column \\"v1\\" not found\\nHINT: check it"',
      ["rpc failed", 'Bind error: column "v1" not found\nHINT: check it'],
    ],
    [
      "an error field whose message ends like a field",
      "2026-11-30T08:00:00Z ERROR risingwave_frontend::x: bind failed error=cannot infer type: left=1 right=2 actor_id=3",
      ["bind failed", "cannot infer type: left=1 right=2"],
    ],
    [
      "an error field whose message lists values as `a=1, b=2`",
      "2026-11-30T12:00:00.123456Z ERROR risingwave_meta::barrier::recovery: failed to recover error=Internal error: unexpected split count: job_id=1002, split_total_count=3, split_completed_count=7",
      [
        "failed to recover",
        "Internal error: unexpected split count: job_id=1002, split_total_count=3, split_completed_count=7",
      ],
    ],
    [
      "an error field whose message ends in `: key=value`",
      "2026-11-30T12:00:00Z  WARN risingwave_stream::x: actor failed error=Storage error: unknown table: table_id=42",
      ["actor failed", "Storage error: unknown table: table_id=42"],
    ],
    [
      "a JSON log line",
      paste("json-log-line"),
      ["failed to rescale streaming jobs", "Internal error: downstream relation missing for 1002 -> 1004"],
    ],
    ["an old-style panic", paste("panic-old"), ["job fragments should exist for streaming job"]],
    ["a new-style panic, backtrace skipped", paste("panic-new"), ["job fragments should exist for streaming job"]],
    [
      "a panic with a thread id behind container prefixes",
      paste("panic-thread-id"),
      ["job fragments should exist for streaming job"],
    ],
    [
      "an old-style panic whose message spans lines",
      "thread 'main' panicked at 'U- and U+ should have same stream key\nU- row: 1', src/stream/src/x.rs:1:2",
      ["U- and U+ should have same stream key\nU- row: 1"],
    ],
    [
      "a panic reported through a log line",
      "2026-11-30T08:00:00Z ERROR risingwave_rt::panic_hook: panicked at src/meta/src/x.rs:369:18:\njob fragments should exist for streaming job",
      ["job fragments should exist for streaming job"],
    ],
    [
      "an unreachable!() panic",
      "thread 'main' panicked at src/x.rs:1:2:\ninternal error: entered unreachable code: unexpected barrier kind",
      ["unexpected barrier kind"],
    ],
    [
      "an unwrap of an Err",
      "thread 'main' panicked at src/x.rs:1:2:\ncalled `Result::unwrap()` on an `Err` value: Invalid column: v1",
      ["Invalid column: v1"],
    ],
    [
      "an expect on an Err keeps the message and the error",
      "thread 'main' (7) panicked at src/x.rs:1:2:\nfailed to load catalog: Connection refused (os error 111)",
      ["failed to load catalog: Connection refused (os error 111)"],
    ],
    [
      "two error lines in one log excerpt",
      paste("two-errors-log"),
      [
        "actor exit with error",
        "Executor error: Storage error: Hummock error: Other error: connection reset by peer",
        "rescale failed",
        "downstream relation missing for 1002 -> 1004",
      ],
    ],
    [
      "psql prompts are context, not errors",
      paste("psql-chain-panic"),
      [
        "Failed to run the query",
        "gRPC request to meta service (call `/ddl_service.DdlService/AlterParallelism`) failed: Internal error",
        "Panicked when handling the request: job fragments should exist for streaming job\nThis is a bug. We would appreciate a bug report at:\nhttps://github.com/risingwavelabs/risingwave/issues/new?labels=type%2Fbug&template=bug_report.yml",
      ],
    ],
    [
      "a Slack-mangled paste with &gt; quotes and fences, as the edge hands it over",
      unescapeSlack(paste("slack-mangled")),
      [
        "Failed to run the query",
        "gRPC request to meta service (call `/meta.ScaleService/Reschedule`) failed: Internal error",
        "downstream relation missing for 1002 -> 1004",
      ],
    ],
  ])("%s", (_name, input, expected) => {
    expect(layersOf(input)).toEqual(expected);
  });

  it("numbers layers outermost first within each error group", () => {
    const layers = splitLayers(normalizePaste(paste("two-errors-log")).text);
    expect(layers.map((l) => [l.group, l.depth])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
  });

  it("skips info-level log lines", () => {
    const log =
      "2026-11-30T08:00:01Z  INFO risingwave_stream::x: barrier collected epoch=1\n2026-11-30T08:00:01Z DEBUG y: z";
    expect(layersOf(log)).toEqual([]);
  });
});
