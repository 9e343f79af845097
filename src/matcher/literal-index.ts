import { isWordCode } from "./chars.ts";
import type { CompiledPattern } from "./compile.ts";
import { SharedWords } from "./shared-words.ts";

/** Besides its key, a candidate's next-rarest words are checked before any pattern runs. */
const CHECKED_TOKENS = 4;

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
 *
 * The lookup runs on every layer of every paste, so it works on integers only: the catalog's words
 * get ids (an open-addressing table of their hashes), each word's filed patterns sit in one block of
 * a flat typed array with the words they need beside them, and a text's words are marked in a stamp
 * array. Chasing pattern objects, word arrays and string Sets here cost more in cache misses than
 * the lookups themselves (a 4 KiB paste touches about a thousand filed patterns).
 */
export class LiteralIndex {
  /** The patterns by catalog order: positions below index into this. */
  private readonly patterns: readonly CompiledPattern[];
  /** How many patterns use each word: the rarer, the more a shared word means. */
  private readonly documentFrequency = new Map<string, number>();

  /** Word id → word. */
  private readonly vocabWords: string[];
  /** The open-addressing table of the words: slot s holds [full hash, 1 + word id] at 2s (0: empty). */
  private readonly table: Int32Array;
  /**
   * Word id → the patterns filed under it, each as [position, n, n ids of the words checked besides
   * the key], in `filed[filedStart[w] … filedStart[w + 1])`: one sequential read per filed pattern.
   */
  private readonly filedStart: Int32Array;
  private readonly filed: Int32Array;
  /** Positions of patterns without words. */
  private readonly always: Int32Array;
  /** Per word id, the call that last saw it in the text: a text's word set without a Set. */
  private readonly seen: Int32Array;
  private call = 0;
  /** Scratch: the word ids a call found, the positions it keeps. */
  private readonly found: Int32Array;
  private readonly kept: Int32Array;
  private shared: SharedWords | null = null;

  constructor(patterns: readonly CompiledPattern[]) {
    this.patterns = [...patterns].sort((a, b) => a.order - b.order);
    for (const p of this.patterns) {
      for (const t of p.tokens) this.documentFrequency.set(t, (this.documentFrequency.get(t) ?? 0) + 1);
    }
    this.vocabWords = [...this.documentFrequency.keys()];
    const ids = new Map(this.vocabWords.map((w, i) => [w, i]));
    let size = 16;
    while (size < this.vocabWords.length * 2) size *= 2;
    this.table = new Int32Array(size * 2);
    this.vocabWords.forEach((word, index) => {
      const h = hashWord(word);
      let slot = h & (size - 1);
      while (this.table[2 * slot + 1] !== 0) slot = (slot + 1) & (size - 1);
      this.table[2 * slot] = h;
      this.table[2 * slot + 1] = index + 1;
    });
    const words = this.vocabWords.length;
    const blocks: number[][] = this.vocabWords.map(() => []);
    const always: number[] = [];
    // Positions ascend, so each word's block is in catalog order.
    this.patterns.forEach((p, pos) => {
      if (p.tokens.length === 0) {
        always.push(pos);
        return;
      }
      const byRarity = [...p.tokens].sort(
        (a, b) => (this.documentFrequency.get(a) ?? 0) - (this.documentFrequency.get(b) ?? 0) || (a < b ? -1 : 1),
      );
      const rest = byRarity.slice(1, 1 + CHECKED_TOKENS).map((t) => ids.get(t) as number);
      blocks[ids.get(byRarity[0] ?? "") as number]?.push(pos, rest.length, ...rest);
    });
    this.filedStart = new Int32Array(words + 1);
    let total = 0;
    blocks.forEach((b, w) => {
      this.filedStart[w] = total;
      total += b.length;
    });
    this.filedStart[words] = total;
    this.filed = new Int32Array(total);
    blocks.forEach((b, w) => {
      this.filed.set(b, this.filedStart[w]);
    });
    this.always = Int32Array.from(always);
    this.seen = new Int32Array(words);
    this.found = new Int32Array(words);
    this.kept = new Int32Array(this.patterns.length);
  }

  /**
   * The candidates of `text`: patterns whose words all (up to a few of the rarest) occur in it as
   * whole words, lower-cased, in catalog order. The same patterns as `candidates(wordsOf(text))`.
   */
  candidatesIn(text: string): CompiledPattern[] {
    // A new stamp per call; when the counter wraps, the old stamps are cleared.
    if (this.call >= 0x7fffffff) {
      this.seen.fill(0);
      this.call = 0;
    }
    const call = ++this.call;
    const { seen, found, kept, filedStart, filed, table } = this;
    const mask = (table.length >> 1) - 1;
    let nFound = 0;
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
      for (let slot = h & mask; table[2 * slot + 1] !== 0; slot = (slot + 1) & mask) {
        if (table[2 * slot] !== h) continue;
        const id = (table[2 * slot + 1] as number) - 1;
        if (!sameWord(this.vocabWords[id] as string, text, start, i)) continue;
        if (seen[id] !== call) {
          seen[id] = call;
          found[nFound++] = id;
        }
        break;
      }
    }
    let nKept = 0;
    for (const pos of this.always) kept[nKept++] = pos;
    for (let k = 0; k < nFound; k++) {
      const w = found[k] as number;
      for (let j = filedStart[w] as number, end = filedStart[w + 1] as number; j < end; ) {
        const pos = filed[j] as number;
        const rest = j + 2 + (filed[j + 1] as number);
        let all = true;
        for (let r = j + 2; r < rest; r++) {
          if (seen[filed[r] as number] !== call) {
            all = false;
            break;
          }
        }
        if (all) kept[nKept++] = pos;
        j = rest;
      }
    }
    const out: CompiledPattern[] = new Array(nKept);
    const sorted = kept.subarray(0, nKept).sort();
    for (let k = 0; k < nKept; k++) out[k] = this.patterns[sorted[k] as number] as CompiledPattern;
    return out;
  }

  /**
   * The definition `candidatesIn` implements: patterns whose key word is in `words` and whose next
   * rarest words all are, in catalog order (what the index-equivalence test checks it against).
   */
  candidates(words: ReadonlySet<string>): CompiledPattern[] {
    const positions = [...this.always];
    this.vocabWords.forEach((key, w) => {
      for (let j = this.filedStart[w] as number; j < (this.filedStart[w + 1] as number); ) {
        const rest = [...this.filed.subarray(j + 2, j + 2 + (this.filed[j + 1] as number))];
        if (words.has(key) && rest.every((id) => words.has(this.vocabWords[id] as string))) {
          positions.push(this.filed[j] as number);
        }
        j += 2 + rest.length;
      }
    });
    return positions.sort((a, b) => a - b).map((pos) => this.patterns[pos] as CompiledPattern);
  }

  /**
   * Patterns sharing the most (rarity-weighted) words with `words`: a fuzzy shortlist, not a
   * proof of match (see shared-words.ts; built on the first fuzzy guess).
   */
  sharing(words: ReadonlySet<string>, cap: number): CompiledPattern[] {
    this.shared ??= new SharedWords(this.patterns);
    return this.shared.sharing(words, cap);
  }
}
