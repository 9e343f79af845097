import { CHAIN_HEAD, PSQL_HEAD, SQL_POSITION } from "./grammar.ts";
import { isJsonLogLine, isQuietLogLine, isTracingLine, parseJsonLogLine, parseTracingLine } from "./logline.ts";
import { normalizePaste } from "./normalize.ts";
import { isPanicHeader } from "./panic.ts";
import {
  BUILTIN_LABELS,
  CHATTER_HINTS,
  CHATTER_OPENINGS,
  CHATTER_WORDS,
  LABEL_SHAPES,
  LABEL_SUFFIX_WORDS,
  wordsPattern,
} from "./vocabulary.ts";

const RUST_PANIC_PAYLOAD = /called `(?:Result|Option)::unwrap\(\)` on an? `(?:Err|None)` value/;
/**
 * A RisingWave error line starts with a subsystem label (`Bind error:`, `Invalid input syntax:`,
 * `Feature is not yet implemented:`, `sql parser error:`): a short phrase naming a failure, then `: `.
 * The labels come from the catalog (`ErrorVocabulary`); the suffix words and shapes are data in
 * vocabulary.ts.
 */
const LABEL_PREFIX = /^([A-Za-z][\w ()/-]{0,60}?): \S/;
const SUFFIX_LABEL = new RegExp(`^[A-Za-z][\\w-]*(?: [\\w-]+){0,5} (?:${wordsPattern(LABEL_SUFFIX_WORDS)})$`);
const CHATTER_OPENING = new RegExp(`^(?:${wordsPattern(CHATTER_OPENINGS)})\\b`, "i");
const CHATTER_WORD = new RegExp(`(?<![\\w'])(?:${wordsPattern(CHATTER_WORDS)})(?![\\w'])`, "i");
/** `I` and "ask Bob", case-sensitive: `{i}` fills in templates, and "ask" is chatter only before a name. */
const CHATTER_CASED = /(?<![\w'])(?:I(?:'(?:m|ll|ve|d))?|[Aa]sk [A-Z]\w*)(?![\w'])/;
const CHATTER_HINT = new RegExp(`(?<![\\w'])(?:${wordsPattern(CHATTER_HINTS)})(?![\\w'])`, "gi");

/** The error labels a detector knows: the catalog's wrapper labels (or the built-in few without one). */
export interface ErrorVocabulary {
  labels: ReadonlySet<string>;
}

export const BUILTIN_VOCABULARY: ErrorVocabulary = { labels: new Set(BUILTIN_LABELS.map((l) => l.toLowerCase())) };

function hasErrorLabel(line: string, vocab: ErrorVocabulary): boolean {
  const m = LABEL_PREFIX.exec(line);
  if (!m) return false;
  const label = (m[1] ?? "").trim();
  return vocab.labels.has(label.toLowerCase()) || SUFFIX_LABEL.test(label) || LABEL_SHAPES.some((re) => re.test(label));
}

/** Quoted and backticked text is an identifier or value (`column "me"`), never chatter. */
const QUOTED = /"[^"]*"|'[^']*'|`[^`]*`/g;

/** Does the text after an error label read like a person talking? */
function readsLikeChatter(line: string): boolean {
  const text = line.replace(QUOTED, " ");
  if (CHATTER_WORD.test(text) || CHATTER_CASED.test(text)) return true;
  return (text.match(CHATTER_HINT)?.length ?? 0) >= 2;
}

function errorLogLine(line: string): boolean {
  if (isQuietLogLine(line)) return false;
  const entry = isTracingLine(line) ? parseTracingLine(line) : isJsonLogLine(line) ? parseJsonLogLine(line) : null;
  if (!entry) return false;
  return entry.level === "ERROR" || (entry.level === "WARN" && entry.error !== null) || entry.error !== null;
}

/** One line read on its own: does it look like printed error output? */
export function looksLikeErrorLine(line: string, vocab: ErrorVocabulary = BUILTIN_VOCABULARY): boolean {
  const t = line.trim();
  if (t.length < 8) return false;
  if (isPanicHeader(t) || RUST_PANIC_PAYLOAD.test(t) || CHAIN_HEAD.test(t) || SQL_POSITION.test(t)) return true;
  if (errorLogLine(t)) return true;
  if (PSQL_HEAD.test(t)) return !/\?\s*$/.test(t) && !readsLikeChatter(t);
  if (hasErrorLabel(t, vocab)) {
    // "the error was: …" is talk about an error; "Bind error: …" is one, unless a person goes on
    // talking after the label ("Internal error: no idea why").
    if (CHATTER_OPENING.test(t) || /\?\s*$/.test(t)) return false;
    return !readsLikeChatter(t);
  }
  return false;
}

/**
 * The judgement for auto-replies, separate from matching: only printed errors count (psql or
 * driver `ERROR:` output, `Caused by:` chains, error-level log lines, panics, a bare labelled
 * RisingWave error line), so chatter about errors ("the error went away after restart", "ERROR
 * budget meeting at 3") is never answered. Pure; never throws.
 */
export function looksLikeError(text: string): boolean {
  if (typeof text !== "string" || text.trim() === "") return false;
  return normalizedLooksLikeError(normalizePaste(text).text);
}

/** `looksLikeError` for text already through `normalizePaste` (the matcher has it at hand). */
export function normalizedLooksLikeError(normalized: string, vocab: ErrorVocabulary = BUILTIN_VOCABULARY): boolean {
  for (const line of normalized.split("\n")) if (looksLikeErrorLine(line, vocab)) return true;
  return false;
}
