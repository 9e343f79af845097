import type { RawMatch } from "./exact.ts";

type Span = readonly [number, number];

/** The capture spans of a match, sorted and merged, so coverage is one interval lookup. */
function mergedCaptures(m: RawMatch): Array<[number, number]> {
  const spans = [...m.captureSpans].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of spans) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function capturedLength(spans: readonly Span[]): number {
  let n = 0;
  for (const [s, e] of spans) n += e - s;
  return n;
}

/**
 * Does `b` explain the text of `a` at least as literally: it covers `a`'s text, and every
 * character of it that `b` leaves to a placeholder, `a` leaves to one too? `b` may spell out
 * words `a` captured (`Sink not found: {}` against `{object_type} not found: {name}`), never
 * the reverse.
 */
function explains(b: RawMatch, a: RawMatch, aCaptures: readonly Span[]): { captured: number } | null {
  if (b.start !== a.start || b.end !== a.end) return null;
  let captured = 0;
  for (const [s0, e0] of b.captureSpans) {
    const s = Math.max(s0, a.start);
    const e = Math.min(e0, a.end);
    if (e <= s) continue;
    if (!aCaptures.some(([cs, ce]) => cs <= s && e <= ce)) return null;
    captured += e - s;
  }
  return { captured };
}

/**
 * Marks each match that another one explains strictly more literally (same text, fewer
 * characters left to placeholders) with that other match, the one no match explains better.
 * The relation is a strict partial order, so such a best one always exists.
 */
export function setDominance(matches: readonly RawMatch[]): void {
  const real = matches.filter((m) => !m.bare);
  const dominators = new Map<RawMatch, RawMatch[]>();
  for (const a of real) {
    const aCaptures = mergedCaptures(a);
    const aCaptured = capturedLength(aCaptures);
    for (const b of real) {
      if (b === a) continue;
      const e = explains(b, a, aCaptures);
      if (!e || e.captured >= aCaptured) continue;
      const list = dominators.get(a);
      if (list) list.push(b);
      else dominators.set(a, [b]);
    }
  }
  for (const [a, list] of dominators) a.dominatedBy = list.find((b) => !dominators.has(b)) ?? null;
}
