import { type CompiledPattern, foldText, runPattern } from "./compile.ts";
import { setArgumentValues, setDominance } from "./dominance.ts";
import { isBoundary, type LayerText, layerTexts } from "./layer-texts.ts";
import { matchSegments } from "./segments.ts";

/** An anchored match of one pattern on one piece of a layer (offsets are in the layer). */
export interface RawMatch {
  pattern: CompiledPattern;
  start: number;
  end: number;
  captures: string[];
  captureSpans: Array<[number, number]>;
  partial: boolean;
  cut: boolean;
  /** Matched as a bare label (`Executor error` for `Executor error: {0}`): carries nothing. */
  bare: boolean;
  /** Starts after the layer's first line (inside a HINT or note): advice, not the error. */
  onContinuation: boolean;
  /** Another match sits inside this one's placeholder: here it is only the wrapper. */
  wrapsAnother: boolean;
  /** How many matches contain this one (as a capture, or as the rest after a cut): deeper = closer to the cause. */
  nesting: number;
  /** The match that explains the same text more literally (spells out what this one captured), if any. */
  dominatedBy: RawMatch | null;
  /** Ends (or starts) at a clause boundary with text left over: a small penalty. */
  clause: boolean;
  /** Matched only in the folded pass (case, blank runs, quotes folded). */
  folded: boolean;
  /** Matched in prose with its trailing placeholder left empty (`… for fragment`). */
  openTail: boolean;
  /** A panic message whose record is raised in another file than the one the panic names. */
  elsewhere?: boolean;
}

export interface MatchLayerOptions {
  /** The layer is prose (a plain line or a quoted span): a trailing placeholder may be empty. */
  prose?: boolean;
}

/**
 * `internal error: entered unreachable code` is the std's panic text (`unreachable!()`), never the
 * value of RisingWave's own `internal error: {0}` wrapper.
 */
const STD_UNREACHABLE = /^internal error: entered unreachable code/i;
const INTERNAL_ERROR_LABEL = /^internal error: $/i;

function claimsStdPanic(p: CompiledPattern, text: string): boolean {
  return INTERNAL_ERROR_LABEL.test(p.segments?.[0] ?? "") && STD_UNREACHABLE.test(text);
}

const MIN_NESTED_CAPTURE = 6;
/** What may sit between a clause-cut match and the chain link after it: `, error: `, `; `, `: `. */
const CLAUSE_GAP = /^[\s,;.]*(?:[\w.-]+\s*[:=])?\s*$/;

function firstLineEnd(layer: string): number {
  const nl = layer.indexOf("\n");
  return nl < 0 ? layer.length : nl;
}

/**
 * A pattern that starts and ends with a placeholder anchors nowhere, so each try scans the whole
 * text: on long texts (data dumps, not messages) those patterns are not tried.
 */
const MAX_FLOATING_TEXT = 1024;

function rawMatch(
  p: CompiledPattern,
  layer: string,
  t: LayerText,
  captures: string[],
  spans: Array<[number, number]>,
  extra: Partial<RawMatch> = {},
): RawMatch {
  return {
    pattern: p,
    start: t.start,
    end: t.end,
    captures,
    captureSpans: spans,
    partial: t.partial,
    cut: t.cut,
    bare: false,
    onContinuation: t.start > firstLineEnd(layer),
    nesting: 0,
    wrapsAnother: false,
    dominatedBy: null,
    clause: t.clause === true,
    folded: false,
    openTail: false,
    ...extra,
  };
}

function tryText(p: CompiledPattern, layer: string, t: LayerText, text: string, out: RawMatch[], prose: boolean): void {
  if (p.floating && text.length > MAX_FLOATING_TEXT) return;
  if (claimsStdPanic(p, text)) return;
  if (prose && p.openTailSegments && !t.partial) {
    const o = matchSegments(p.openTailSegments, text);
    if (o) {
      out.push(rawMatch(p, layer, t, [...o.captures, ""], [], { openTail: true }));
      return;
    }
  }
  const m = runPattern(p, text);
  if (m) {
    const spans = m.spans.map(([s, e]): [number, number] => [s + t.start, e + t.start]);
    out.push(rawMatch(p, layer, t, m.captures, spans));
    return;
  }
  // A bare label only counts as the whole layer (or a whole chain link), never inside a sentence.
  if (p.bareSegments && !t.partial && (t.cut || t.end === layer.length || !layer.includes("\n"))) {
    const b = matchSegments(p.bareSegments, text);
    if (b) {
      out.push(rawMatch(p, layer, t, b.captures, [], { partial: false, bare: true }));
    }
  }
}

