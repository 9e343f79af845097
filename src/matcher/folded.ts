/**
 * The folded pass: a layer's pieces matched against templates after folding case, blank runs and
 * quotes on both sides (`FAILED TO  Parse` for `failed to parse`), ranked between exact and fuzzy.
 */
import { isBlankCode } from "./chars.ts";
import { type CompiledPattern, foldText } from "./compile.ts";
import { type LayerText, layerTexts } from "./layer-texts.ts";
import { MAX_FLOATING_TEXT, type RawMatch, rawMatch } from "./raw-match.ts";
import { matchSegments } from "./segments.ts";

/**
 * A folded copy of `text` and, for each of its offsets, the offset in `text` it came from, character by
 * character: for case mapping that changes the length (rare scripts).
 */
function foldWithMap(text: string): { folded: string; map: ArrayLike<number> } {
  const parts: string[] = [];
  const map: number[] = [];
  let blank = false;
  for (let i = 0; i < text.length; i++) {
    const c = foldText(text[i] ?? "");
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

/**
 * The same map when lower-casing keeps the length (the fold is then `foldText`'s key): the offsets
 * the fold keeps, every character but the 2nd, 3rd, … of a blank run, then the end. No string per character.
 */
function keptOffsets(lower: string): Int32Array {
  const map = new Int32Array(lower.length + 1);
  let n = 0;
  let blank = false;
  for (let i = 0; i < lower.length; i++) {
    if (isBlankCode(lower.charCodeAt(i))) {
      if (blank) continue;
      blank = true;
    } else blank = false;
    map[n++] = i;
  }
  map[n++] = lower.length;
  return map.subarray(0, n);
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
export function foldedMatches(layer: string, candidates: readonly CompiledPattern[], out: RawMatch[]): void {
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
  // When lower-casing keeps the length, the folded text is the key itself: the offset map is only
  // needed to report a match, so it is built on the first one.
  const lower = layer.toLowerCase();
  const fold = lower.length === layer.length ? null : foldWithMap(layer);
  const folded = fold ? fold.folded : key;
  let map: ArrayLike<number> | null = fold ? fold.map : null;
  const at = (i: number) => {
    map ??= keptOffsets(lower);
    return map[i] ?? layer.length;
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
