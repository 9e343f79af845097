/**
 * Fixtures for every shape adapter, in several variants each (values, wrappers, tools). Each case:
 * the paste, the root-cause template expected first (null: none in the catalog), and whether the
 * verdict may be `answer` ("answer"), must not be ("no-answer"), or is not asserted ("any").
 */
export type Expect = "answer" | "no-answer" | "any";
export type ShapeCase = [shape: string, paste: string, template: string | null, verdict: Expect];

const TS = "2026-03-04T05:06:07.123456789Z";
const CHAIN = "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n";

export const SHAPE_CASES: ShapeCase[] = [
  // Text after the message: clause boundaries, with a small penalty.
  [
    "clause",
    `${TS} ERROR risingwave_stream::executor::actor: Compute error: Division by zero, executor: HashAggExecutor 1A`,
    "Division by zero",
    "answer",
  ],
  ["clause", "ERROR:  function age(integer) does not exist.", "function {} does not exist", "answer"],
  ["clause", "ERROR:  Numeric out of range; query aborted", "Numeric out of range", "answer"],
  ["clause", "ERROR:  Prepare statement s_42 not found [session 17]", "Prepare statement {} not found", "answer"],
  ["clause", "ERROR:  Division by zero (while evaluating the projection)", "Division by zero", "answer"],
  [
    "clause",
    "ERROR:  QueryError: internal error: connector error: failed to fetch metadata from kafka (10.0.0.1:9092), error: topic orders not found",
    "topic {} not found",
    "answer",
  ],
  [
    "clause",
    "ERROR:  Division by zero at src/expr/impl/src/scalar/arithmetic_op.rs:120:9",
    "Division by zero",
    "answer",
  ],
  // Rust std panic payloads: never the value of `internal error: {0}`.
  [
    "std-panic",
    "thread 'rw-main' panicked at src/meta/src/barrier/x.rs:1:2:\ninternal error: entered unreachable code",
    null,
    "no-answer",
  ],
  [
    "std-panic",
    "thread 'rw-main' panicked at src/meta/src/barrier/x.rs:1:2:\ncalled `Option::unwrap()` on a `None` value",
    null,
    "no-answer",
  ],
  [
    "std-panic",
    "thread 'actor' panicked at 'assertion failed: self.remaining() >= 1', src/a.rs:3:4",
    null,
    "no-answer",
  ],
  [
    "std-panic",
    "thread 'x' panicked at src/a.rs:1:1:\nassertion `left == right` failed\n  left: 1\n right: 2",
    null,
    "no-answer",
  ],
  [
    "std-panic",
    "ERROR:  Failed to run the query\n\nCaused by:\n  internal error: entered unreachable code",
    null,
    "no-answer",
  ],
  [
    "std-panic",
    "thread 'rw-main' panicked at src/meta/src/manager/sink_coordination/coordinator_worker.rs:9:21:\ninternal error: entered unreachable code: unexpected state Pending after pending items at epoch 42",
    "unexpected state {:?} after pending items at epoch {}",
    "answer",
  ],
  ["std-panic", "thread 'rw-main' panicked at src/a.rs:1:1:\nnot yet implemented", null, "no-answer"],
  // Case, spacing and quotes: the folded pass.
  ["folded", "ERROR:  DIVISION BY ZERO", "Division by zero", "any"],
  ["folded", "ERROR:  numeric   out of   range", "Numeric out of range", "any"],
  ["folded", "ERROR:  Failed  to  inject  barrier", "failed to inject barrier", "any"],
  // Tool damage: gutters, container runtimes, escapes, hard wraps, missing timestamps.
  [
    "gutter",
    "  | ERROR:  Failed to run the query\n  |  \n  | Caused by:\n  | Not supported: CDC table without primary key constraint is not supported\n  | HINT: Please define a primary key",
    "CDC table without primary key constraint is not supported",
    "answer",
  ],
  [
    "gutter",
    "> ERROR:  Failed to run the query\n> \n> Caused by:\n>   Expr error: Division by zero",
    "Division by zero",
    "answer",
  ],
  [
    "gutter",
    "| 2026-01-02 03:04:05 UTC | ERROR:  Failed to run the query\n| 2026-01-02 03:04:05 UTC | Caused by:\n| 2026-01-02 03:04:06 UTC |   Expr error: Numeric out of range",
    "Numeric out of range",
    "answer",
  ],
  [
    "container",
    `{"log":"${TS} ERROR risingwave_batch::task: batch task failed error=Expr error: Division by zero\\n","stream":"stderr","time":"${TS}"}`,
    "Division by zero",
    "answer",
  ],
  [
    "container",
    `${TS} stdout F ${TS} ERROR risingwave_batch::task: batch task failed error=Expr error: Numeric out of range`,
    "Numeric out of range",
    "answer",
  ],
  [
    "container",
    ` "log": "${TS} stdout F ${TS} ERROR risingwave_meta::barrier: failed err=Internal error: no object at path 'hummock/1.data'",`,
    "no object at path '{}'",
    "answer",
  ],
  [
    "escapes",
    'error: "ERROR:  Failed to run the query\\n\\nCaused by:\\n  Expr error: Division by zero"',
    "Division by zero",
    "answer",
  ],
  [
    "hard-wrap",
    `${TS} ERROR risingwave_frontend::scheduler::distributed::stage: stage failed with a very long span field that wraps here and Failed t\no schedule tasks error=Streaming vnode mapping not found for fragment 77`,
    "Streaming vnode mapping not found for fragment {0}",
    "answer",
  ],
  [
    "no-timestamp",
    "ERROR risingwave_batch::task: batch task failed error=Expr error: Division by zero",
    "Division by zero",
    "answer",
  ],
  [
    "no-timestamp",
    'WARN risingwave_object_store::object::s3: Failed to configure life cycle rule for S3 bucket: "bkt". It is recommended to configure it manually to avoid unnecessary storage cost.',
    "Failed to configure life cycle rule for S3 bucket: {:?}. It is recommended to configure it manually to avoid unnecessary storage cost.",
    "answer",
  ],
  [
    "no-timestamp",
    "rw-compute-0  | ERROR risingwave_stream::task: actor failed error=Executor error: Chunk operation error: Numeric out of range",
    "Numeric out of range",
    "answer",
  ],
  // Debug-printed structures: quoted values are inner layers.
  [
    "debug",
    'ERROR:  QueryError: RPC error: Status { code: Internal, message: "internal error: broken fifo_channel", metadata: MetadataMap { headers: {} }, source: None }',
    "broken fifo_channel",
    "answer",
  ],
  [
    "debug",
    'ERROR:  rpc failed: status: Unavailable, message: "connection reset by peer", details: [], metadata: MetadataMap { headers: {} }',
    null,
    "no-answer",
  ],
  [
    "debug",
    'Error: Error { context: "failed to create source", source: Os { code: 111, kind: ConnectionRefused, message: "Connection refused" } }',
    null,
    "no-answer",
  ],
  ["debug", 'ERROR:  Internal("Division by zero")', "Division by zero", "any"],
  // Chains joined by `:` + newline.
  [
    "colon-chain",
    `${CHAIN}  1: gRPC request to meta service failed: Internal error\n  2: get error from control stream:\nworker node 1, gRPC request to stream service failed:\nInternal error:\nfailed to inject barrier:\nActor 1 exited unexpectedly:\nExecutor error:\nExpr error:\nDivision by zero`,
    "Division by zero",
    "any",
  ],
  [
    "colon-chain",
    `${CHAIN}  1: get error from control stream:\nInternal error:\nActor 9 exited unexpectedly:\nExecutor error:\nsomething nobody templated happened here`,
    null,
    "no-answer",
  ],
  // error= / err= inside span braces.
  [
    "span-error",
    `${TS}  WARN failure_recovery{error=Executor error: Numeric out of range}:recovery_attempt: risingwave_meta::barrier::recovery: recovering`,
    "Numeric out of range",
    "any",
  ],
  // Prose: quoted spans; a trailing placeholder may be empty, never an answer.
  [
    "prose",
    "we keep getting `Prepare statement lrupsc_1_0 not found` from the Go client",
    "Prepare statement {} not found",
    "any",
  ],
  [
    "prose",
    "--- fail: Streaming vnode mapping not found for fragment",
    "Streaming vnode mapping not found for fragment {0}",
    "no-answer",
  ],
  ["prose", 'the compute node logs "receiver for (1, 2) has already been taken" forever', null, "no-answer"],
  // WARN lines; a panic without `thread '…'`.
  [
    "warn",
    `${TS}  WARN risingwave_object_store::object::s3: Failed to configure life cycle rule for S3 bucket: "b1". It is recommended to configure it manually to avoid unnecessary storage cost.`,
    "Failed to configure life cycle rule for S3 bucket: {:?}. It is recommended to configure it manually to avoid unnecessary storage cost.",
    "answer",
  ],
  [
    "bare-panic",
    "panicked at 'no block iter', src/storage/src/hummock/sstable/forward_sstable_iterator.rs:128:25",
    "no block iter",
    "any",
  ],
  [
    "bare-panic",
    '"panicInfo": "panicked at src/stream/src/x.rs:6:13:\\nassertion `left == right` failed\\n  left: true\\n right: false"',
    null,
    "no-answer",
  ],
  // Very short templates are generic: never an answer alone.
  [
    "short",
    "thread 'rw-main' panicked at src/meta/src/barrier/info.rs:1293:30:\nshould exist",
    "should exist",
    "no-answer",
  ],
  ["short", "ERROR:  channel closed", "channel closed", "no-answer"],
  // Roots with no template under RisingWave wrappers: never an answer.
  [
    "unknown-root",
    `${CHAIN}  1: Scheduler error\n  2: gRPC request to compute service failed: Unknown error\n  3: transport error\n  4: connection error\n  5: stream closed because of a broken pipe`,
    null,
    "no-answer",
  ],
  [
    "unknown-root",
    "ERROR:  QueryError: internal error: Meta data fetch error: BadMessage (Local: Bad message format)",
    null,
    "no-answer",
  ],
  [
    "unknown-root",
    `${TS}  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server http://meta:5690, trying again error=transport error: tcp connect error: Connection refused (os error 111)`,
    null,
    "no-answer",
  ],
  [
    "unknown-root",
    "Sink error: Remote sink error: java.lang.IllegalArgumentException: cannot write xcontent for unknown value",
    null,
    "no-answer",
  ],
  [
    "unknown-root",
    `${TS} ERROR risingwave_stream::task::stream_manager: actor exit actor=5 error=Executor error: Deleting non-existent element\n${TS} ERROR risingwave_stream::executor::subtask: actor downstream subtask failed`,
    null,
    "no-answer",
  ],
  [
    "unknown-root",
    `${TS}  WARN risingwave_connector::source::base: failed to send next event to reader, exit\nthread 'risingwave-streaming-actor' panicked at 'called \`Option::unwrap()\` on a \`None\` value', src/stream/src/task/x.rs:144:28`,
    null,
    "no-answer",
  ],
];

