import { applyShapeAdapters } from "./adapters.ts";

/** Default input cap: a paste beyond this many UTF-8 bytes is cut, never rejected. */
export const DEFAULT_MAX_INPUT_BYTES = 262_144;
/** Lines longer than this are cut: no RisingWave message needs more, and it bounds matching cost. */
export const MAX_LINE_CHARS = 4096;

export interface NormalizeOptions {
  maxInputBytes?: number;
}

export interface NormalizedPaste {
  text: string;
  truncated: boolean;
  inputBytes: number;
}

// Hoisted so a long paste compiles nothing per call.
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
const ANSI = new RegExp(
  `${ESC}\\[[0-9;?]*[ -/]*[@-~]|${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)|${ESC}[@-Z\\\\-_]`,
  "g",
);
const QUOTE_MARKER = /^[ \t]{0,3}>[ \t]?/;
const FENCE_ONLY = /^\s*```[\w+-]*\s*$/;
// docker compose (`meta-node-0  | `) and kubectl (`[pod/rw-meta-0/meta] `) prefixes. Bounded: the
// overlapping `[\w.]*[-_][\w.-]*` rescanned a long line once per `_` in it (240 KiB took 20 s).
const CONTAINER_PREFIX = /^(?:[A-Za-z0-9][\w.]{0,63}[-_][\w.-]{0,63}[ \t]{0,32}\|[ \t]?|\[pod\/[^\]\s]{1,253}\][ \t]?)/;

/** Cuts `text` to at most `maxBytes` UTF-8 bytes without splitting a character. */
function cutToBytes(text: string, maxBytes: number): { text: string; bytes: number; cut: boolean } {
  // Counting is native and cheap; encoding happens only when the paste is really cut.
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= maxBytes) return { text, bytes, cut: false };
  const encoded = new TextEncoder().encode(text);
  let end = Math.max(0, maxBytes);
  // Back off continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && ((encoded[end] ?? 0) & 0xc0) === 0x80) end--;
  return { text: new TextDecoder().decode(encoded.subarray(0, end)), bytes, cut: true };
}

/** Smart quotes from a chat client's autocorrect: RisingWave prints ASCII quotes. */
function straightenQuotes(text: string): string {
  return text.replace(/[\u201c\u201d]/g, '"').replace(/[\u2018\u2019]/g, "'");
}

/** No-break, figure and narrow no-break spaces (rich-text editors, copied web pages). */
const ODD_SPACES = /[\u00a0\u2007\u202f]/g;
/** Zero-width space/joiners, word joiner and BOM: invisible, but they split a template's words. */
const INVISIBLES = /[\u200b-\u200d\u2060\ufeff]/g;

function plainSpaces(text: string): string {
  return text.replace(ODD_SPACES, " ").replace(INVISIBLES, "");
}

const ELISION = " … ";
const LINE_END_CHARS = Math.floor((MAX_LINE_CHARS - ELISION.length) / 2);

/**
 * Keeps both ends of an over-long line: a log line's `error=` field comes last, after fields
 * such as a long `sql="…"`, and a message's head says what failed.
 */
function capLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  return `${line.slice(0, LINE_END_CHARS)}${ELISION}${line.slice(line.length - LINE_END_CHARS)}`;
}

/**
 * True when a line (or paste) wrapped in single backticks is Slack formatting, not a RisingWave
 * message that happens to start and end with a code span (`a` and `b`): the first inner backtick,
 * if any, must open a span (preceded by whitespace or punctuation), not close one.
 */
function isWrappedInBackticks(s: string): boolean {
  if (s.length < 3 || !s.startsWith("`") || !s.endsWith("`") || s.startsWith("``")) return false;
  const inner = s.slice(1, -1);
  if (inner.trim() === "" || inner.startsWith(" ")) return false;
  const tick = inner.indexOf("`");
  if (tick < 0) return true;
  const before = inner[tick - 1];
  return tick === 0 ? false : before === undefined || !/[\w)\]}"']/.test(before);
}

