/**
 * The matcher's policy: every weight, cap and threshold that decides an answer lives here, named, with
 * the reason for its value. The pipeline (normalise → shape adapters → layers → candidates → annotate
 * → rank → verdict) reads its numbers from this file only; files elsewhere keep only bounds on work
 * (input sizes, how many pieces are tried), which never change what is answered for a short paste.
 * The numbers were set on half of the labelled pastes and checked on the other half (`rwerror eval`).
 */
import type { RawMatch } from "./exact.ts";

// ── Verdict ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Below this the Slack layer never answers on its own: exact matches of specific templates
 * score 0.8–1; wrappers, generic templates and fuzzy guesses score lower. An `answer` verdict
 * needs at least this confidence, and every non-answer is capped below it (see NOT_ANSWER_CAP).
 */
export const AUTO_POST_MIN_CONFIDENCE = 0.6;
/**
 * A match that is not an `answer` keeps at most this confidence, so a confidence at or above the
 * auto-post floor always means "answer" and the reliability table reads one scale.
 */
export const NOT_ANSWER_CAP = 0.35;
/**
 * What a candidate's confidence becomes, from its raw score. Calibrated on the dev sets (both,
 * 2026-12-01): a root-cause exact candidate with a full raw score was right 3 of 14 times, weaker
 * exact candidates 1 of 18, fuzzy guesses 0 of 13, so a full-score candidate lands near 0.3.
 */
export const CANDIDATE_WEIGHT = 0.3;
/** Fuzzy candidates: never right on the dev sets, so below exact candidates of the same raw score. */
export const FUZZY_CANDIDATE_WEIGHT = 0.2;

/** `/rwerror search`: exact matches at least this sure (before calibration) lead the fuzzy hits. */
export const SEARCH_EXACT_MIN = 0.75;

/** A located panic (file:line, no template for its message) is evidence of where, not of which error. */
export const PANIC_SITE_CONFIDENCE = 0.5;

// ── Releases ─────────────────────────────────────────────────────────────────────────────────────

/** Confidence within which two template matches of one layer are equally good answers. */
export const SAME_ANSWER_MARGIN = 0.15;
/**
 * Word overlap (Dice over template words) from which two templates on one layer are the same error
 * worded by two releases: `Failed to get barrier from the stream: {}` and `failed to collect barrier: {}`.
 */
export const SAME_WORDING_MIN = 0.5;
/** A rewording in the same file is the successor at this word overlap… */
export const SUCCESSOR_MIN = 0.7;
/** …counting this much more when it is raised in the same function. */
export const SAME_FUNCTION_BONUS = 0.3;

// ── Third-party records ──────────────────────────────────────────────────────────────────────────

/** Word overlap at which a RisingWave template and a third-party record say the same text. */
export const THIRD_PARTY_SAME_WORDING = 0.8;

// ── Fuzzy guesses ────────────────────────────────────────────────────────────────────────────────

/** Fuse.js score threshold (0 = exact, 1 = anything): looser admitted unrelated templates on the dev sets. */
export const FUZZY_THRESHOLD = 0.35;
/** Fuzzy hits never reach an exact match's confidence. */
export const MAX_FUZZY_CONFIDENCE = 0.75;
/** A fuzzy confidence blends Fuse's score and the word overlap (Dice) half and half. */
export const FUZZY_SCORE_BLEND = 0.5;
/** Fuzzy guesses on a paste that does not read as an error stay well below any answer. */
export const FUZZY_NOT_ERROR_CAP = 0.4;
/** At most this many unmatched layers get a fuzzy guess per paste (each costs a Fuse run). */
export const MAX_FUZZY_LAYERS = 3;

// ── Exact matches ────────────────────────────────────────────────────────────────────────────────

/** Confidence of a bare wrapper label (`Executor error`): it names a subsystem, not a cause. */
export const BARE_CONFIDENCE = 0.3;
/** Exact matches below this (wrappers around unexplained text) rank with fuzzy guesses, by confidence. */
export const WEAK_EXACT = 0.6;
/**
 * What a wrapper (`Internal error: {0}`) or generic template (`{object_type} not found: {name}`)
 * may claim on a lone line: "Internal error: no idea why" fits it as well as a real error does,
 * so only printed error output (psql or driver `ERROR:`, a `Caused by` chain, an error log line,
 * a panic) lifts it to the auto-post floor.
 */
export const LONE_LINE_LABEL_CAP = 0.55;
/** Never above the match that explains the same text more literally, so it ranks below it in every tier. */
export const DOMINATED_WEIGHT = 0.9;
/** In prose a template quoted without its trailing value (`… for fragment`) is a hint, never an answer. */
export const OPEN_TAIL_CAP = 0.45;

/** Specificity (ranking inside a layer): a match starting mid-sentence explains less. */
const PARTIAL_WEIGHT = 0.8;
/** Specificity: a wrapper's label says little of the cause. */
const WRAPPER_WEIGHT = 0.7;
/** A prefix ending before `: ` leaves the rest unexplained: a whole-text match should win. */
const CUT_WEIGHT = 0.6;
/** Specificity: text left over after a clause boundary; a whole-text match should win. */
const CLAUSE_SPECIFICITY = 0.9;
/** Specificity: matched only after folding case and blanks. */
const FOLDED_SPECIFICITY = 0.95;