/** Regressions found on damaged variants: each names the rule it holds. */
SHAPE_CASES.push(
  // A template with placeholders at both ends fits any text holding its words: no answer for a long capture.
  [
    "floating",
    'EVENT\t{"info": {"error": "get error from control stream, in worker node 67: gRPC request to stream service failed: Internal error: something unknown broke"}}',
    null,
    "no-answer",
  ],
  // A closing quote after the message is a clause boundary.
  [
    "clause",
    'error: "2026-01-01T00:00:00Z ERROR risingwave_batch::task: failed error=Expr error: Division by zero"',
    "Division by zero",
    "any",
  ],
  // Slack formatting inside a container runtime's prefix.
  [
    "container",
    "2026-01-01T00:00:00.000000001Z stdout F > ```ERROR:  Failed to run the query\n2026-01-01T00:00:00.000000001Z stdout F > Caused by:\n2026-01-01T00:00:00.000000001Z stdout F >   Expr error: Division by zero```",
    "Division by zero",
    "answer",
  ],
);

/** The same errors through other clients and reporters. */
SHAPE_CASES.push(
  [
    "client",
    "psycopg2.errors.InternalError_: Failed to run the query\nCaused by these errors (recent errors listed first):\n  1: Expr error\n  2: Division by zero",
    "Division by zero",
    "answer",
  ],
  [
    "client",
    "org.postgresql.util.PSQLException: ERROR: Failed to run the query\n\nCaused by:\n  Expr error: Numeric out of range\n\tat org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2713)",
    "Numeric out of range",
    "answer",
  ],
  [
    "client",
    "Error: failed to run query\n\nCaused by:\n    0: db error: ERROR: Failed to run the query\n    1: Expr error: Division by zero",
    "Division by zero",
    "any",
  ],
  [
    "client",
    "statement failed: db error: ERROR: Failed to run the query\n\nCaused by:\n  Bind error: function age(integer) does not exist\n[SQL] select age(1);\nat e2e_test/batch/a.slt:3",
    "function {} does not exist",
    "answer",
  ],
  [
    "client",
    "2026/01/02 03:04:05 ERROR: Prepare statement lrupsc_5_1 not found (SQLSTATE XX000)",
    "Prepare statement {} not found",
    "answer",
  ],
  [
    "client",
    "SQL Error [XX000]: ERROR: Failed to execute the statement\n\nCaused by these errors (recent errors listed first):\n  1: gRPC request to batch service failed: Internal error\n  2: Expr error\n  3: Division by zero",
    "Division by zero",
    "answer",
  ],
);