/** A line Slack users wrap in `inline code`: an error head, not a code line of a multi-line message. */
const ERROR_HEAD = /^(?:.{0,40}ERROR:|\[?\d{4}-\d{2}-\d{2}|thread '|Caused by|\s*\d+: |[A-Za-z][\w ]{0,40}: \S)/;

/** Drivers append the SQLSTATE to the message (Go's pgx: `… (SQLSTATE XX000)`). */
// The lookbehind lets a match start only where a run of blanks starts: without it a long blank run
// is rescanned from every position (256 KiB of spaces took 22 s).
const SQLSTATE_SUFFIX = /(?<!\s)\s*\(SQLSTATE [0-9A-Z]{5}\)\s*$/;

function stripLineFormatting(line: string, singleLine: boolean): string {
  let out = line;
  // Quote markers may nest once (`> > text`); the edge has turned Slack's `&gt;` back into `>`.
  for (let i = 0; i < 2 && QUOTE_MARKER.test(out); i++) out = out.replace(QUOTE_MARKER, "");
  out = out.replace(CONTAINER_PREFIX, "").replace(SQLSTATE_SUFFIX, "");
  // Fences glued to text: "```ERROR:  …" or "… listed first):```".
  if (out.startsWith("```")) out = out.replace(/^```(?:[a-z]+\s*$)?/, "");
  if (out.endsWith("```")) out = out.slice(0, -3);
  const trimmed = out.trim();
  if (isWrappedInBackticks(trimmed) && (singleLine || ERROR_HEAD.test(trimmed.slice(1)))) out = trimmed.slice(1, -1);
  return capLine(out).trimEnd();
}

/** Removes the indentation every line shares (a paste copied out of a test file or YAML). */
function dedent(lines: string[]): string[] {
  let common = Number.POSITIVE_INFINITY;
  for (const l of lines) {
    if (l.trim() === "") continue;
    common = Math.min(common, l.length - l.trimStart().length);
    if (common === 0) return lines;
  }
  return Number.isFinite(common) ? lines.map((l) => l.slice(common)) : lines;
}

/**
 * Undoes what chat clients and terminals do to a pasted error (Slack's entities are the edge's job): code fences
 * and wrapping backticks, quote markers, ANSI colours, CRLF, no-break and zero-width spaces,
 * container log prefixes, over-long lines (both ends kept); cuts the input at `maxInputBytes`. Pure; never throws.
 */
export function normalizePaste(
  input: string,
  { maxInputBytes = DEFAULT_MAX_INPUT_BYTES }: NormalizeOptions = {},
): NormalizedPaste {
  const raw = typeof input === "string" ? input : "";
  const { text: head, bytes, cut } = cutToBytes(raw, maxInputBytes);
  let text = head.replace(/\r\n?/g, "\n").replace(ANSI, "").replace(/\t/g, "    ");
  // Slack entities and `<url|label>` tokens are undone once, at the edge (answer/clean.ts): undoing
  // them here again would turn a typed `&lt;x&gt;` into `<x>`.
  text = plainSpaces(straightenQuotes(text));
  const kept = text.split("\n").filter((l) => !FENCE_ONLY.test(l));
  const singleLine = kept.filter((l) => l.trim() !== "").length <= 1;
  // Shape adapters: what container runtimes, JSON wrappers and log viewers did to the lines.
  // A tool's wrapper may hold Slack formatting of its own (a quoted fence inside a CRI line): strip again.
  const lines = applyShapeAdapters(kept.map((l) => stripLineFormatting(l, singleLine))).map((l, _i, all) =>
    capLine(stripLineFormatting(l, all.length <= 1)),
  );
  // Inline code around a whole multi-line paste: "`ERROR: …\nCaused by: …`".
  const first = lines.findIndex((l) => l.trim() !== "");
  let last = lines.length - 1;
  while (last >= 0 && (lines[last] ?? "").trim() === "") last--;
  if (first >= 0 && last > first) {
    const a = (lines[first] ?? "").trimStart();
    const b = lines[last] ?? "";
    if (a.startsWith("`") && !a.startsWith("``") && b.endsWith("`") && isWrappedInBackticks(`${a}\n${b}`)) {
      lines[first] = a.slice(1);
      lines[last] = b.slice(0, -1);
    }
  }
  return { text: dedent(lines).join("\n").trim(), truncated: cut, inputBytes: bytes };
}