/** A folded copy of `text` and, for each of its offsets, the offset in `text` it came from. */
function foldWithMap(text: string): { folded: string; map: number[] } {
  const lower = text.toLowerCase();
  // Case mapping that changes the length (rare scripts) goes character by character.
  const same = lower.length === text.length;
  const parts: string[] = [];
  const map: number[] = [];
  let blank = false;
  for (let i = 0; i < text.length; i++) {
    const c = same ? (lower[i] ?? "") : foldText(text[i] ?? "");
    if (c === " " || c === "\n" || c === "\t" || c === "\r" || (c.length === 1 && /\s/.test(c))) {
      if (blank) continue;
      blank = true;
      parts.push(" ");
      map.push(i);
      continue;
    }
    blank = false;
    const f = c === "\u2018" || c === "\u2019" || c === "\u00b4" ? "'" : c === "\u201c" || c === "\u201d" ? '"' : c;
    parts.push(f);
    for (let k = 0; k < f.length; k++) map.push(i);
  }
  map.push(text.length);
  return { folded: parts.join(""), map };
}

/** Up to this length a folded key is searched for first literals before its pieces are cut. */
const SHORT_FOLDED_KEY = 1024;

/** The distinct start offsets of the pieces, by the character code found there. */
function textStarts(text: string, pieces: readonly LayerText[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const t of pieces) {
    const c = text.charCodeAt(t.start);
    const list = out.get(c);
    if (!list) out.set(c, [t.start]);
    else if (!list.includes(t.start)) list.push(t.start);
  }
  return out;
}

/** Does some piece start with `first` (every piece a pattern matches starts with its first literal)? */
function startsAPiece(text: string, starts: Map<number, number[]>, first: string): boolean {
  if (first === "") return true;
  const list = starts.get(first.charCodeAt(0));
  return list?.some((at) => text.startsWith(first, at)) ?? false;
}

/**
 * The folded pass: the same anchored pieces, matched on the folded key of layer and template,
 * offsets and captures mapped back to the layer as pasted.
 */
function foldedMatches(layer: string, candidates: readonly CompiledPattern[], out: RawMatch[]): void {
  if (!candidates.some((p) => p.foldedSegments)) return;
  const key = foldText(layer);
  const inKey = (seg: string) => seg === "" || key.includes(seg);
  // On a short layer, looking for each first literal costs less than cutting the pieces: most
  // layers have no template that may match, and are done here.
  const present =
    key.length <= SHORT_FOLDED_KEY
      ? candidates.filter((p) => p.foldedSegments && inKey(p.foldedSegments[0] ?? ""))
      : candidates;
  if (present.length === 0) return;
  // When lower-casing keeps the length, foldWithMap's folded text is the key itself: the offset
  // map is only needed to report a match, so it is built on the first one.
  const sameLength = layer.toLowerCase().length === layer.length;
  let fold: { folded: string; map: number[] } | null = sameLength ? null : foldWithMap(layer);
  const folded = fold ? fold.folded : key;
  const at = (i: number) => {
    fold ??= foldWithMap(layer);
    return fold.map[i] ?? layer.length;
  };
  const texts = layerTexts(folded);
  const starts = textStarts(folded, texts);
  // Cheap gates first: a template whose first folded literal starts no tried piece, or whose
  // folded literals are not all in the folded layer, cannot match.
  const viable = present.filter(
    (p) => p.foldedSegments && startsAPiece(folded, starts, p.foldedSegments[0] ?? "") && p.foldedSegments.every(inKey),
  );
  if (viable.length === 0) return;
  for (const t of texts) {
    const text = folded.slice(t.start, t.end);
    const lead = text.charCodeAt(0);
    let mapped: LayerText | null = null;
    for (const p of viable) {
      if (!p.foldedSegments || (p.floating && text.length > MAX_FLOATING_TEXT)) continue;
      if (p.foldedLead >= 0 && p.foldedLead !== lead) continue;
      const m = matchSegments(p.foldedSegments, text);
      if (!m) continue;
      mapped ??= { ...t, start: at(t.start), end: at(t.end) };
      const spans = m.spans.map(([s, e]): [number, number] => [at(s + t.start), at(e + t.start)]);
      const captures = spans.map(([s, e]) => layer.slice(s, e));
      out.push(rawMatch(p, layer, mapped, captures, spans, { folded: true }));
    }
  }
}

/**
 * Every anchored match of the candidate patterns on the pieces of `layer`, then on the values
 * they captured (a template printed inside another's placeholder), with nesting depths set.
 */
