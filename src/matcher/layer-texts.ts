import { isWordCode } from "./chars.ts";

/** A piece of a layer that a pattern may match whole, with its place in the layer. */
export interface LayerText {
  start: number;
  end: number;
  /** Starts at a word boundary inside a sentence, not at a chain boundary (`: `) or the layer start. */
  partial: boolean;
  /** Ends before a `: ` (a panic's `.expect("m")` adds `: <error>`; a chain's outer layer). */
  cut: boolean;
  /**
   * Ends at a clause boundary with text left over (`, executor: X`, a final `.`, ` (…)`, ` [..]`,
   * ` at <location>`), or starts after one (`, ` / `; `): the "text after the message" adapter.
   */
  clause?: boolean;
}

const MAX_CLAUSE_ENDS = 8;
const MAX_CLAUSE_TEXTS = 32;
/**
 * Where a message may end with the rest of the line as leftover: before `, key: value` or
 * `, word=`, `; `, ` [`, ` (`, ` at <file or location>`, and before a final `.`, `;` or `,`.
 */
const CLAUSE_END = /, (?=[\w.-]+(?: [\w.-]+)?[:=] ?)|; |\.? \[|\.? \(|\.? at (?=\S*[/:.]\S*)|[.;,"'`]\s*$/g;
/** Where a message may start after a clause boundary inside a line. */
const CLAUSE_START = /(?:, |; )(?=\S)/g;

function clauseEnds(layer: string, firstLineEnd: number): number[] {
  const line = layer.slice(0, firstLineEnd);
  const out: number[] = [];
  for (const m of line.matchAll(CLAUSE_END)) {
    if (m.index > 0 && !out.includes(m.index)) out.push(m.index);
    if (out.length >= MAX_CLAUSE_ENDS) break;
  }
  return out;
}

function clauseStarts(layer: string, firstLineEnd: number): number[] {
  const line = layer.slice(0, firstLineEnd);
  const out: number[] = [];
  for (const m of line.matchAll(CLAUSE_START)) {
    out.push(m.index + m[0].length);
    if (out.length >= MAX_CLAUSE_ENDS) break;
  }
  return out;
}

const MAX_LINE_VARIANTS = 16;
const MAX_PARTIAL_STARTS = 48;
/** A chain has a handful of links; a line with hundreds of `: ` is data, tried only at its ends. */
const MAX_CHAIN_STARTS = 24;
const MAX_CUT_TEXTS = 96;

/** True when offset `i` of `text` does not split a word. */
export function isBoundary(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return true;
  return !isWordCode(text.charCodeAt(i - 1)) || !isWordCode(text.charCodeAt(i));
}

/**
 * The pieces of a layer to try each pattern against, anchored: the layer and its first lines
 * (continuation lines like HINT must not stop the first line from matching), the suffixes after
 * each `: ` of the first line (compact chains, composite layers), suffixes at word starts (a
 * template printed inside a longer sentence), and prefixes ending before a `: `.
 */
export function layerTexts(layer: string): LayerText[] {
  const firstLineEnd = layer.includes("\n") ? layer.indexOf("\n") : layer.length;
  const ends: number[] = [layer.length];
  let at = layer.length;
  while (ends.length < MAX_LINE_VARIANTS) {
    at = layer.lastIndexOf("\n", at - 1);
    if (at <= 0) break;
    const end = layer.slice(0, at).trimEnd().length;
    if (end > 0 && !ends.includes(end)) ends.push(end);
  }
  if (!ends.includes(firstLineEnd)) ends.push(firstLineEnd);
  const colons: number[] = [];
  for (let p = layer.indexOf(": "); p >= 0 && p < firstLineEnd; p = layer.indexOf(": ", p + 1)) colons.push(p);
  // A link may start after extra blanks (`splits:  No data …`): the template starts at the text.
  const linkStarts = colons
    .map((p) => {
      let start = p + 2;
      while (layer[start] === " ") start++;
      return start;
    })
    .filter((start) => start < firstLineEnd);
  const half = MAX_CHAIN_STARTS / 2;
  const chainStarts =
    linkStarts.length < MAX_CHAIN_STARTS
      ? [0, ...linkStarts]
      : [0, ...linkStarts.slice(0, half), ...linkStarts.slice(-half)];
  const out: LayerText[] = [];
  let cutTexts = 0;
  for (const start of chainStarts) {
    for (const end of ends) if (end > start) out.push({ start, end, partial: false, cut: false });
    for (const cut of colons) {
      if (cut <= start || cutTexts >= MAX_CUT_TEXTS) continue;
      cutTexts++;
      out.push({ start, end: cut, partial: false, cut: true });
    }
  }
  // Text after the message: a clause leftover at the end, or a clause before the start.
  const cEnds = clauseEnds(layer, firstLineEnd);
  const cStarts = clauseStarts(layer, firstLineEnd);
  let clauseTexts = 0;
  const addClause = (start: number, end: number) => {
    if (end <= start || clauseTexts >= MAX_CLAUSE_TEXTS) return;
    clauseTexts++;
    out.push({ start, end, partial: false, cut: false, clause: true });
  };
  // The leftover clause follows the innermost links: the layer start and the last few links only.
  for (const start of [0, ...linkStarts.slice(-3)]) for (const end of cEnds) addClause(start, end);
  for (const start of cStarts) {
    if (linkStarts.includes(start)) continue;
    addClause(start, firstLineEnd);
    for (const end of cEnds) addClause(start, end);
  }
  let partials = 0;
  const links = new Set(linkStarts);
  // Word starts after a blank: from one space to the next, not character by character.
  for (
    let sp = layer.indexOf(" ");
    sp >= 0 && sp + 1 < firstLineEnd && partials < MAX_PARTIAL_STARTS;
    sp = layer.indexOf(" ", sp + 1)
  ) {
    const i = sp + 1;
    if (!isWordCode(layer.charCodeAt(i)) || links.has(i)) continue;
    partials++;
    out.push({ start: i, end: firstLineEnd, partial: true, cut: false });
    if (layer.length > firstLineEnd) out.push({ start: i, end: layer.length, partial: true, cut: false });
  }
  return out;
}
