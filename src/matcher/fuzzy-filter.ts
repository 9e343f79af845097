/**
 * A sound pre-filter for Fuse.js's Bitap search: drops the documents Fuse would not return anyway,
 * so Fuse runs only on those that may match, and its results (hits, scores, order) are unchanged.
 *
 * Why: Fuse's Bitap on a document that does not match walks every error level its threshold allows
 * (12 passes over the text for a 32-character chunk at 0.35), and on a paste most shortlisted
 * documents do not match: that was the bulk of a fuzzy guess's cost.
 *
 * Why it is sound: Fuse splits the lower-cased pattern into chunks of at most 32 characters and
 * reports a document when some chunk matches the lower-cased text at an error level `i` with
 * `i / chunk length <= threshold`; each set bit of its Bitap recurrence is an alignment of the chunk
 * with a substring of the text using at most `i` edits (substitutions, insertions, deletions; the
 * positions past the text's end only stand for deletions). So when the smallest edit distance of
 * every chunk to any substring of the text exceeds that level, Fuse cannot report the document.
 * Myers' bit-parallel algorithm gives that smallest distance in one pass over the text.
 */

/** Fuse's Bitap works on chunks of at most this many characters (one 32-bit word). */
const CHUNK = 32;

interface Chunk {
  /** Bit i set where the chunk has that character at i: ASCII in an array, the rest in a map. */
  ascii: Int32Array;
  other: Map<number, number>;
  length: number;
  maxErrors: number;
}

export interface FuzzyPattern {
  chunks: Chunk[];
}

/** Fuse's chunks of `pattern` (`BitapSearch`'s constructor), each with the errors its threshold allows. */
export function fuzzyPattern(pattern: string, threshold: number): FuzzyPattern {
  const p = pattern.toLowerCase();
  const pieces: string[] = [];
  if (p.length > CHUNK) {
    const remainder = p.length % CHUNK;
    const end = p.length - remainder;
    for (let i = 0; i < end; i += CHUNK) pieces.push(p.slice(i, i + CHUNK));
    if (remainder) pieces.push(p.slice(p.length - CHUNK));
  } else if (p.length > 0) pieces.push(p);
  return {
    chunks: pieces.map((piece) => {
      const ascii = new Int32Array(128);
      const other = new Map<number, number>();
      for (let i = 0; i < piece.length; i++) {
        const c = piece.charCodeAt(i);
        if (c < 128) ascii[c] = (ascii[c] ?? 0) | (1 << i);
        else other.set(c, (other.get(c) ?? 0) | (1 << i));
      }
      // Fuse tries error levels 0, 1, … while `i / length <= threshold` (and always level 0).
      let maxErrors = 0;
      while (maxErrors + 1 < piece.length && (maxErrors + 1) / piece.length <= threshold) maxErrors++;
      return { ascii, other, length: piece.length, maxErrors };
    }),
  };
}

/** Smallest edit distance of the chunk to any substring of `text`, stopping once it is ≤ `enough`. */
function bestDistance(chunk: Chunk, text: string, enough: number): number {
  const { ascii, other, length: m } = chunk;
  const high = 1 << (m - 1);
  let pv = m === CHUNK ? -1 : (1 << m) - 1;
  let mv = 0;
  let score = m;
  let best = m;
  for (let j = 0; j < text.length; j++) {
    const c = text.charCodeAt(j);
    const eq = c < 128 ? (ascii[c] as number) : (other.get(c) ?? 0);
    const xv = eq | mv;
    // ToInt32 of the sum drops the carry out of bit 31, as a 32-bit word would.
    const xh = (((eq & pv) + pv) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    if (score < best) {
      best = score;
      if (best <= enough) return best;
    }
    // Search, not global distance: a match may start anywhere, so no carry into bit 0.
    ph <<= 1;
    mh <<= 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return best;
}

/**
 * False only when Fuse cannot report a document whose text, lower-cased as Fuse does
 * (`toLowerCase`), is `lowerText` (see the module comment).
 */
export function mayMatch(pattern: FuzzyPattern, lowerText: string): boolean {
  if (pattern.chunks.length === 0) return true;
  for (const c of pattern.chunks) {
    if (bestDistance(c, lowerText, c.maxErrors) <= c.maxErrors) return true;
  }
  return false;
}
