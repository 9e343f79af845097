import type { CompiledPattern } from "./compile.ts";

const WORD = /[A-Za-z0-9_]+/g;
/** Besides its key, a candidate's next-rarest words are checked before any pattern runs. */
const CHECKED_TOKENS = 4;

/** The distinct lower-cased words of a text. */
export function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(WORD)) out.add(m[0].toLowerCase());
  return out;
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

  constructor(patterns: readonly CompiledPattern[]) {
    this.patterns = patterns;
    for (const p of patterns) {
      for (const t of p.tokens) this.documentFrequency.set(t, (this.documentFrequency.get(t) ?? 0) + 1);
    }
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
    const scores = new Map<CompiledPattern, number>();
    const size = this.patterns.length;
    const common = Math.max(50, size * 0.03);
    const postings = this.allPostings();
    for (const w of words) {
      const list = postings.get(w);
      if (!list || list.length > common) continue;
      const weight = Math.log(1 + size / list.length);
      for (const p of list) scores.set(p, (scores.get(p) ?? 0) + weight / Math.max(1, p.tokens.length) ** 0.5);
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].order - b[0].order)
      .slice(0, cap)
      .map(([p]) => p);
  }
}
