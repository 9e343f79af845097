/** One match of one pattern on one piece of a layer, as the exact and folded passes report it. */
import type { CompiledPattern } from "./compile.ts";
import type { LayerText } from "./layer-texts.ts";

/** An anchored match of one pattern on one piece of a layer (offsets are in the layer). */
export interface RawMatch {
  pattern: CompiledPattern;
  start: number;
  end: number;
  captures: string[];
  captureSpans: Array<[number, number]>;
  partial: boolean;
  cut: boolean;
  /** Matched as a bare label (`Executor error` for `Executor error: {0}`): carries nothing. */
  bare: boolean;
  /** Starts after the layer's first line (inside a HINT or note): advice, not the error. */
  onContinuation: boolean;
  /** Another match sits inside this one's placeholder: here it is only the wrapper. */
  wrapsAnother: boolean;
  /** How many matches contain this one (as a capture, or as the rest after a cut): deeper = closer to the cause. */
  nesting: number;
  /** The match that explains the same text more literally (spells out what this one captured), if any. */
  dominatedBy: RawMatch | null;
  /** Ends (or starts) at a clause boundary with text left over: a small penalty. */
  clause: boolean;
  /** Matched only in the folded pass (case, blank runs, quotes folded). */
  folded: boolean;
  /** Matched in prose with its trailing placeholder left empty (`… for fragment`). */
  openTail: boolean;
  /** A panic message whose record is raised in another file than the one the panic names. */
  elsewhere?: boolean;
}

/**
 * A pattern that starts and ends with a placeholder anchors nowhere, so each try scans the whole
 * text: on long texts (data dumps, not messages) those patterns are not tried.
 */
export const MAX_FLOATING_TEXT = 1024;

export function firstLineEnd(layer: string): number {
  const nl = layer.indexOf("\n");
  return nl < 0 ? layer.length : nl;
}

export function rawMatch(
  p: CompiledPattern,
  layer: string,
  t: LayerText,
  captures: string[],
  spans: Array<[number, number]>,
  extra: Partial<RawMatch> = {},
): RawMatch {
  return {
    pattern: p,
    start: t.start,
    end: t.end,
    captures,
    captureSpans: spans,
    partial: t.partial,
    cut: t.cut,
    bare: false,
    onContinuation: t.start > firstLineEnd(layer),
    nesting: 0,
    wrapsAnother: false,
    dominatedBy: null,
    clause: t.clause === true,
    folded: false,
    openTail: false,
    ...extra,
  };
}