export function matchLayer(
  layer: string,
  candidates: readonly CompiledPattern[],
  { prose = false }: MatchLayerOptions = {},
): RawMatch[] {
  const out: RawMatch[] = [];
  if (candidates.length === 0) return out;
  // Every piece layerTexts cuts starts on the first line (or at 0): a pattern whose anchor starts
  // nowhere there matches none of them (the first line is searched, not a long layer's every line).
  const firstEnd = Math.max(1, firstLineEnd(layer));
  const onFirstLine = candidates.filter(
    (p) => p.anchor === "" || layer.slice(0, firstEnd + p.anchor.length - 1).includes(p.anchor),
  );
  const texts = onFirstLine.length > 0 ? layerTexts(layer) : [];
  for (const t of texts) tryAll(onFirstLine, layer, t, out, prose);
  // Ranked between exact and fuzzy: only when the exact pass found no specific template in the layer
  // (a wrapper such as `sql parser error: {}` leaves its value to be explained, in any case).
  if (!out.some((m) => !m.bare && !m.pattern.wrapper && !m.pattern.generic)) foldedMatches(layer, candidates, out);
  // Captured values as texts of their own, once: `expected {}, found: {}` may hold a known template.
  if (out.length > 0) {
    // Offsets as one number (start, end ≤ layer length): no string key per piece.
    const width = layer.length + 1;
    const tried = new Set(texts.map((t) => t.start * width + t.end));
    const extra: LayerText[] = [];
    for (const m of out) {
      for (const [s, e] of innerCaptures(m, layer)) {
        const key = s * width + e;
        if (e - s < MIN_NESTED_CAPTURE || tried.has(key) || !isBoundary(layer, s) || !isBoundary(layer, e)) continue;
        tried.add(key);
        extra.push({ start: s, end: e, partial: false, cut: false });
      }
    }
    // A captured value may start on any line: there the anchor must only be in the layer.
    const present = extra.length > 0 ? candidates.filter((p) => p.anchor === "" || layer.includes(p.anchor)) : [];
    for (const t of extra) tryAll(present, layer, t, out, prose);
  }
  setNesting(out, layer);
  setDominance(out);
  setArgumentValues(out);
  return out;
}

function tryAll(
  candidates: readonly CompiledPattern[],
  layer: string,
  t: LayerText,
  out: RawMatch[],
  prose: boolean,
): void {
  // A pattern whose literal starts with another character cannot match this text in any form;
  // the text is sliced only for a pattern that may.
  const lead = t.end > t.start ? layer.charCodeAt(t.start) : Number.NaN;
  let text: string | null = null;
  for (const p of candidates) {
    if (p.lead >= 0 && p.lead !== lead) continue;
    text ??= layer.slice(t.start, t.end);
    tryText(p, layer, t, text, out, prose);
  }
}

/**
 * Captures that may hold another template. A source error is printed after its wrapper's text
 * (`Bind error: {0}`, `expected {}, found: {}`); a leading placeholder holds one only within a
 * single chain link (`{} at line {}, column {}` around `syntax error at or near WHERE`), or a
 * template like `{} and {} must be provided` would claim the wrappers printed before it.
 */
function innerCaptures(m: RawMatch, layer: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [s, e] of m.captureSpans) {
    if (s === m.start && layer.slice(s, e).includes(": ")) continue;
    // Blanks around a value are the wrapper's (`splits:  No data …`), not the inner template's.
    let a = s;
    let b = e;
    while (a < b && /\s/.test(layer[a] ?? "")) a++;
    while (b > a && /\s/.test(layer[b - 1] ?? "")) b--;
    out.push([a, b]);
  }
  return out;
}

/**
 * Nesting: a match inside another's placeholder is promoted only when it is itself a message
 * (a placeholder or ≥ 3 words): `table function` printed into `{err} inside GROUP BY` is a value.
 */
function contains(outer: RawMatch, inner: RawMatch, layer: string): boolean {
  if (outer === inner || outer.bare || !inner.pattern.message) return false;
  if (outer.cut && inner.start === outer.end + 2) return true;
  // A chain link after a clause (`…kafka (x), error: topic t not found`) is the outer's cause.
  if ((outer.cut || outer.clause) && inner.start >= outer.end && CLAUSE_GAP.test(layer.slice(outer.end, inner.start))) {
    return true;
  }
  // The whole captured value, or its last clause (`Near "…", Expected …` in a wrapper's `{}`). In an
  // earlier placeholder of a generic template, a fixed phrase is a kind or a name (`{object_type} not
  // found: {name}` printing `table or source`); a template with values of its own is a cause there too
  // (`{} at line {}, column {}` printing `syntax error at or near {token}`).
  const spans = innerCaptures(outer, layer);
  const candidates = outer.pattern.generic && inner.captures.length === 0 ? spans.slice(-1) : spans;
  return candidates.some(
    ([s, e]) => (s === inner.start && e === inner.end) || (inner.clause && s < inner.start && e === inner.end),
  );
}

function setNesting(matches: RawMatch[], layer: string): void {
  const memo = new Map<RawMatch, number>();
  const depth = (m: RawMatch, guard: number): number => {
    const known = memo.get(m);
    if (known !== undefined) return known;
    let d = 0;
    if (guard < 8) {
      for (const o of matches) {
        if (!contains(o, m, layer)) continue;
        o.wrapsAnother = true;
        d = Math.max(d, depth(o, guard + 1) + 1);
      }
    }
    memo.set(m, d);
    return d;
  };
  for (const m of matches) m.nesting = depth(m, 0);
}
