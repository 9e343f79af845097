/**
 * Shape adapters for the damage the tool that showed a log does to it, applied to the lines of a
 * normalised paste before layers are split. Each is named, bounded (linear regexes, no
 * backtracking) and leaves lines it does not recognise unchanged.
 */

import { isTracingLine } from "./logline.ts";

export interface ShapeAdapter {
  name: string;
  apply(lines: string[]): string[];
}

/** Docker's json-file driver: `{"log":"…\n","stream":"stdout","time":"…"}`. */
const DOCKER_JSON = /^\s*\{\s*"log"\s*:\s*("(?:[^"\\]|\\.)*")\s*,.*\}\s*,?\s*$/;
/** Kubernetes / log shippers show the field alone: `"log": "…",`. */
const LOG_FIELD = /^\s*"(?:log|message|msg|panicInfo|error)"\s*:\s*("(?:[^"\\]|\\.)*")\s*,?\s*$/;

function jsonString(literal: string): string | null {
  try {
    const v: unknown = JSON.parse(literal);
    return typeof v === "string" ? v : null;
  } catch {
    return null;
  }
}

/** The message inside a container runtime's JSON wrapper, its own escapes undone. */
const containerJson: ShapeAdapter = {
  name: "container-json",
  apply(lines) {
    if (!lines.some((l) => l.includes('"'))) return lines;
    return lines.flatMap((line) => {
      const m = DOCKER_JSON.exec(line) ?? LOG_FIELD.exec(line);
      const value = m?.[1] ? jsonString(m[1]) : null;
      return value === null ? [line] : value.replace(/\n$/, "").split("\n");
    });
  },
};

/** A log line starts with a timestamp (and possibly a level); a wrapped piece of it does not. */
const LOG_START = /^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

