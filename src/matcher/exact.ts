import { type CompiledPattern, runPattern } from "./compile.ts";
import { setArgumentValues, setDominance } from "./dominance.ts";
import { foldedMatches } from "./folded.ts";
import { isBoundary, type LayerText, layerTexts } from "./layer-texts.ts";
import { innerCaptures, setNesting } from "./nesting.ts";
import { MAX_FLOATING_TEXT, type RawMatch, rawMatch } from "./raw-match.ts";
import { matchSegments } from "./segments.ts";

export type { RawMatch };

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

/** Is `p` the `internal error: {0}` wrapper, on a text that is the std's panic (tested once per text)? */
function claimsStdPanic(p: CompiledPattern, textIsStdPanic: boolean): boolean {
  return textIsStdPanic && INTERNAL_ERROR_LABEL.test(p.segments?.[0] ?? "");
}

const MIN_NESTED_CAPTURE = 6;

interface Piece {
  t: LayerText;
  text: string;
  stdPanic: boolean;
}

function tryText(p: CompiledPattern, layer: string, piece: Piece, out: RawMatch[], prose: boolean): void {
  const { t, text } = piece;
  if (p.floating && text.length > MAX_FLOATING_TEXT) return;
  if (claimsStdPanic(p, piece.stdPanic)) return;
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
  const texts = layerTexts(layer);
  const anchored = new AnchoredCandidates(layer, candidates, texts);
  for (const t of texts) {
    const tries = anchored.at(t.start);
    if (tries.length > 0) tryAll(tries, layer, t, out, prose);
  }
  // Ranked between exact and fuzzy: only when the exact pass found no specific template in the layer
  // (a wrapper such as `sql parser error: {}` leaves its value to be explained, in any case).
  if (!out.some((m) => !m.bare && !m.pattern.wrapper && !m.pattern.generic)) foldedMatches(layer, candidates, out);
  // Captured values as texts of their own, once: `expected {}, found: {}` may hold a known template.
  if (out.length > 0) {
    // Offsets as one number (start, end ≤ layer length): no string key per piece.
    const width = layer.length + 1;
    // Built for the first captured value worth a look: most layers have none.
    let tried: Set<number> | null = null;
    const extra: LayerText[] = [];
    for (const m of out) {
      for (const [s, e] of innerCaptures(m, layer)) {
        if (e - s < MIN_NESTED_CAPTURE || !isBoundary(layer, s) || !isBoundary(layer, e)) continue;
        tried ??= new Set(texts.map((t) => t.start * width + t.end));
        const key = s * width + e;
        if (tried.has(key)) continue;
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
  let piece: Piece | null = null;
  for (const p of candidates) {
    if (p.lead >= 0 && p.lead !== lead) continue;
    if (p.regexAnchors !== null && !p.regexAnchors.some((a) => layer.startsWith(a, t.start))) continue;
    if (piece === null) {
      const text = layer.slice(t.start, t.end);
      piece = { t, text, stdPanic: STD_UNREACHABLE.test(text) };
    }
    tryText(p, layer, piece, out, prose);
  }
}

/**
 * The candidates that may match a piece starting at each of the pieces' start offsets: those whose
 * anchor (a text every match of theirs starts with) is there, and those without one, in candidate
 * order. Each anchor is compared only at the starts with its first character; a piece then tries
 * only its list, not every candidate (a long first line is cut into a hundred pieces).
 */
class AnchoredCandidates {
  /** Candidate positions by start offset, ascending; the unanchored ones apart. */
  private readonly byStart = new Map<number, number[]>();
  private readonly unanchored: CompiledPattern[] = [];
  private readonly unanchoredAt: number[] = [];
  private readonly lists = new Map<number, CompiledPattern[]>();

  constructor(
    layer: string,
    private readonly candidates: readonly CompiledPattern[],
    pieces: readonly LayerText[],
  ) {
    // Distinct starts by the character there: an array for ASCII (no hashing), a Map for the rest.
    const ascii: Array<number[] | undefined> = new Array(128);
    const other = new Map<number, number[]>();
    for (const t of pieces) {
      const c = layer.charCodeAt(t.start);
      const list = c < 128 ? ascii[c] : other.get(c);
      if (!list) {
        if (c < 128) ascii[c] = [t.start];
        else other.set(c, [t.start]);
      } else if (!list.includes(t.start)) list.push(t.start);
    }
    const file = (anchor: string, c: number, i: number) => {
      const list = c < 128 ? ascii[c] : other.get(c);
      if (!list) return;
      for (const at of list) {
        if (!layer.startsWith(anchor, at)) continue;
        const filed = this.byStart.get(at);
        // One of a regex's anchors may start where another did: the candidate is listed once.
        if (!filed) this.byStart.set(at, [i]);
        else if (filed[filed.length - 1] !== i) filed.push(i);
      }
    };
    candidates.forEach((p, i) => {
      // A non-empty anchor starts the first literal: its first character is the pattern's lead.
      if (p.anchor !== "") file(p.anchor, p.lead, i);
      else if (p.regexAnchors !== null) for (const anchor of p.regexAnchors) file(anchor, anchor.charCodeAt(0), i);
      else {
        this.unanchored.push(p);
        this.unanchoredAt.push(i);
      }
    });
  }

  /** The candidates that may match a piece starting at `start`, in candidate order. */
  at(start: number): readonly CompiledPattern[] {
    const anchored = this.byStart.get(start);
    if (!anchored) return this.unanchored;
    const known = this.lists.get(start);
    if (known) return known;
    const out: CompiledPattern[] = [];
    const others = this.unanchoredAt;
    let a = 0;
    let u = 0;
    while (a < anchored.length || u < others.length) {
      const next =
        u >= others.length || (a < anchored.length && (anchored[a] as number) < (others[u] as number))
          ? (anchored[a++] as number)
          : (others[u++] as number);
      out.push(this.candidates[next] as CompiledPattern);
    }
    this.lists.set(start, out);
    return out;
  }
}
