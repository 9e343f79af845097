import type { RawMatch } from "./exact.ts";

/**
 * Below this the Slack layer never answers on its own: exact matches of specific templates
 * score 0.8–1; wrappers, generic templates and fuzzy guesses score lower.
 */
export const AUTO_POST_MIN_CONFIDENCE = 0.6;
/** Fuzzy hits never reach an exact match's confidence. */
export const MAX_FUZZY_CONFIDENCE = 0.75;
/** Confidence of a bare wrapper label (`Executor error`): it names a subsystem, not a cause. */
export const BARE_CONFIDENCE = 0.3;

const PARTIAL_WEIGHT = 0.8;
const WRAPPER_WEIGHT = 0.7;
/** A prefix ending before `: ` leaves the rest unexplained: a whole-text match should win. */
const CUT_WEIGHT = 0.6;

/** How much of the layer a match explains: literal characters, discounted for weak shapes. */
export function specificity(m: RawMatch): number {
  let s = m.pattern.literalLength;
  if (m.partial) s *= PARTIAL_WEIGHT;
  if (m.pattern.wrapper) s *= WRAPPER_WEIGHT;
  if (m.cut) s *= CUT_WEIGHT;
  return s;
}

function captureLength(m: RawMatch): number {
  let n = 0;
  for (const c of m.captures) n += c.length;
  return n;
}

/**
 * Order of matches within one layer: real matches before bare labels, then those no other match
 * explains more literally, matches on the first line
 * before those inside a HINT or other continuation line, then the innermost (a
 * template inside another's placeholder is the cause), then the most specific, then the one whose
 * placeholders swallowed least (a HINT line belongs to the template that spells it out).
 */
export function compareInLayer(a: RawMatch, b: RawMatch): number {
  return (
    Number(a.bare) - Number(b.bare) ||
    Number(a.dominatedBy !== null) - Number(b.dominatedBy !== null) ||
    Number(a.onContinuation) - Number(b.onContinuation) ||
    b.nesting - a.nesting ||
    specificity(b) - specificity(a) ||
    captureLength(a) - captureLength(b) ||
    a.pattern.order - b.pattern.order
  );
}

function isShortValue(value: string): boolean {
  return value.length <= 48 && value.trim().split(/\s+/).length <= 4;
}

/** 1 for a specific exact match on the root cause; lower for wrappers, generic templates, outer layers. */
export function exactConfidence(m: RawMatch, rootCause: boolean): number {
  if (m.bare) return BARE_CONFIDENCE;
  const p = m.pattern;
  let c = 1;
  if (p.wrapper) {
    // `Invalid column: bar` is the whole story; `Internal error: <a sentence>` hides the cause.
    c = isShortValue(m.captures[m.captures.length - 1] ?? "") ? 0.8 : 0.55;
  } else if (p.generic) c = 0.75;
  else if (p.literalLength < 16) c = 0.85;
  if (m.partial) c *= 0.85;
  if (m.cut) c *= 0.9;
  if (m.wrapsAnother) c *= 0.75;
  if (m.onContinuation) c *= 0.6;
  if (!rootCause) c *= 0.75;
  return Math.round(c * 1000) / 1000;
}
