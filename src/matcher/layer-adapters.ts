import { BUG_REPORT_FOOTER, KNOWN_CONTINUATION } from "./grammar.ts";

/**
 * Shape adapters that work on a layer once the paste is split: chains joined by `:` and a newline,
 * quoted values of Debug-printed structures (inner layers), quoted spans of prose (texts of their own).
 */
/**
 * Chains joined by `:` and a newline (`get error from control stream:\nworker node 1 …:\nInternal
 * error:\n…`): a run of at least two lines ending in `:` is one compact chain, so its links are
 * tried like those of `a: b: c`. A single `…:\n{}` is a template's own line break and stays.
 */
export function joinColonChain(all: readonly string[]): string[] {
  // The panic catcher's footer (`This is a bug. … at:` and its link) is no chain link.
  const footerAt = all.findIndex((l) => BUG_REPORT_FOOTER.test(l));
  if (footerAt >= 0) return [...joinColonChain(all.slice(0, footerAt)), ...all.slice(footerAt)];
  const lines = all;
  let run = 0;
  for (const l of lines) {
    if (l.trimEnd().endsWith(":") && !KNOWN_CONTINUATION.test(l)) run++;
  }
  if (run < 2) return [...lines];
  // The joined line is kept as pieces and built once: re-reading the growing line for every piece
  // made a paste of many short `ERROR:` lines quadratic (164 KiB: 0.3 s, 256 KiB: 1.8 s).
  const out: string[] = [];
  let pieces: string[] | null = null;
  const flush = () => {
    if (pieces) out[out.length - 1] = pieces.join(" ");
    pieces = null;
  };
  let joining = false;
  for (const l of lines) {
    if (joining && out.length > 0 && l.trim() !== "" && !KNOWN_CONTINUATION.test(l)) {
      pieces ??= [(out[out.length - 1] ?? "").trimEnd()];
      pieces.push(l.trim());
      // The joined line ends with this piece, and starts like a line that was no continuation.
      joining = l.trimEnd().endsWith(":");
      continue;
    }
    flush();
    out.push(l);
    joining = l.trimEnd().endsWith(":") && !KNOWN_CONTINUATION.test(l);
  }
  flush();
  return out;
}

/**
 * Quoted values of a Debug-printed structure: tonic `Status { code: …, message: "…" }`, `reason:
 * "…"`, anyhow `Error { context: "…", source: … }`, tuple structs `SomeError("…")`. Only values
 * that read as a message (two words or more) become layers, in the order printed (outer first).
 */
const DEBUG_FIELD =
  /\b(?:message|reason|context|msg|error|source|cause|details?|description):\s*"((?:[^"\\]|\\.){3,2000}?)"/g;
const TUPLE_STRUCT = /\b[A-Z]\w*\("((?:[^"\\]|\\.){3,2000}?)"\)/g;
const MAX_DEBUG_VALUES = 4;

export function debugValues(text: string): string[] {
  if (!text.includes('"')) return [];
  const found: Array<{ at: number; value: string }> = [];
  for (const re of [DEBUG_FIELD, TUPLE_STRUCT]) {
    for (const m of text.matchAll(re)) {
      const value = (m[1] ?? "")
        .replace(/\\(["\\])/g, "$1")
        .replace(/\\n/g, "\n")
        .trim();
      if (/\S\s+\S/.test(value) && value !== text.trim()) found.push({ at: m.index, value });
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_DEBUG_VALUES)
    .map((f) => f.value);
}

/** `…` and "…" spans of prose with at least three words: a person quoting an error. */
const BACKTICK_SPAN = /`([^`\n]{8,600})`/g;
const QUOTE_SPAN = /"([^"\n]{8,600})"/g;
const MAX_QUOTED_SPANS = 6;
/** Prose is short: a longer plain block is a log or a data dump. */
export const MAX_PROSE_CHARS = 1500;

export function quotedSpans(text: string): string[] {
  const out: string[] = [];
  for (const re of [BACKTICK_SPAN, QUOTE_SPAN]) {
    for (const m of text.matchAll(re)) {
      const span = (m[1] ?? "").trim();
      if (span.split(/\s+/).length >= 3 && span !== text.trim() && !out.includes(span)) out.push(span);
      if (out.length >= MAX_QUOTED_SPANS) return out;
    }
  }
  return out;
}
