import type { ErrorRecord } from "../catalog/schema.ts";
import type { PanicSite } from "./panic-site.ts";
import type { ReleaseFacts, ResolvedVersion } from "./release-rank.ts";

/** exact: the pattern matched the text; folded: it matched after case, spacing and quotes were folded; fuzzy: a guess. */
export type MatchKind = "exact" | "folded" | "fuzzy";

/**
 * What the matcher concludes: `answer` (confident: the bot may state it), `candidates` (guesses,
 * rendered as "not sure" and never auto-posted) or `none` (nothing fits).
 */
export type Verdict = "answer" | "candidates" | "none";

/** One candidate answer for a paste. */
export interface Match {
  record: ErrorRecord;
  kind: MatchKind;
  /** 0..1: 1 for a specific exact match, lower for wrappers, generic templates and fuzzy hits. */
  confidence: number;
  /** Whole captured values of the pattern's groups, in order. */
  captures: string[];
  /** The normalised error layer the record matched. */
  layer: string;
  /** Index of that layer, outermost first. */
  layerIndex: number;
  /** True when the layer is the root cause (innermost meaningful layer). */
  rootCause: boolean;
  /** Release facts (range, link at a tag, successor), when the catalog knows releases. */
  release?: ReleaseFacts;
  /** For a third-party root: the RisingWave operation around it. */
  context?: string;
  /** For a panic located by file:line rather than by its message. */
  panicSite?: PanicSite;
}

export interface MatchResult {
  /** The separate judgement for auto-replies: does this paste look like an error at all? */
  looksLikeError: boolean;
  /** True when the input was longer than the limit and only its head was read. */
  truncated: boolean;
  /** Bytes of the original input. */
  inputBytes: number;
  /** Error layers found in the paste, outermost first. */
  layers: string[];
  /** The error each layer belongs to (same number: one chain), parallel to `layers`. */
  layerGroups?: number[];
  /** Best first; empty when nothing fits. */
  matches: Match[];
  /** The conclusion drawn from `matches`: only an `answer` may be auto-posted. */
  verdict: Verdict;
  /** The RisingWave release the answer is for, and where that came from; absent when unknown. */
  version?: ResolvedVersion;
  /** Where the paste's panic is in the source, when it names a file:line:col. */
  panicSite?: PanicSite;
  /**
   * The verdict before the auto-post floor: would the head be stated at any confidence, and its
   * confidence then. `rwerror eval` fits the floor on one half of the labelled pastes with it.
   */
  decision?: { confidence: number; answerable: boolean };
  /** Set when a stage threw: the result then reads as "no match"; the caller logs and counts it. */
  failure?: MatchFailure;
}

/** What the caller may log about a matcher exception: never the paste, only its size and shape. */
export interface MatchFailure {
  stage: "layers" | "candidates" | "annotate" | "rank" | "verdict";
  /** The error's name (`TypeError`, `RangeError`), not its message (which may quote the paste). */
  error: string;
  inputBytes: number;
  lines: number;
  /** psql-numbered, psql-caused-by, panic, log, psql or plain. */
  shape: string;
}

/** Per-paste facts the caller knows (the channel's release setting). */
export interface MatchContext {
  channelVersion?: string;
  /**
   * The release read from the original paste, when a part of it is matched again (a card
   * re-rendered from its button carries only the matched layer): it counts as detected.
   */
  pasteVersion?: string;
}

export interface MatcherOptions {
  /** Fuse.js score threshold (0 = exact, 1 = anything). */
  fuzzyThreshold?: number;
  /** Input beyond this many bytes is cut, never rejected. */
  maxInputBytes?: number;
  /** How many matches to return at most. */
  limit?: number;
  /** The release the team runs (`RWERROR_RISINGWAVE_VERSION`); a paste's own version and the channel's win. */
  risingwaveVersion?: string;
}

/** A match made earlier (a card's button carries it): its record and the layers it was found in. */
export interface KnownMatch {
  record: ErrorRecord;
  kind: MatchKind;
  captures: string[];
  /** The pasted layer the record matched. */
  layer: string;
  /** The layers around it, outermost first. */
  outer?: readonly string[];
  /** For a third-party record, the operation around it as named when it matched (kept, not worked out again). */
  context?: string;
}

/** The facts the annotate stage puts on a match. */
export type AnnotatedFacts = Pick<Match, "release" | "context" | "panicSite">;

export interface Matcher {
  /** Pure: reads a paste, returns ranked matches. Never throws. */
  match(text: string, context?: MatchContext): MatchResult;
  /**
   * The annotate stage alone, for a match made earlier: its release facts, third-party context and
   * located panic, without matching anything again (a click re-renders a card from these). Never throws.
   */
  facts(known: KnownMatch, context?: MatchContext): AnnotatedFacts;
  /** Keyword search over the catalog (`/rwerror search`), best first. */
  search(query: string, limit?: number): Match[];
}