/** Confidence: a wrapper whose value is short (`Invalid column: bar`) is the whole story. */
const WRAPPER_SHORT_VALUE = 0.8;
/** Confidence: `Internal error: <a sentence>` hides the cause in an unexplained sentence. */
const WRAPPER_LONG_VALUE = 0.55;
/** Confidence: mostly placeholders (`{object_type} not found: {name}`). */
const GENERIC_CONFIDENCE = 0.75;
/** Confidence: a short literal (under SHORT_LITERAL characters) may occur by chance. */
const SHORT_LITERAL_CONFIDENCE = 0.85;
const SHORT_LITERAL = 16;
/** Confidence multipliers for weaker shapes of an exact match. */
const PARTIAL_FACTOR = 0.85;
const CUT_FACTOR = 0.9;
const WRAPS_ANOTHER_FACTOR = 0.75;
const CONTINUATION_FACTOR = 0.6;
const OUTER_LAYER_FACTOR = 0.75;
/** The "text after the message" adapter: a small penalty for the leftover clause. */
const CLAUSE_FACTOR = 0.95;
/** The folded pass ranks between exact and fuzzy. */
const FOLDED_FACTOR = 0.9;

/** A wrapper's value this short (characters, words) is a value (`cache_size`), not a sentence. */
const SHORT_VALUE_CHARS = 48;
const SHORT_VALUE_WORDS = 4;

/** How much of the layer a match explains: literal characters, discounted for weak shapes. */
export function specificity(m: RawMatch): number {
  let s = m.pattern.literalLength;
  if (m.partial) s *= PARTIAL_WEIGHT;
  if (m.pattern.wrapper) s *= WRAPPER_WEIGHT;
  if (m.cut) s *= CUT_WEIGHT;
  if (m.clause) s *= CLAUSE_SPECIFICITY;
  if (m.folded) s *= FOLDED_SPECIFICITY;
  return s;
}

function captureLength(m: RawMatch): number {
  let n = 0;
  for (const c of m.captures) n += c.length;
  return n;
}

/**
 * Order of matches within one layer: real matches before bare labels, exact before folded, then
 * those no other match explains more literally, matches on the first line before those inside a
 * HINT or other continuation line, then the innermost (a template inside another's placeholder is
 * the cause), then the most specific, then the one whose placeholders swallowed least (a HINT line
 * belongs to the template that spells it out).
 */
export function compareInLayer(a: RawMatch, b: RawMatch): number {
  return (
    Number(a.bare) - Number(b.bare) ||
    Number(a.openTail) - Number(b.openTail) ||
    // Exact before folded, unless the folded one sits inside the other's value (a wrapper's `{0}`):
    // there it is the cause, whatever its case.
    Number(a.folded && a.nesting <= b.nesting) - Number(b.folded && b.nesting <= a.nesting) ||
    Number(a.dominatedBy !== null) - Number(b.dominatedBy !== null) ||
    Number(a.onContinuation) - Number(b.onContinuation) ||
    b.nesting - a.nesting ||
    specificity(b) - specificity(a) ||
    captureLength(a) - captureLength(b) ||
    Number(a.elsewhere === true) - Number(b.elsewhere === true) ||
    a.pattern.order - b.pattern.order
  );
}

/** A value a wrapper prints (`cache_size`, `1`), as opposed to another error's sentence. */
export function isShortValue(value: string): boolean {
  return value.length <= SHORT_VALUE_CHARS && value.trim().split(/\s+/).length <= SHORT_VALUE_WORDS;
}

/** 1 for a specific exact match on the root cause; lower for wrappers, generic templates, outer layers. */
export function exactConfidence(m: RawMatch, rootCause: boolean): number {
  if (m.bare) return BARE_CONFIDENCE;
  const p = m.pattern;
  let c = 1;
  if (p.wrapper) c = isShortValue(m.captures[m.captures.length - 1] ?? "") ? WRAPPER_SHORT_VALUE : WRAPPER_LONG_VALUE;
  else if (p.generic) c = GENERIC_CONFIDENCE;
  else if (p.literalLength < SHORT_LITERAL) c = SHORT_LITERAL_CONFIDENCE;
  if (m.partial) c *= PARTIAL_FACTOR;
  if (m.cut) c *= CUT_FACTOR;
  if (m.wrapsAnother) c *= WRAPS_ANOTHER_FACTOR;
  if (m.onContinuation) c *= CONTINUATION_FACTOR;
  if (m.clause) c *= CLAUSE_FACTOR;
  if (m.folded) c *= FOLDED_FACTOR;
  if (!rootCause) c *= OUTER_LAYER_FACTOR;
  if (m.openTail) c = Math.min(c, OPEN_TAIL_CAP);
  return Math.round(c * 1000) / 1000;
}

/** Rounds a confidence to the three decimals every surface shows. */
export function roundConfidence(c: number): number {
  return Math.round(c * 1000) / 1000;
}