const TIMESTAMP = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})`;
/** CRI (containerd, CRI-O): `2023-03-03T07:05:03.309Z stdout F <line>`. */
const CRI_PREFIX = new RegExp(`^${TIMESTAMP} (?:stdout|stderr) [FP] `);
/** `kubectl logs --timestamps`: a second timestamp in front of the line's own, or of a panic. */
const KUBECTL_TIMESTAMP = new RegExp(`^${TIMESTAMP} (?=${TIMESTAMP}|thread '|called \`|panicked at )`);

const runtimePrefix: ShapeAdapter = {
  name: "runtime-prefix",
  apply(lines) {
    return lines.map((l) => l.replace(CRI_PREFIX, "").replace(KUBECTL_TIMESTAMP, ""));
  },
};

/**
 * Log viewers and shippers put columns of their own before the line: Loki and Grafana
 * (`<time>\t{app="rw"}\t`), journald (`Mar 04 05:06:07 host rw[42]: `), CloudWatch and Datadog
 * exports (a time and a stream name). The line starts at a tracing timestamp followed by a level,
 * when that comes early, after a blank, `|` or `]`, and the rest names a Rust target or an error
 * field, so a message that merely quotes a time keeps its text.
 */
const EMBEDDED_LOG = new RegExp(`[\\s|\\]](${TIMESTAMP}\\s+(?:TRACE|DEBUG|INFO|WARN|ERROR)\\s)`);
const VIEWER_PREFIX_MAX = 200;
const LOG_TAIL = /\w::\w|\s(?:error|err)=/;

const viewerPrefix: ShapeAdapter = {
  name: "viewer-prefix",
  apply(lines) {
    return lines.map((line) => {
      // Already a log line from its start (its own timestamp and level): left alone.
      if (isTracingLine(line)) return line;
      const m = EMBEDDED_LOG.exec(line.slice(0, VIEWER_PREFIX_MAX + 64));
      if (!m?.[1] || m.index + 1 > VIEWER_PREFIX_MAX) return line;
      const rest = line.slice(m.index + 1);
      return LOG_TAIL.test(rest) ? rest : line;
    });
  },
};

/**
 * Literal escapes (`\n`, `\"`, `\t`) of a message printed inside a quoted or JSON string. Lines
 * with byte escapes (`\x01`, Rust's `b"…"` dumps) are data and stay as they are.
 */
/** `prefix "text with \n escapes" suffix` → [prefix, text, suffix]: found by index, no backtracking. */
function quotedEscaped(line: string): [string, string, string] | null {
  const first = line.indexOf('"');
  const last = line.lastIndexOf('"');
  if (first < 0 || last <= first) return null;
  const inner = line.slice(first + 1, last);
  if (!/\\[nt"]/.test(inner)) return null;
  return [line.slice(0, first), inner, line.slice(last + 1)];
}

function unescapeLiteral(text: string): string {
  return text.replace(/\\"/g, '"').replace(/\\t/g, "    ").replace(/\\r/g, "").replace(/\\n/g, "\n");
}

const literalEscapes: ShapeAdapter = {
  name: "literal-escapes",
  apply(lines) {
    return lines.flatMap((line) => {
      if (!/\\[n"t]/.test(line) || /\\x[0-9a-f]{2}|\\0/.test(line)) return [line];
      // A log line's quoted fields are read by the log parser, escapes and all.
      if (LOG_START.test(line) || line.trimStart().startsWith("{")) return [line];
      // A quoted string holding the escapes: its text goes on its own lines, the quotes dropped.
      const parts = quotedEscaped(line) ?? [line];
      return parts.filter((p, i) => i === 1 || p.trim() !== "").flatMap((p) => unescapeLiteral(p).split("\n"));
    });
  },
};

/**
 * A gutter: `  | `, `|`, `│`, a CI log's `2023-04-13 04:06:37 UTC | `, line numbers before a bar, or a
 * CI log's time stamp and a tab (`2024-06-24 16:16:39 UTC\t`, a run of blanks once tabs are expanded) that
 * no log level follows (a tracing line keeps its own time stamp).
 */
const GUTTER =
  /^[ \t]*(?:(?:\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?: UTC)? ?|\d+ ?)?[|│][ \t]?|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?: UTC)?(?:[ \t]{2,}(?=\S)(?!(?:TRACE|DEBUG|INFO|WARN|ERROR)\b)|[ \t]*$))/;
/** At least this share of the non-empty lines carry it (a table row now and then is no gutter). */
const GUTTER_SHARE = 0.6;
const GUTTER_MIN_LINES = 2;

/** A gutter shared by most lines: removed from every line that has it (twice for nested tools). */
const sharedGutter: ShapeAdapter = {
  name: "shared-gutter",
  apply(lines) {
    let out = lines;
    for (let pass = 0; pass < 2; pass++) {
      const filled = out.filter((l) => l.trim() !== "");
      const marked = filled.filter((l) => GUTTER.test(l)).length;
      if (marked < GUTTER_MIN_LINES || marked < filled.length * GUTTER_SHARE) break;
      out = out.map((l) => l.replace(GUTTER, ""));
    }
    return out;
  },
};

/** A list bullet Slack or a chat client put before each line (`• `, `- `, `* `, `◦ `). */
const BULLET = /^[ \t]{0,8}[•◦▪‣*-][ \t]+/;
/** What an error line starts with: a bulleted list of them is a paste, not a list of thoughts. */
const ERROR_LINE_START =
  /^(?:ERROR|FATAL|WARN|Caused by|thread '|panicked at|Error:|\d{1,2}: |\d{4}-\d{2}-\d{2}[T ]\d{2}:|[a-z_]+::)/;

/** Bullets before most lines, when one of them is an error line: removed from every bulleted line. */
const listBullets: ShapeAdapter = {
  name: "list-bullets",
  apply(lines) {
    const filled = lines.filter((l) => l.trim() !== "");
    const bulleted = filled.filter((l) => BULLET.test(l));
    if (bulleted.length < 2 || bulleted.length < filled.length * GUTTER_SHARE) return lines;
    if (!bulleted.some((l) => ERROR_LINE_START.test(l.replace(BULLET, "")))) return lines;
    return lines.map((l) => l.replace(BULLET, ""));
  },
};

/** Line numbers of an editor or viewer (`12  ERROR: …`, `13  Caused by:`), consecutive. */
const LINE_NUMBER = /^[ \t]*(\d{1,5})(?:[ \t]+|$)/;

const lineNumbers: ShapeAdapter = {
  name: "line-numbers",
  apply(lines) {
    const nums = lines.map((l) => LINE_NUMBER.exec(l));
    if (lines.length < 3 || nums.some((m) => !m)) return lines;
    const values = nums.map((m) => Number(m?.[1]));
    if (!values.every((v, i) => i === 0 || v === (values[i - 1] ?? 0) + 1)) return lines;
    return lines.map((l) => l.replace(LINE_NUMBER, ""));
  },
};

const STRUCTURAL = /^(?:\s|Caused by|thread '|stack backtrace|note: |\d+: |ERROR|WARN|INFO|DEBUG|HINT|DETAIL|LINE \d)/;
/** A viewer wraps at a fixed width: a log line at least this long may have been cut mid-word. */
const WRAP_MIN_WIDTH = 80;

/**
 * Lines hard-wrapped mid-word (`… Failed t` / `o schedule tasks error=…`): a long log line that
 * ends inside a word, followed by a line that goes on inside it, is joined back.
 */
const hardWraps: ShapeAdapter = {
  name: "hard-wraps",
  apply(lines) {
    const out: string[] = [];
    for (const line of lines) {
      const prev = out[out.length - 1];
      if (
        prev !== undefined &&
        prev.length >= WRAP_MIN_WIDTH &&
        LOG_START.test(prev) &&
        /\w$/.test(prev) &&
        /^[a-z0-9_]/.test(line) &&
        !LOG_START.test(line) &&
        !STRUCTURAL.test(line)
      ) {
        out[out.length - 1] = prev + line;
        continue;
      }
      out.push(line);
    }
    return out;
  },
};

/** In order: unwrap containers first, then escapes inside them, then what viewers add. */
export const SHAPE_ADAPTERS: readonly ShapeAdapter[] = [
  containerJson,
  runtimePrefix,
  viewerPrefix,
  literalEscapes,
  sharedGutter,
  listBullets,
  lineNumbers,
  hardWraps,
];

/** Cheap whole-text tests: an adapter whose mark is absent from the paste is skipped. */
const MARKS: Record<string, (text: string) => boolean> = {
  "container-json": (t) => t.includes('"'),
  "runtime-prefix": (t) => / std(?:out|err) [FP] |Z \d{4}-\d{2}-|Z (?:thread '|called `|panicked at )/.test(t),
  "viewer-prefix": (t) => /\dT\d\d:\d\d:\d\d/.test(t),
  "literal-escapes": (t) => t.includes("\\"),
  "shared-gutter": (t) => t.includes("|") || t.includes("│") || /\d:\d\d(?:\.\d+)?(?: UTC)?(?: {2}|$)/m.test(t),
  "list-bullets": (t) => /^[ \t]*[•◦▪‣*-][ \t]/m.test(t),
  "line-numbers": (t) => /^[ \t]*\d/.test(t),
  "hard-wraps": () => true,
};

export function applyShapeAdapters(lines: string[]): string[] {
  let out = lines;
  for (const a of SHAPE_ADAPTERS) {
    const mark = MARKS[a.name];
    if (mark && !mark(out.join("\n"))) continue;
    out = a.apply(out);
  }
  return out;
}
