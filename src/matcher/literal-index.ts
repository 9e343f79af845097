import type { CompiledPattern } from "./compile.ts";

/** Besides its key, a candidate's next-rarest words are checked before any pattern runs. */
const CHECKED_TOKENS = 4;

/** ASCII word characters: `[A-Za-z0-9_]`. */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * The distinct lower-cased words (runs of `[A-Za-z0-9_]`) of a text, in order of first appearance. A scan
 * of character codes, not `matchAll`: it runs on every layer of every paste. Words are ASCII, so
 * lower-casing them is ASCII lower-casing.
 */
export function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let upper = false;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (!isWordCode(c)) break;
      if (c >= 65 && c <= 90) upper = true;
    }
    const word = text.slice(start, i);
    out.add(upper ? word.toLowerCase() : word);
  }
  return out;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

/** FNV-1a of a word's lower-cased character codes (ASCII words: lower-casing is `| 32`). */
function hashWord(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) {
    let c = word.charCodeAt(i);
    if (c >= 65 && c <= 90) c |= 32;
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return h;
}

/** Is `text[start, end)`, lower-cased, the (lower-case) `word`? */
function sameWord(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let k = 0; k < word.length; k++) {
    let c = text.charCodeAt(start + k);
    if (c >= 65 && c <= 90) c |= 32;
    if (c !== word.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * An inverted index over the literal words of every pattern. Each pattern is filed under its
 * rarest word only, so a text's candidates are found with one lookup per distinct word of the
 * text, whatever the catalog size; patterns without usable words are always candidates.
 */
export class LiteralIndex {
  private readonly byToken = new Map<string, CompiledPattern[]>();
  /** By pattern order: the words checked besides the key (no Map lookup on the hot path). */
  private readonly required: string[][] = [];
  private readonly always: CompiledPattern[] = [];
  /** Every word to every pattern using it: only for the fuzzy shortlist, built on first use. */
  private postings: Map<string, CompiledPattern[]> | null = null;
  private readonly patterns: readonly CompiledPattern[];
  /** How many patterns use each word: the rarer, the more a shared word means (fuzzy shortlist). */
  readonly documentFrequency = new Map<string, number>();

  /**
   * The catalog's words (see `wordsIn`) in an open-addressing table: slot → 1 + word index (0 is
   * empty), with each slot's full hash, so a word of a paste is looked up with integer work only.
   */
  private readonly vocabWords: string[] = [];
  private readonly vocabSlots: Int32Array;
  private readonly vocabHashes: Int32Array;
  /** Per word, the `wordsIn` call that last added it: a repeated word costs no Set insertion. */
  private readonly vocabSeen: Int32Array;
  private wordsInCall = 0;

  constructor(patterns: readonly CompiledPattern[]) {
    this.patterns = patterns;
    for (const p of patterns) {
      for (const t of p.tokens) this.documentFrequency.set(t, (this.documentFrequency.get(t) ?? 0) + 1);
    }
    this.vocabWords = [...this.documentFrequency.keys()];
    let size = 16;
    while (size < this.vocabWords.length * 2) size *= 2;
    this.vocabSlots = new Int32Array(size);
    this.vocabHashes = new Int32Array(size);
    this.vocabSeen = new Int32Array(this.vocabWords.length);
    this.vocabWords.forEach((word, index) => {
      const h = hashWord(word);
      let slot = h & (size - 1);
      while (this.vocabSlots[slot] !== 0) slot = (slot + 1) & (size - 1);
      this.vocabSlots[slot] = index + 1;
      this.vocabHashes[slot] = h;
    });
    for (const p of patterns) {
      if (p.tokens.length === 0) {
        this.always.push(p);
        continue;
      }
      const byRarity = [...p.tokens].sort(
        (a, b) => (this.documentFrequency.get(a) ?? 0) - (this.documentFrequency.get(b) ?? 0) || (a < b ? -1 : 1),
      );
      const key = byRarity[0] ?? "";
      const list = this.byToken.get(key);
      if (list) list.push(p);
      else this.byToken.set(key, [p]);
      this.required[p.order] = byRarity.slice(1, 1 + CHECKED_TOKENS);
    }
  }

  /**
   * The words of `text` that some pattern uses, lower-cased: `wordsOf(text)` without the words no
   * pattern has. `candidates` looks up only pattern words, so it gives the same patterns for
   * both; this one slices and stores no string for the rest (most words of a log line: ids,
   * numbers, names), which on long layers was most of the matcher's allocation.
   */
  wordsIn(text: string): Set<string> {
    const out = new Set<string>();
    const slots = this.vocabSlots;
    const mask = slots.length - 1;
    // A new stamp per call; when the counter wraps, the old stamps are cleared.
    if (this.wordsInCall >= 0x7fffffff) {
      this.vocabSeen.fill(0);
      this.wordsInCall = 0;
    }
    this.wordsInCall++;
    const call = this.wordsInCall;
    const n = text.length;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      if (!isWordCode(c)) {
        i++;
        continue;
      }
      const start = i;
      let h = FNV_OFFSET;
      for (; i < n; i++) {
        c = text.charCodeAt(i);
        if (!isWordCode(c)) break;
        if (c >= 65 && c <= 90) c |= 32;
        h = Math.imul(h ^ c, FNV_PRIME);
      }
      for (let slot = h & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
        if (this.vocabHashes[slot] !== h) continue;
        const index = (slots[slot] as number) - 1;
        const word = this.vocabWords[index] as string;
        if (!sameWord(word, text, start, i)) continue;
        if (this.vocabSeen[index] !== call) {
          this.vocabSeen[index] = call;
          out.add(word);
        }
        break;
      }
    }
    return out;
  }

  /** Patterns whose words all (up to a few of the rarest) occur in `words`, in catalog order. */
  candidates(words: ReadonlySet<string>): CompiledPattern[] {
    const out: CompiledPattern[] = this.always.length > 0 ? [...this.always] : [];
    for (const w of words) {
      const list = this.byToken.get(w);
      if (!list) continue;
      for (const p of list) {
        const rest = this.required[p.order];
        let all = true;
        if (rest) {
          for (const t of rest) {
            if (!words.has(t)) {
              all = false;
              break;
            }
          }
        }
        if (all) out.push(p);
      }
    }
    if (out.length > 1) out.sort((a, b) => a.order - b.order);
    return out;
  }

  private allPostings(): Map<string, CompiledPattern[]> {
    if (this.postings) return this.postings;
    const postings = new Map<string, CompiledPattern[]>();
    for (const p of this.patterns) {
      for (const t of p.tokens) {
        const list = postings.get(t);
        if (list) list.push(p);
        else postings.set(t, [p]);
      }
    }
    this.postings = postings;
    return postings;
  }

  /**
   * Patterns sharing the most (rarity-weighted) words with `words`: a fuzzy shortlist, not a
   * proof of match. Words used by more than a few percent of the catalog are skipped.
   */
  sharing(words: ReadonlySet<string>, cap: number): CompiledPattern[] {
    const size = this.patterns.length;
    const common = Math.max(50, size * 0.03);
    const postings = this.allPostings();
    // Scores by pattern order in a reused array: a Map and a sort of every touched pattern cost
    // more than the lookups on a 50,000-record catalog. Sums are added in the same order as ever.
    const scores = this.scratchScores();
    const touched = this.scratchTouched();
    let count = 0;
    for (const w of words) {
      const list = postings.get(w);
      if (!list || list.length > common) continue;
      const weight = Math.log(1 + size / list.length);
      for (const p of list) {
        const o = p.order;
        const prev = scores[o] as number;
        if (Number.isNaN(prev)) {
          touched[count++] = o;
          scores[o] = 0 + weight / this.tokenNorm(p);
        } else scores[o] = prev + weight / this.tokenNorm(p);
      }
    }
    // The best `cap` by score, then catalog order: a bounded insertion into a short sorted list.
    const best: number[] = [];
    const before = (a: number, b: number): boolean => {
      const sa = scores[a] as number;
      const sb = scores[b] as number;
      return sa > sb || (sa === sb && a < b);
    };
    for (let k = 0; k < count; k++) {
      const o = touched[k] as number;
      if (best.length >= cap && !before(o, best[best.length - 1] as number)) continue;
      let i = best.length < cap ? best.length : best.length - 1;
      if (best.length < cap) best.push(o);
      while (i > 0 && before(o, best[i - 1] as number)) {
        best[i] = best[i - 1] as number;
        i--;
      }
      best[i] = o;
    }
    for (let k = 0; k < count; k++) scores[touched[k] as number] = Number.NaN;
    return best.map((o) => this.byOrder[o] as CompiledPattern);
  }

  private scores: Float64Array | null = null;
  private touched: Int32Array | null = null;
  private readonly byOrder: CompiledPattern[] = [];
  private norms: Float64Array = new Float64Array(0);

  /** The orders a `sharing` call touched (each once), reused so a call allocates nothing for them. */
  private scratchTouched(): Int32Array {
    this.touched ??= new Int32Array(this.scratchScores().length);
    return this.touched;
  }

  /** NaN marks "not touched yet"; every call leaves the array as it found it. */
  private scratchScores(): Float64Array {
    if (this.scores) return this.scores;
    let max = 0;
    for (const p of this.patterns) {
      if (p.order + 1 > max) max = p.order + 1;
      this.byOrder[p.order] = p;
    }
    this.norms = new Float64Array(max);
    for (const p of this.patterns) this.norms[p.order] = Math.max(1, p.tokens.length) ** 0.5;
    this.scores = new Float64Array(max).fill(Number.NaN);
    return this.scores;
  }

  /** The divisor of a shared word's weight: the square root of the pattern's word count. */
  private tokenNorm(p: CompiledPattern): number {
    return this.norms[p.order] as number;
  }
}
