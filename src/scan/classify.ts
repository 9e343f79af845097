/**
 * Cheap per-line tests that decide which lines reach the matcher. They run on every line of a
 * file of hundreds of MB, so they look at a few characters, not the whole line, where they can.
 */

/**
 * `quiet`: a new log entry (timestamped or JSON) at INFO, DEBUG or TRACE, skipped with its continuation.
 * `error`: a new log entry at WARN or ERROR (or FATAL, PANIC): starts an error entry.
 * `other`: no entry header: a continuation line, or free text (psql output, a panic from stderr).
 */
export type LineKind = "quiet" | "error" | "other";

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** `2026-11-30T08:00:00…` or `2026-11-30 08:00:00…` at `at`. */
function isDateAt(line: string, at: number): boolean {
  return (
    isDigit(line.charCodeAt(at)) &&
    isDigit(line.charCodeAt(at + 3)) &&
    line.charCodeAt(at + 4) === 45 &&
    isDigit(line.charCodeAt(at + 5)) &&
    line.charCodeAt(at + 7) === 45 &&
    isDigit(line.charCodeAt(at + 9))
  );
}

const LEVEL_WORD = /\b(ERROR|WARN|WARNING|FATAL|PANIC|CRITICAL|INFO|DEBUG|TRACE)\b/;
const JSON_LEVEL = /"(?:level|severity)"\s*:\s*"([A-Za-z]+)"/;

function kindOfLevel(level: string | undefined): LineKind {
  if (level === undefined) return "quiet";
  const upper = level.toUpperCase();
  return upper === "INFO" || upper === "DEBUG" || upper === "TRACE" ? "quiet" : "error";
}

/** Where a log entry's timestamp starts: 0, or after a container prefix `svc-name  | `; -1 when none. */
function timestampAt(line: string): number {
  if (isDateAt(line, 0)) return 0;
  const bar = line.indexOf("| ");
  if (bar > 0 && bar < 80 && isDateAt(line, bar + 2)) return bar + 2;
  // `[2026-11-30 08:00:00]` and ANSI-coloured timestamps.
  if ((line.charCodeAt(0) === 91 && isDateAt(line, 1)) || (line.charCodeAt(0) === 27 && isDateAt(line, 4))) return 1;
  return -1;
}

export function classifyLine(line: string): LineKind {
  const at = timestampAt(line);
  if (at >= 0) {
    // tracing: `<timestamp> <padded level> …`: the level is the first word after the timestamp.
    let i = line.indexOf(" ", at);
    if (i < 0) return "quiet";
    while (line.charCodeAt(i) === 32) i++;
    const c = line.charCodeAt(i);
    if (c === 73 /* I */ && line.startsWith("INFO", i)) return "quiet";
    if (c === 69 /* E */ && line.startsWith("ERROR", i)) return "error";
    if (c === 87 /* W */ && line.startsWith("WARN", i)) return "error";
    if ((c === 68 && line.startsWith("DEBUG", i)) || (c === 84 && line.startsWith("TRACE", i))) {
      return "quiet";
    }
    return kindOfLevel(LEVEL_WORD.exec(line.slice(at, at + 200))?.[1]);
  }
  if (line.charCodeAt(0) === 123 /* { */) {
    const level = JSON_LEVEL.exec(line)?.[1];
    if (level !== undefined) return kindOfLevel(level);
  }
  return "other";
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