/** A wrapper's source placeholder holding one word is still another error's text, not a value. */
SHAPE_CASES.push(
  [
    "source-wrapper",
    "2026-01-01T00:00:00Z ERROR risingwave_stream::task: actor exit error=Executor error: Connector error: timeout",
    null,
    "no-answer",
  ],
  ["source-wrapper", "ERROR:  QueryError: internal error: timeout", null, "no-answer"],
  [
    "source-wrapper",
    "db error: ERROR: Failed to execute the statement\n\nCaused by:\n  Sink error: unavailable",
    null,
    "no-answer",
  ],
);

/** Nesting: a match inside another's placeholder is the cause only when it is itself a message. */
SHAPE_CASES.push(
  [
    "nesting",
    "ERROR:  Failed to run the query\n\nCaused by:\n  Invalid input syntax: table function inside GROUP BY",
    "{err} inside GROUP BY",
    "any",
  ],
  [
    "nesting",
    "ERROR:  Failed to run the query\n\nCaused by:\n  Bind error: failed to bind expression: v1: Item not found: Invalid column: v1",
    "Invalid column: {}",
    "answer",
  ],
);

/** Errors logged around a panic are mostly its echoes: an unexplained panic keeps them from being the answer. */
const ACTOR_EXIT = `${TS} ERROR risingwave_stream::task::stream_manager: actor exit actor=53 error=Executor error: Numeric out of range`;
SHAPE_CASES.push(
  [
    "panic-echo",
    `${ACTOR_EXIT}\n${ACTOR_EXIT.replace("actor=53", "actor=51")}\nthread 'risingwave-streaming-actor' panicked at 'called \`Option::unwrap()\` on a \`None\` value', src/stream/src/task/barrier_manager/managed_state.rs:144:28`,
    null,
    "no-answer",
  ],
  [
    "panic-echo",
    `thread 'rw-streaming' panicked at src/stream/src/executor/x.rs:10:5:\nassertion failed: epoch > prev_epoch\n${ACTOR_EXIT}`,
    null,
    "no-answer",
  ],
  [
    "panic-echo",
    `{"log":"${ACTOR_EXIT}\\n","stream":"stderr"}\n{"log":"thread 'actor' panicked at src/a.rs:1:2:\\nattempt to subtract with overflow\\n","stream":"stderr"}`,
    null,
    "no-answer",
  ],
  // A panic a record explains is the answer, whatever else was logged around it (at the record's own file).
  [
    "panic-echo",
    `thread 'rw-streaming' panicked at src/common/src/row/repeat_n.rs:60:9:\nindex out of bounds: the len is 3 but the index is 7\n${ACTOR_EXIT}`,
    "index out of bounds: the len is {} but the index is {}",
    "answer",
  ],
  // No panic: the same log line is answered.
  ["panic-echo", ACTOR_EXIT, "Numeric out of range", "any"],
);

