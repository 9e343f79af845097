import { isJsonLogLine, isQuietLogLine, isTracingLine, parseJsonLogLine, parseTracingLine } from "./logline.ts";
import { normalizePaste } from "./normalize.ts";
import { isPanicHeader } from "./panic.ts";

const PSQL_ERROR = /^(?:.*?(?:\s|:))??(?:db error:\s*)?(?:ERROR|FATAL|PANIC):\s+\S/;
const CAUSED_BY = /^\s*Caused by(?: these errors \(recent errors listed first\))?:\s*$/;
const RUST_PANIC_PAYLOAD = /called `(?:Result|Option)::unwrap\(\)` on an? `(?:Err|None)` value/;
const SQL_POSITION = /^LINE \d+: /;
/**
 * A RisingWave error line starts with a subsystem label (`Bind error:`, `Invalid input syntax:`,
 * `Feature is not yet implemented:`, `sql parser error:`): a short phrase naming a failure, then `: `.
 */
const ERROR_LABEL =
  /^(?:[A-Za-z][\w-]*(?: [\w-]+){0,5} (?:error|Error|failed|Failed|failure|exception|Exception)|Not supported|Invalid [\w ]{1,30}|Feature is not yet implemented|Permission denied|Item not found|Unsupported [\w ]{1,30}|[\w ]{1,30} not found|Internal error|internal error): \S/;
/** Words of people talking about errors rather than pasting one. */
const CHATTER_OPENING =
  /^(?:hi|hey|hello|thanks|thank you|any|is|are|was|were|does|do|did|has|have|can|could|should|would|will|i|i'm|i'll|we|we're|we'll|you|it|its|it's|the|this|that|so|ok|okay|lol|fyi|btw|why|how|what|when|where|who|please|pls)\b/i;

/** Words a person writes and RisingWave never prints, even after an error label ("Bind error: my typo, sorry"). */
const CHATTER_WORD = /(?<![\w'])(?:my|me|mine|probably|lol|lmao|sorry|idk|dunno|no idea|oops|sigh)(?![\w'])/i;
/** `I` and "ask Bob", case-sensitive: `{i}` fills in templates, and "ask" is chatter only before a name. */
const CHATTER_CASED = /(?<![\w'])(?:I(?:'(?:m|ll|ve|d))?|[Aa]sk [A-Z]\w*)(?![\w'])/;
/** Words RisingWave's own messages use now and then (`in our schema`, `we need to use`): chatter only together. */
const CHATTER_HINT = /(?<![\w'])(?:our|ours|we need|we should|we're|we'll|again|maybe)(?![\w'])/gi;
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
export function looksLikeErrorLine(line: string): boolean {
  const t = line.trim();
  if (t.length < 8) return false;
  if (isPanicHeader(t) || RUST_PANIC_PAYLOAD.test(t) || CAUSED_BY.test(t) || SQL_POSITION.test(t)) return true;
  if (errorLogLine(t)) return true;
  if (PSQL_ERROR.test(t)) return !/\?\s*$/.test(t) && !readsLikeChatter(t);
  if (ERROR_LABEL.test(t)) {
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
export function normalizedLooksLikeError(normalized: string): boolean {
  for (const line of normalized.split("\n")) if (looksLikeErrorLine(line)) return true;
  return false;
}
