/**
 * The shapes fresh pastes showed (issue 17), each in several variants of our own: values, wrappers,
 * tools and clients change, the shape stays. Same row format as shape-cases.ts.
 */
import type { ShapeCase } from "./shape-cases.ts";

const TS = "2026-03-04T05:06:07.123456789Z";
const FOOTER =
  "This is a bug. We would appreciate a bug report at:\n  https://github.com/risingwavelabs/risingwave/issues/new?labels=type%2Fbug&template=bug_report.yml";
const NUMBERED = "ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n";

export const FRESH_SHAPE_CASES: ShapeCase[] = [
  // A wrapper with a boilerplate footer (`Panicked when handling the request: <root>\nThis is a bug…`).
  [
    "footer-wrapper",
    `ERROR:  Panicked when handling the request: a stream key is expected but not exist, plan:\nStreamProject { exprs: [v1] }\n${FOOTER}`,
    "a stream key is expected but not exist, plan:\n{}",
    "answer",
  ],
  [
    "footer-wrapper",
    `${TS} ERROR rw-main handle_query{session_id=3}: pgwire::pg_protocol: error when process message error=Panicked when handling the request: a stream key is expected but not exist, plan:\nStreamFilter { predicate: true }\n${FOOTER}`,
    "a stream key is expected but not exist, plan:\n{}",
    "answer",
  ],
  [
    "footer-wrapper",
    `ERROR:  Panicked when handling the request: called \`Option::unwrap()\` on a \`None\` value\n${FOOTER}\nserver closed the connection unexpectedly`,
    null,
    "no-answer",
  ],
  [
    "footer-wrapper",
    `ERROR:  Panicked when handling the request: internal error: entered unreachable code\n\n${FOOTER}`,
    null,
    "no-answer",
  ],
  // `.expect("m")` on an `Err` adds `: <error>`: the message is the root, the tail its detail.
  [
    "expect-detail",
    "thread 'rw-main' panicked at src/meta/src/controller/rename.rs:40:10:\nshould contains only one statement: ExactlyOneError[Create(CreateTable { name: t }), Drop(x)]",
    "should contains only one statement",
    "answer",
  ],
  [
    "expect-detail",
    "thread 'rw-main' (42) panicked at src/meta/src/controller/rename.rs:40:10:\nshould contains only one statement: ParserError(\"unexpected end of input\")",
    "should contains only one statement",
    "answer",
  ],
  // Parser errors: other case, a `Near "…", ` prefix, a position after the message.
  [
    "parser-case",
    'ERROR:  Failed to prepare the statement\n\nCaused by:\n  sql parser error: Expected end of statement, found: AUTHORIZATION at line:2, column:14\nNear "CREATE SCHEMA s1"',
    "expected {}, found: {}",
    "answer",
  ],
  [
    "parser-case",
    "ERROR:  QueryError: sql parser error: Expected end of statement, found: format",
    "expected {}, found: {}",
    "answer",
  ],
  [
    "parser-case",
    'ERROR:  Failed to run the query\n\nCaused by:\n  sql parser error: Near "create table (", Expected identifier, found: (',
    "expected {}, found: {}",
    "any",
  ],
  // An error inside a span's fields of a log prefix.
  [
    "span-error",
    `${TS}  INFO failure_recovery{error=Hummock error: SST 180 is invalid prev_epoch=6492695734583296}:recovery_attempt: risingwave_meta::barrier::recovery: recovering mview progress`,
    "SST {0} is invalid",
    "any",
  ],
  [
    "span-error",
    `${TS}  WARN failure_recovery{error="Hummock error: SST 7 is invalid" attempt=2}:recovery_attempt: risingwave_meta::barrier::recovery: recovering`,
    "SST {0} is invalid",
    "any",
  ],
  // Upstream text inside a RisingWave chain is the upstream server's, whatever RisingWave prints alike.
  [
    "upstream",
    "ERROR:  QueryError: internal error: Connector error: db error: ERROR: division by zero",
    null,
    "no-answer",
  ],
  [
    "upstream",
    `${TS} ERROR risingwave_stream::task: actor exit error=Executor error: Connector error: Postgres error: db error: ERROR: Division by zero`,
    null,
    "no-answer",
  ],
  // A test runner's `statement failed: db error: ERROR:` talks to RisingWave itself: its words are RisingWave's.
  [
    "upstream",
    "statement failed: db error: ERROR: Failed to run the query\n\nCaused by:\n  Expr error: Division by zero",
    "Division by zero",
    "answer",
  ],
  // A Rust std panic is located by file: a template of the same words in another file is not the answer.
  [
    "std-panic-site",
    "thread 'rw-batch' panicked at src/common/src/array/data_chunk.rs:186:10:\nindex out of bounds: the len is 4 but the index is 4",
    "index out of bounds: the len is {} but the index is {}",
    "no-answer",
  ],
  [
    "std-panic-site",
    "thread 'rw-batch' panicked at 'index out of bounds: the len is 2 but the index is 9', src/batch/src/executor/group_top_n.rs:119:41",
    "index out of bounds: the len is {} but the index is {}",
    "no-answer",
  ],
  [
    "std-panic-site",
    "thread 'rw-streaming' panicked at src/common/src/row/repeat_n.rs:60:9:\nindex out of bounds: the len is 3 but the index is 7",
    "index out of bounds: the len is {} but the index is {}",
    "answer",
  ],
  // RisingWave's own `.expect()` message raised from a file an older release had is still that message.
  [
    "std-panic-site",
    "thread 'rw-main' panicked at src/meta/src/manager/catalog/old_rename.rs:12:8:\nshould contains only one statement: ExactlyOneError[]",
    "should contains only one statement",
    "answer",
  ],
  // Echoes of an absent root are no answer when the paste shows only them.
  [
    "echo",
    `${NUMBERED}  1: gRPC request to meta service failed: Internal error\n  2: get error from control stream: worker node 3, gRPC request to stream service failed: Internal error: Failed to send barrier with epoch 42 to actor 1: channel closed;`,
    null,
    "no-answer",
  ],
  [
    "echo",
    `${TS} ERROR risingwave_stream::task::stream_manager: actor exit error=Executor error: exchange channel from local upstream actor 25 closed unexpectedly`,
    null,
    "no-answer",
  ],
  ["echo", `${NUMBERED}  1: Scheduler error\n  2: channel closed`, null, "no-answer"],
  // The same wrapper around a real cause is answered.
  [
    "echo",
    `${NUMBERED}  1: gRPC request to meta service failed: Internal error\n  2: Expr error: Division by zero`,
    "Division by zero",
    "answer",
  ],
];
