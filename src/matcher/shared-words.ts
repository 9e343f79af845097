import type { CompiledPattern } from "./compile.ts";

/**
 * The fuzzy shortlist: the patterns sharing the most (rarity-weighted) words with a query. Built on
 * the first fuzzy guess (most pastes never need one), never consulted by the exact stage.
 */
export class SharedWords {
  /** Every word to every pattern using it. */
  private readonly postings = new Map<string, CompiledPattern[]>();
  private readonly size: number;
  private readonly byOrder: CompiledPattern[] = [];
  /** By pattern order: the square root of its word count, the divisor of a shared word's weight. */
  private readonly norms: Float64Array;
  /** Scores by pattern order, NaN where not touched yet; every call leaves it as it found it. */
  private readonly scores: Float64Array;
  /** The orders a call touched (each once), reused so a call allocates nothing for them. */
  private readonly touched: Int32Array;

  constructor(patterns: readonly CompiledPattern[]) {
    this.size = patterns.length;
    let max = 0;
    for (const p of patterns) {
      if (p.order + 1 > max) max = p.order + 1;
      this.byOrder[p.order] = p;
      for (const t of p.tokens) {
        const list = this.postings.get(t);
        if (list) list.push(p);
        else this.postings.set(t, [p]);
      }
    }
    this.norms = new Float64Array(max);
    for (const p of patterns) this.norms[p.order] = Math.max(1, p.tokens.length) ** 0.5;
    this.scores = new Float64Array(max).fill(Number.NaN);
    this.touched = new Int32Array(max);
  }

  /**
   * Patterns sharing the most (rarity-weighted) words with `words`: a fuzzy shortlist, not a
   * proof of match. Words used by more than a few percent of the catalog are skipped.
   */
  sharing(words: ReadonlySet<string>, cap: number): CompiledPattern[] {
    const size = this.size;
    const common = Math.max(50, size * 0.03);
    // Scores by pattern order in a reused array: a Map and a sort of every touched pattern cost
    // more than the lookups on a 50,000-record catalog. Sums are added in the same order as ever.
    const { scores, touched, norms } = this;
    let count = 0;
    for (const w of words) {
      const list = this.postings.get(w);
      if (!list || list.length > common) continue;
      const weight = Math.log(1 + size / list.length);
      for (const p of list) {
        const o = p.order;
        const prev = scores[o] as number;
        if (Number.isNaN(prev)) {
          touched[count++] = o;
          scores[o] = 0 + weight / (norms[o] as number);
        } else scores[o] = prev + weight / (norms[o] as number);
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
}
