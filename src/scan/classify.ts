/**
 * Cheap per-line tests that decide which lines reach the matcher. They run on every line of a
 * file of hundreds of MB, on its bytes, so a quiet line is never even decoded to a string.
 */

/**
 * `quiet`: a new log entry (timestamped or JSON) at INFO, DEBUG or TRACE, skipped with its continuation.
 * `error`: a new log entry at WARN or ERROR (or FATAL, PANIC): starts an error entry.
 * `other`: no entry header: a continuation line, or free text (psql output, a panic from stderr).
 */
export type LineKind = "quiet" | "error" | "other";

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 48 && c <= 57;

/** `2026-11-30T08:00:00…` or `2026-11-30 08:00:00…` at `at`. */
function isDateAt(buf: Buffer, at: number, end: number): boolean {
  return (
    at + 10 <= end &&
    isDigit(buf[at]) &&
    isDigit(buf[at + 3]) &&
    buf[at + 4] === 45 &&
    isDigit(buf[at + 5]) &&
    buf[at + 7] === 45 &&
    isDigit(buf[at + 9])
  );
}

/** Where a log entry's timestamp starts: 0, or after a container prefix `svc-name  | `; -1 when none. */
function timestampAt(buf: Buffer, start: number, end: number): number {
  if (isDateAt(buf, start, end)) return start;
  if (buf[start] === 91 /* [ */ && isDateAt(buf, start + 1, end)) return start + 1;
  // ANSI-coloured timestamp: ESC [ 2 m 2026-…
  if (buf[start] === 27 && isDateAt(buf, start + 4, end)) return start + 4;
  const limit = Math.min(end - 1, start + 80);
  for (let i = start; i < limit; i++) {
    if (buf[i] === 124 /* | */ && buf[i + 1] === 32) return isDateAt(buf, i + 2, end) ? i + 2 : -1;
  }
  return -1;
}

const startsWithAt = (buf: Buffer, at: number, word: string): boolean => {
  for (let k = 0; k < word.length; k++) if (buf[at + k] !== word.charCodeAt(k)) return false;
  return true;
};

const LEVEL_WORD = /\b(ERROR|WARN|WARNING|FATAL|PANIC|CRITICAL|INFO|DEBUG|TRACE)\b/;
const JSON_LEVEL = /"(?:level|severity)"\s*:\s*"([A-Za-z]+)"/;

function kindOfLevel(level: string | undefined): LineKind {
  if (level === undefined) return "quiet";
  const upper = level.toUpperCase();
  return upper === "INFO" || upper === "DEBUG" || upper === "TRACE" ? "quiet" : "error";
}

export function classifyBytes(buf: Buffer, start: number, end: number): LineKind {
  const at = timestampAt(buf, start, end);
  if (at >= 0) {
    // tracing: `<timestamp> <padded level> …`: the level is the first word after the timestamp.
    let i = at;
    while (i < end && buf[i] !== 32) i++;
    while (i < end && buf[i] === 32) i++;
    const c = buf[i];
    if (c === 73 /* I */ && startsWithAt(buf, i, "INFO")) return "quiet";
    if (c === 69 /* E */ && startsWithAt(buf, i, "ERROR")) return "error";
    if (c === 87 /* W */ && startsWithAt(buf, i, "WARN")) return "error";
    if ((c === 68 && startsWithAt(buf, i, "DEBUG")) || (c === 84 && startsWithAt(buf, i, "TRACE"))) return "quiet";
    return kindOfLevel(LEVEL_WORD.exec(buf.toString("latin1", at, Math.min(end, at + 200)))?.[1]);
  }
  if (buf[start] === 123 /* { */) {
    const level = JSON_LEVEL.exec(buf.toString("utf8", start, end))?.[1];
    if (level !== undefined) return kindOfLevel(level);
  }
  return "other";
}

export function classifyLine(line: string): LineKind {
  const buf = Buffer.from(line, "utf8");
  return classifyBytes(buf, 0, buf.length);
}

/** Free text (no entry header) that opens an error on its own: panics, psql and driver errors. */
const ERROR_TEXT =
  /panicked at|^\s*(?:ERROR|FATAL|PANIC|Error|error)\b|^\s*(?:db error|sql parser error|Caused by)\b|\bERROR: /;

export function opensErrorByItself(line: string): boolean {
  return ERROR_TEXT.test(line);
}

/** A panic header always starts a new error entry, even inside another one. */
export function isPanicHeader(line: string): boolean {
  return line.startsWith("thread '") && line.includes("panicked at");
}
