/** What a log line says about an error: its level, message and `error` field (if any). */
export interface LogEntry {
  level: string;
  message: string;
  error: string | null;
}

const TRACING_LINE =
  /^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?\s+(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|CRITICAL)\s+(.*)$/;
/** A Rust module path followed by `: ` (the tracing target), e.g. `risingwave_meta::barrier: `. */
const TARGET_AT = /[A-Za-z_][\w]*(?:::[A-Za-z_][\w]*)+: /y;
/** Field names that carry the error of a tracing event. */
const ERROR_FIELD = /(?:^|\s)(error|err|panic\.message|cause|reason)=/;
/**
 * Tracing separates fields with a blank only: `key=value` after `,`, `;` or `:` is the message's
 * own text (`unexpected split count: job_id=1, split_total_count=3`), never a field.
 */
const TRAILING_FIELD = /(?<![,;:])\s[a-z_][\w.]*=(?:"(?:[^"\\]|\\.)*"|[^\s"]+)$/;
/**
 * After an unquoted error value only fields with the usual context names are cut off: an error
 * message may itself end in `left=a right=b`.
 */
const TRAILING_CONTEXT_FIELD =
  /(?<![,;:])\s(?:[a-z]+_)*(?:id|ids|epoch|epochs|name|node|worker|addr|address|count|len|size|duration|elapsed|retry|attempt|attempts|partition|offset|table|fragment|actor|actors|job|database|schema|sink|source|split|query|session|thread|barrier|backtrace|location)=(?:"(?:[^"\\]|\\.)*"|[\w.:/-]+)$/;

/**
 * A log line pasted without its timestamp (`ERROR risingwave_meta::x: msg error=…`): a level, then
 * a Rust target or an error field, so a sentence starting "ERROR budget" is not one.
 */
const BARE_LEVEL_LINE =
  /^(ERROR|WARN|WARNING|FATAL)\s+((?=[\w-]+(?:\s+[\w-]+)?\s+[A-Za-z_]\w*(?:::\w+)+:\s|[A-Za-z_]\w*(?:::\w+)+:\s|.*\s(?:error|err)=\S).*)$/;

export function isTracingLine(line: string): boolean {
  return TRACING_LINE.test(line) || BARE_LEVEL_LINE.test(line);
}

const QUIET_LEVEL = /^\[?\d{4}-\d{2}-\d{2}[T ][\d:.,]+(?:Z|[+-][\d:]+)?\]?\s+(?:TRACE|DEBUG|INFO)\s/;
/** An error field, also inside a span's braces (`failure_recovery{error=…}`): such a line is never quiet. */
const ERROR_FIELD_HINT = /[\s{,](?:error|err|panic\.message|cause|reason)=/;

/**
 * A log line that cannot be about an error (below WARN, no error field): skipped without
 * parsing, which is most of a long log.
 */
export function isQuietLogLine(line: string): boolean {
  if (line.startsWith("{"))
    return /"level"\s*:\s*"(?:TRACE|DEBUG|INFO|trace|debug|info)"/.test(line) && !/"(?:error|err)"\s*:/.test(line);
  return QUIET_LEVEL.test(line) && !ERROR_FIELD_HINT.test(line);
}

export function isJsonLogLine(line: string): boolean {
  return line.startsWith("{") && line.endsWith("}") && /"(?:level|severity)"\s*:/.test(line);
}

/** Reads a tracing quoted value (`"a \"b\"\nc"`) starting at `start` (the opening quote). */
function readQuoted(text: string, start: number): { value: string; end: number } {
  let out = "";
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length) {
      const n = text[i + 1];
      out += n === "n" ? "\n" : n === "t" ? "\t" : n === "r" ? "" : (n ?? "");
      i += 2;
      continue;
    }
    if (c === '"') return { value: out, end: i + 1 };
    out += c;
    i++;
  }
  return { value: out, end: i };
}

/**
 * Offset where the message starts: after the thread name, spans (`name{…}:`) and the target, at
 * brace depth 0. Only the first few words are searched, so a path inside the message is no target.
 */
