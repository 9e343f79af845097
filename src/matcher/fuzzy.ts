import Fuse from "fuse.js";
import type { CompiledPattern } from "./compile.ts";
import { fuzzyPattern, mayMatch } from "./fuzzy-filter.ts";
import { type LiteralIndex, wordsOf } from "./literal-index.ts";
import { FUZZY_SCORE_BLEND, MAX_FUZZY_CONFIDENCE } from "./policy.ts";

/** Fuzzy search only ever sees this many records, picked by shared rare words. */
export const FUZZY_SHORTLIST = 16;
/**
 * Fuse sees only this much of the query: its cost grows with each 32-character chunk of the
 * pattern, and the head of an error says most. Word overlap still reads the whole query.
 */
export const MAX_FUZZY_QUERY = 64;
const MAX_WORDS_QUERY = 400;

export interface FuzzyHit {
  pattern: CompiledPattern;
  confidence: number;
}

interface TemplateText {
  text: string;
  /** Lower-cased as Fuse does, for the pre-filter. */
  lower: string;
}

const templateTexts = new WeakMap<CompiledPattern, TemplateText>();

/** The template with its placeholders blanked, as a person would type it (once per pattern). */
function templateText(p: CompiledPattern): TemplateText {
  let t = templateTexts.get(p);
  if (t === undefined) {
    const text = p.record.errorMessage
      .replace(/\{[^{}]*\}/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    t = { text, lower: text.toLowerCase() };
    templateTexts.set(p, t);
  }
  return t;
}

/**
 * Fuse.js over a shortlist of the catalog (records sharing the query's rarer words), never over
 * the whole catalog. Confidence blends Fuse's score with how many of the template's words the
 * query holds, capped below exact matches.
 */
export function fuzzySearch(
  query: string,
  index: LiteralIndex,
  { threshold, limit }: { threshold: number; limit: number },
): FuzzyHit[] {
  const whole = query.replace(/\s+/g, " ").trim().slice(0, MAX_WORDS_QUERY);
  const q = whole.slice(0, MAX_FUZZY_QUERY);
  if (q.length < 3) return [];
  const words = wordsOf(whole);
  const shortlist = index.sharing(words, FUZZY_SHORTLIST);
  if (shortlist.length === 0) return [];
  // Only the documents Fuse could report (a sound filter, see fuzzy-filter.ts): same hits, same order.
  const pattern = fuzzyPattern(q, threshold);
  const docs: Array<{ pattern: CompiledPattern; text: string }> = [];
  for (const p of shortlist) {
    const t = templateText(p);
    if (mayMatch(pattern, t.lower)) docs.push({ pattern: p, text: t.text });
  }
  if (docs.length === 0) return [];
  const fuse = new Fuse(docs, {
    keys: ["text"],
    includeScore: true,
    ignoreLocation: true,
    threshold,
  });
  const hits: FuzzyHit[] = [];
  for (const r of fuse.search(q, { limit: limit * 2 })) {
    const score = r.score ?? 1;
    // Dice overlap of words keeps a long query's unrelated words from scoring like a close typo.
    const tokens = wordsOf(r.item.text);
    let shared = 0;
    for (const t of tokens) if (words.has(t)) shared++;
    const dice = tokens.size + words.size === 0 ? 0 : (2 * shared) / (tokens.size + words.size);
    const confidence = MAX_FUZZY_CONFIDENCE * (FUZZY_SCORE_BLEND * (1 - score) + (1 - FUZZY_SCORE_BLEND) * dice);
    hits.push({ pattern: r.item.pattern, confidence: Math.round(confidence * 1000) / 1000 });
  }
  return hits.sort((a, b) => b.confidence - a.confidence || a.pattern.order - b.pattern.order).slice(0, limit);
}