/** Columns a log viewer or shipper puts before the line: the line starts at its own timestamp. */
const DIV_LOG = `${TS} ERROR risingwave_stream::executor::actor: Compute error: Division by zero, executor: HashAggExecutor 1A`;
SHAPE_CASES.push(
  [
    "viewer-prefix",
    `2026-03-04 05:06:07.123\t{app="risingwave", pod="rw-compute-0"}\t${DIV_LOG}`,
    "Division by zero",
    "answer",
  ],
  ["viewer-prefix", `Mar 04 05:06:07 node-1 risingwave[4242]: ${DIV_LOG}`, "Division by zero", "answer"],
  ["viewer-prefix", `1709528767123 rw-compute-0/compute ${DIV_LOG}`, "Division by zero", "answer"],
  ["viewer-prefix", `| ${DIV_LOG} |`, "Division by zero", "answer"],
  // A sentence that quotes a time is no log line: nothing is cut, and it is no answer.
  ["viewer-prefix", `the job failed at ${TS} INFO when I ran it, it said Division by zero`, null, "no-answer"],
);

/** A chat client's list bullets before every line of a pasted chain. */
const BULLET_CHAIN = [
  "ERROR:  Failed to run the query",
  "Caused by these errors (recent errors listed first):",
  "  1: Bind error: failed to bind expression: v1",
  "  2: Item not found: Invalid column: v1",
];
SHAPE_CASES.push(
  ["list-bullets", BULLET_CHAIN.map((l) => `• ${l.trim()}`).join("\n"), "Invalid column: {}", "answer"],
  ["list-bullets", BULLET_CHAIN.map((l) => `- ${l.trim()}`).join("\n"), "Invalid column: {}", "answer"],
  [
    "list-bullets",
    `* ${TS} ERROR risingwave_stream::executor::actor: Compute error: Division by zero\n* ${TS} INFO risingwave_stream: recovering`,
    "Division by zero",
    "answer",
  ],
  // A list of thoughts that mentions an error is no paste.
  ["list-bullets", "- we saw Division by zero yesterday\n- then it went away after the restart", null, "no-answer"],
);

SHAPE_CASES.push(
  // One line as a web UI, a client tool or a CI log shows it: no `ERROR:` frame, but RisingWave's own
  // label template around a generic one: two of its templates nested, as only its printed errors are.
  [
    "labelled-line",
    "Catalog error: table or source not found: pg_stat_user_tables",
    "{object_type} not found: {name}",
    "answer",
  ],
  ["labelled-line", "Catalog error: view not found: mv_orders_5m", "{object_type} not found: {name}", "answer"],
  [
    "labelled-line",
    "  Catalog error: table or source not found: public.orders  ",
    "{object_type} not found: {name}",
    "answer",
  ],
  [
    "labelled-line",
    "dbt run failed: Catalog error: table or source not found: stg_orders",
    "{object_type} not found: {name}",
    "any",
  ],
  // Without the label the generic template is a guess: the words fit anyone's "x not found: y".
  ["labelled-line", "table or source not found: pg_stat_user_tables", "{object_type} not found: {name}", "no-answer"],
  ["labelled-line", "config not found: /etc/app.toml", null, "no-answer"],
);