function messageStart(rest: string): number {
  let depth = 0;
  let quoted = false;
  let afterSpans = 0;
  let words = 0;
  for (let i = 0; i < rest.length && words <= 3; i++) {
    const c = rest[i];
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
      continue;
    }
    if (c === '"' && depth > 0) quoted = true;
    else if (c === "{") depth++;
    else if (c === "}") {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && rest[i + 1] === ":") afterSpans = i + 2;
    } else if (depth === 0 && c === " ") {
      words++;
    } else if (depth === 0 && (i === 0 || rest[i - 1] === " " || rest[i - 1] === ":")) {
      TARGET_AT.lastIndex = i;
      const m = TARGET_AT.exec(rest);
      if (m) return i + m[0].length;
    }
  }
  return afterSpans;
}

function stripTrailingFields(text: string, field = TRAILING_FIELD): string {
  let out = text;
  for (let i = 0; i < 16; i++) {
    const m = field.exec(out);
    if (!m) break;
    out = out.slice(0, m.index);
  }
  return out.trim();
}

/** Parses a tracing fmt line: `TIMESTAMP LEVEL spans: target: message key=value error=…`. */
export function parseTracingLine(line: string): LogEntry | null {
  const m = TRACING_LINE.exec(line) ?? BARE_LEVEL_LINE.exec(line);
  if (!m) return null;
  const level = normalizeLevel(m[1] ?? "");
  const rest = (m[2] ?? "").trim();
  const start = messageStart(rest);
  const entry = parseFields(level, rest.slice(start).trim());
  if (entry.error !== null) return entry;
  // `failure_recovery{error=…}:recovery_attempt: …`: the error sits in a span's fields.
  const span = SPAN_ERROR.exec(rest.slice(0, start));
  // An unquoted value runs to the brace: the span's other fields (`prev_epoch=…`) are cut off.
  const value = span
    ? span[1]?.startsWith('"')
      ? readQuoted(span[1], 0).value
      : stripTrailingFields(span[1] ?? "", TRAILING_CONTEXT_FIELD)
    : "";
  return value.trim() ? { ...entry, error: value.trim() } : entry;
}

/** `error=` / `err=` inside span braces: a quoted value, or up to the closing brace. */
const SPAN_ERROR = /[{\s,](?:error|err)=("(?:[^"\\]|\\.)*"|[^}"]+)/;

/**
 * The message and `error` field of a log line's body (`msg key=value error=…`); also used for a
 * pasted line that carries an `error=` field without any log prefix.
 */
export function parseFields(level: string, body: string): LogEntry {
  const field = ERROR_FIELD.exec(body);
  if (!field) return { level, message: stripTrailingFields(body), error: null };
  const valueStart = field.index + field[0].length;
  let error: string;
  if (body[valueStart] === '"') error = readQuoted(body, valueStart).value;
  else error = stripTrailingFields(body.slice(valueStart), TRAILING_CONTEXT_FIELD);
  return { level, message: stripTrailingFields(body.slice(0, field.index)), error: error.trim() || null };
}

function normalizeLevel(level: string): string {
  const up = level.toUpperCase();
  return up === "WARNING" ? "WARN" : up === "CRITICAL" || up === "FATAL" ? "ERROR" : up;
}

function str(v: unknown): string | null {
  return typeof v === "string" && v.trim() !== "" ? v : null;
}

/** Parses a JSON log line (`{"timestamp":…,"level":"ERROR","fields":{"message":…,"error":…}}`). */
export function parseJsonLogLine(line: string): LogEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const obj = value as Record<string, unknown>;
  const fields = (obj.fields && typeof obj.fields === "object" ? obj.fields : {}) as Record<string, unknown>;
  const level = normalizeLevel(str(obj.level) ?? str(obj.severity) ?? "");
  const message = str(fields.message) ?? str(obj.message) ?? str(obj.msg) ?? "";
  const error =
    str(fields.error) ?? str(obj.error) ?? str(fields.err) ?? str(obj.err) ?? str(fields["panic.message"]) ?? null;
  return { level, message: message.trim(), error: error?.trim() ?? null };
}
