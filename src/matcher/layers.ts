import { BUILTIN_VOCABULARY, type ErrorVocabulary, looksLikeErrorLine } from "./detect.ts";
import {
  BACKTRACE_FRAME,
  BACKTRACE_HEADER,
  CAUSED_BY,
  CAUSED_BY_MANY,
  INLINE_CHAIN_HEAD,
  KNOWN_CONTINUATION,
  NUMBERED,
  PANIC_LOCATION_LINE,
  PANIC_NOTE,
  PSQL_HEAD,
  PSQL_PROMPT,
  RUST_MAIN_ERROR,
} from "./grammar.ts";
import { debugValues, joinColonChain, MAX_PROSE_CHARS, quotedSpans } from "./layer-adapters.ts";
import {
  isJsonLogLine,
  isQuietLogLine,
  isTracingLine,
  type LogEntry,
  parseFields,
  parseJsonLogLine,
  parseTracingLine,
} from "./logline.ts";
import { isPanicHeader, panicPayload, parsePanic } from "./panic.ts";

/** Where a layer came from; plain lines are matched but count as errors only if they read like one. */
export type LayerKind =
  | "psql"
  | "cause"
  | "log"
  | "log-message"
  | "panic"
  | "debug"
  | "quoted"
  | "plain"
  | "plain-line";

/** One error layer of a paste. Groups are separate errors; depth 0 is a group's outermost layer. */
export interface ErrorLayer {
  text: string;
  group: number;
  depth: number;
  kind: LayerKind;
}

/** A layer longer than this is cut: templates are short, and it bounds the matching cost. */
export const MAX_LAYER_CHARS = 4096;
const MAX_LAYERS = 200;
const MAX_SUBSPLIT_DEPTH = 2;
const MAX_PLAIN_LINES = 64;
/** A Debug-printed error is a few hundred characters; a longer block is a data dump, not read for values. */
const MAX_DEBUG_LAYER_CHARS = 2000;

type Mode = "none" | "head" | "cause" | "numbered" | "skip";

interface Draft {
  lines: string[];
  /** Lines as pasted (indentation kept): only unindented ones may be errors of their own. */
  raw: string[];
  kind: LayerKind;
}

class LayerCollector {
  readonly layers: ErrorLayer[] = [];
  private group = -1;
  private depth = 0;
  private draft: Draft | null = null;

  startGroup(): void {
    this.flush();
    this.group++;
    this.depth = 0;
  }

  hasGroup(): boolean {
    return this.group >= 0;
  }

  startLayer(first: string, kind: LayerKind): void {
    this.flush();
    if (this.group < 0) this.group = 0;
    this.draft = { lines: [first], raw: [first], kind };
  }

  hasLayer(): boolean {
    return this.draft !== null;
  }

  /**
   * Indentation of continuation lines is dropped: RisingWave prints them at column 0, other
   * reporters indent them; templates are compiled without it too, so both match.
   */
  continueLayer(line: string): void {
    if (!this.draft) return;
    this.draft.lines.push(line.trimStart());
    this.draft.raw.push(line);
  }

  addLayer(text: string, kind: LayerKind): void {
    this.startLayer(text, kind);
    this.flush();
  }

  flush(): void {
    const d = this.draft;
    this.draft = null;
    if (!d || this.layers.length >= MAX_LAYERS) return;
    // A panic reported through a log line puts its location first ("panicked at src/x.rs:1:2:").
    const lines = PANIC_LOCATION_LINE.test(d.lines[0] ?? "") ? d.lines.slice(1) : d.lines;
    const text = panicPayload(joinColonChain(lines).join("\n")).slice(0, MAX_LAYER_CHARS);
    if (text === "") return;
    this.layers.push({ text, group: this.group, depth: this.depth++, kind: d.kind });
    // Debug-printed structures: their quoted messages are the layers inside this one.
    for (const value of text.length <= MAX_DEBUG_LAYER_CHARS ? debugValues(text) : []) {
      if (this.layers.length >= MAX_LAYERS) break;
      this.layers.push({ text: value, group: this.group, depth: this.depth++, kind: "debug" });
    }
    if (d.kind !== "plain") return;
    // Prose: backtick- and quote-delimited spans are texts of their own.
    // Prose is short: a long plain block is a log or data dump, not a person quoting an error.
    for (const span of text.length <= MAX_PROSE_CHARS ? quotedSpans(d.raw.join("\n")) : []) {
      if (this.layers.length >= MAX_LAYERS) break;
      this.group++;
      this.depth = 0;
      this.layers.push({ text: span, group: this.group, depth: this.depth++, kind: "quoted" });
    }
    // Consecutive plain lines may be one multi-line message or several one-line errors: each
    // line that is not a known continuation is also tried as an error of its own.
    for (const line of d.raw.slice(1, MAX_PLAIN_LINES)) {
      const t = line.trim();
      if (t === "" || /^\s/.test(line) || KNOWN_CONTINUATION.test(line) || this.layers.length >= MAX_LAYERS) continue;
      this.group++;
      this.depth = 0;
      this.layers.push({ text: t, group: this.group, depth: this.depth++, kind: "plain-line" });
    }
  }
}

/** A pasted line with an `error=` / `err=` field but no log prefix (`… failed to x error=…`). */
const PLAIN_ERROR_FIELD = /\s(?:error|err)=\S/;

function isLogLine(trimmed: string): boolean {
  return isTracingLine(trimmed) || isJsonLogLine(trimmed);
}

