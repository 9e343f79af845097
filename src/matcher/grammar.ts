/**
 * The line grammar of pasted RisingWave errors, in one place: the splitter (layers.ts), the detector
 * (detect.ts), the layer adapters and the renderer read line shapes from here only. Every pattern
 * is anchored and linear (no nested quantifiers over the same characters).
 */

/**
 * psql (`ERROR:  …`, with VERBOSITY verbose `ERROR:  XX000: …`) and drivers (`db error: ERROR: …`,
 * JDBC's `org.postgresql.util.PSQLException: ERROR: …`): group 1 is the message.
 */
export const PSQL_HEAD = /^(?:.*?(?:\s|:))??(?:db error:\s*)?(?:ERROR|FATAL|PANIC):\s+(?:[0-9A-Z]{5}:\s+)?(\S.*)$/;
/** A Rust binary's `main` returning an error: `Error: …`. */
export const RUST_MAIN_ERROR = /^Error: (\S.*)$/;
/** `Caused by:` with the one cause on the same line or the next. A driver may join lines with `,`. */
export const CAUSED_BY = /^\s*Caused by:\s*[,;]?\s*(.*)$/;
/** RisingWave's numbered chain head, `Caused by these errors (recent errors listed first):`. */
export const CAUSED_BY_MANY = /^\s*Caused by these errors \(recent errors listed first\):\s*[,;]?\s*$/;
/** Either chain head alone on its line (the detector's view). */
export const CHAIN_HEAD = /^\s*Caused by(?: these errors \(recent errors listed first\))?:\s*[,;]?\s*$/;
/**
 * A chain head a tool glued to the line before (`…statement,Caused by these errors …`): the offset
 * where the head starts, so the line can be cut there. Only after a comma, semicolon or a blank.
 */
export const INLINE_CHAIN_HEAD = /[,;]\s*(?=Caused by(?: these errors \(recent errors listed first\))?:)/;
/** A numbered layer (`  1: `, ` 10: `, right-aligned to width 3; some tools drop the padding). */
export const NUMBERED = /^(\s*\d+: )(.*)$/;
export const BACKTRACE_HEADER = /^\s*stack backtrace:\s*$/;
export const BACKTRACE_FRAME = /^\s*(?:\d+:\s+(?:0x[0-9a-f]+ - )?\S.*|at \S+:\d+(?::\d+)?|at \/rustc\/\S*)\s*$/;
/** The std's notes after a panic. */
export const PANIC_NOTE = /^note: (?:run with `RUST_BACKTRACE|Some details are omitted|panicked at)/;
/** A log line that puts a panic's location first ("panicked at src/x.rs:1:2:"). */
export const PANIC_LOCATION_LINE = /^(?:.*\s)?panicked at [^\s']+:\d+:\d+:?$/;
/** A psql prompt echoing the statement (`dev=> ALTER …`): context, not an error. */
export const PSQL_PROMPT = /^[\w-]+[=\-(]?[#>](?:\s|$)/;
/** psql's pointer into the statement. */
export const SQL_POSITION = /^LINE \d+: /;
/** A HINT line of a multi-line message: advice, never the error. */
export const HINT_LINE = /^\s*HINT:/i;

/** Lines that continue a layer (HINT, DETAIL, LINE n, caret, tracking notes, `example:`). */
export const KNOWN_CONTINUATION =
  /^\s*(?:(?:HINT|Hint|DETAIL|Detail|CONTEXT|LOCATION|LINE \d+|Tracking issue|example|Example|Note|NOTE):|No tracking issue yet|\^+\s*$)/;

/** A layer that is only a subsystem label (`Executor error`, `connector error`): it says nothing itself. */
export const LABEL_ONLY = /^[A-Za-z][\w/-]*(?: [\w/-]+){0,3} (?:error|Error)$/;

/**
 * The footer RisingWave's panic catcher prints after the panic it caught (`This is a bug. We would
 * appreciate a bug report at: …`): boilerplate, never the error.
 */
export const BUG_REPORT_FOOTER = /^\s*This is a bug\. We would appreciate a bug report at/;

/**
 * Echoes: what the other side of a channel or an exchange prints when the actor that failed first
 * went away (`channel closed`, `exchange channel from local upstream actor 25 closed unexpectedly`,
 * `actor exit`). Printed alone they say only that the cause is elsewhere, so they are never an answer.
 */
export const ECHO_TEXT =
  /^(?:(?:the )?channel (?:is )?closed|(?:exchange )?channel from (?:local |remote )?(?:upstream )?actor \d+ closed unexpectedly|actor(?: \d+)? exit(?:ed)?(?: unexpectedly)?|(?:sender|receiver) (?:dropped|closed)|stream closed|send(?:ing)? to (?:a )?closed channel)[\s.;,]*$/i;

/**
 * A client library inside a RisingWave chain printing the upstream server's own error (`Connector
 * error: db error: ERROR: …`, a JDBC or MySQL exception after a RisingWave label): what follows is the
 * upstream's text, even where RisingWave prints the same words. `statement failed: db error: ERROR:` of
 * a test runner talking to RisingWave itself has no RisingWave label before it.
 */
export const UPSTREAM_IN_CHAIN =
  /\b(?:error|Error): (?:db error|\S{0,80}(?:PSQL|SQL|JDBC|MySQL\w{0,20})Exception): (?:(?:ERROR|FATAL):\s{0,2})?$/;

/** The coarse shape of a paste, for eval tables and failure logs: psql chains, panics, logs, prose. */
export function pasteShape(text: string): string {
  if (/Caused by these errors/.test(text)) return "psql-numbered";
  if (/Caused by:/.test(text)) return "psql-caused-by";
  if (/panicked at/.test(text)) return "panic";
  if (/^\s*\[?\d{4}-\d{2}-\d{2}/m.test(text)) return "log";
  if (/ERROR:/.test(text)) return "psql";
  return "plain";
}

/**
 * Messages the Rust standard library panics with (`index out of bounds: …`, overflow, slicing,
 * `RefCell` borrows): RisingWave's own template of the same words elsewhere is not where a located
 * panic happened. RisingWave's own messages (`.expect("…")`) are not demoted by a file that differs:
 * an older release may have raised them from another file.
 */
export const STD_PANIC_WORDING =
  /^(?:index out of bounds|range (?:start|end) index|byte index|slice index|attempt to (?:add|subtract|multiply|divide|negate|shift|calculate)|capacity overflow|already (?:mutably )?borrowed|assertion (?:failed|`left)|called `(?:Option|Result)::)/;