function addLogEntry(out: LayerCollector, entry: LogEntry, nesting: number, vocab: ErrorVocabulary): void {
  out.startGroup();
  const { message, error } = entry;
  if (message && message !== error) out.startLayer(message, "log-message");
  if (!error) return;
  if (error.includes("\n") && nesting < MAX_SUBSPLIT_DEPTH) {
    // A pretty (multi-line) error inside a field: split it like a paste, into this group.
    for (const inner of splitLayersAt(error, nesting + 1, vocab)) out.addLayer(inner.text, inner.kind);
  } else out.startLayer(error, "log");
}

function isErrorLevel(entry: LogEntry): boolean {
  return entry.level === "ERROR" || entry.level === "WARN" || entry.error !== null;
}

/**
 * Splits a normalised paste into error layers, outermost first: psql/driver `ERROR:` heads,
 * `Caused by:` (one layer) and numbered `Caused by these errors` layers with their column-0
 * continuations (HINT, LINE n, caret, tracking notes, `example:` blocks), tracing and JSON log
 * lines (message, then the `error` field), and Rust panics; backtraces are skipped.
 */
export function splitLayers(text: string, vocab: ErrorVocabulary = BUILTIN_VOCABULARY): ErrorLayer[] {
  return splitLayersAt(text, 0, vocab);
}

/** A chain head a tool glued to the line before (`…statement,Caused by these errors …`) starts its own line. */
function unglueChainHeads(lines: string[]): string[] {
  if (!lines.some((l) => INLINE_CHAIN_HEAD.test(l))) return lines;
  return lines.flatMap((l) => {
    const m = INLINE_CHAIN_HEAD.exec(l);
    return m ? [l.slice(0, m.index + 1), l.slice(m.index + m[0].length)] : [l];
  });
}

function splitLayersAt(text: string, nesting: number, vocab: ErrorVocabulary): ErrorLayer[] {
  const lines = unglueChainHeads(text.split("\n"));
  const out = new LayerCollector();
  let mode: Mode = "none";
  let prevBlank = false;
  let inBacktrace = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const trimmed = line.trim();
    if (trimmed === "") {
      prevBlank = true;
      // Kept inside a layer ("…license\n\nHint: …"); trailing blanks are trimmed when it closes.
      if (out.hasLayer()) out.continueLayer("");
      continue;
    }
    const afterBlank = prevBlank;
    prevBlank = false;
    if (inBacktrace && BACKTRACE_FRAME.test(line)) continue;
    inBacktrace = false;
    if (BACKTRACE_HEADER.test(line)) {
      out.flush();
      inBacktrace = true;
      continue;
    }
    if (PANIC_NOTE.test(trimmed)) continue;
    if (PSQL_PROMPT.test(trimmed)) {
      out.flush();
      mode = "skip";
      continue;
    }
    if (isPanicHeader(line)) {
      const panic = parsePanic(lines, i);
      out.startGroup();
      if (panic?.message) out.addLayer(panic.message, "panic");
      i = Math.max(i, (panic?.next ?? i + 1) - 1);
      mode = "none";
      continue;
    }
    if (isQuietLogLine(trimmed)) {
      out.flush();
      mode = "skip";
      continue;
    }
    if (isLogLine(trimmed)) {
      const entry = isTracingLine(trimmed) ? parseTracingLine(trimmed) : parseJsonLogLine(trimmed);
      if (entry && isErrorLevel(entry)) {
        addLogEntry(out, entry, nesting, vocab);
        mode = "head";
      } else {
        out.flush();
        mode = "skip";
      }
      continue;
    }
    const causedMany = CAUSED_BY_MANY.test(line);
    const causedBy = causedMany ? null : CAUSED_BY.exec(line);
    if (causedMany || causedBy) {
      out.flush();
      if (!out.hasGroup()) out.startGroup();
      mode = causedMany ? "numbered" : "cause";
      const inline = causedBy?.[1]?.trim();
      if (inline) out.startLayer(inline, "cause");
      continue;
    }
    const head = PSQL_HEAD.exec(trimmed) ?? RUST_MAIN_ERROR.exec(trimmed);
    if (head) {
      out.startGroup();
      out.startLayer(head[1] ?? "", "psql");
      mode = "head";
      continue;
    }
    const numbered = mode === "numbered" || (mode === "cause" && !out.hasLayer()) ? NUMBERED.exec(line) : null;
    if (numbered) {
      out.startLayer(numbered[2] ?? "", "cause");
      mode = "numbered";
      continue;
    }
    if ((mode === "cause" || mode === "numbered") && !out.hasLayer()) {
      out.startLayer(trimmed, "cause");
      continue;
    }
    if (out.hasLayer() && isContinuation(line, afterBlank, mode, vocab)) {
      out.continueLayer(line);
      continue;
    }
    if (mode === "skip" && /^\s/.test(line)) continue;
    if (PLAIN_ERROR_FIELD.test(trimmed)) {
      const entry = parseFields("ERROR", trimmed);
      if (entry.error) {
        addLogEntry(out, entry, nesting, vocab);
        mode = "head";
        continue;
      }
    }
    out.startGroup();
    out.startLayer(trimmed, "plain");
    mode = "head";
  }
  out.flush();
  return out.layers;
}

function isContinuation(line: string, afterBlank: boolean, mode: Mode, vocab: ErrorVocabulary): boolean {
  if (KNOWN_CONTINUATION.test(line)) return true;
  const indented = /^\s/.test(line);
  const chain = mode === "cause" || mode === "numbered";
  // A line that reads like an error of its own starts one ("got this:\nBind error: …"), but inside
  // a chain only after a blank line: a long message's own lines come right under it.
  if (!indented && (!chain || afterBlank) && looksLikeErrorLine(line, vocab)) return false;
  // Inside a chain every other line up to the next structural line belongs to the layer
  // (paragraphs of a long message); elsewhere lines right under a layer, and indented ones.
  return chain || !afterBlank || indented;
}
