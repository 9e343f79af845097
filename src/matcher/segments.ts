import type { PatternMatch } from "./compile.ts";

/**
 * Anchored match of literal `segments` separated by placeholders of one or more characters (any
 * character, newlines included), with the captures a lazy regex (`^a(.+?)b(.+?)c$`, dotAll) would
 * give: each placeholder as short as the rest allows. Failed states are remembered, so the cost
 * stays polynomial where a backtracking regex could explode.
 */
export function matchSegments(segments: readonly string[], text: string): PatternMatch | null {
  const holes = segments.length - 1;
  const first = segments[0] ?? "";
  if (holes === 0) return text === first ? { captures: [], spans: [] } : null;
  const last = segments[holes] ?? "";
  if (!text.startsWith(first) || !text.endsWith(last)) return null;
  const end = text.length - last.length;
  if (end - first.length < holes) return null;
  const starts: number[] = new Array(holes).fill(0);
  const ends: number[] = new Array(holes).fill(0);
  const failed = new Set<number>();
  const width = text.length + 1;

  // Places hole `h` starting at `pos`; the literal after it is segments[h + 1].
  const place = (h: number, pos: number): boolean => {
    starts[h] = pos;
    if (h === holes - 1) {
      if (end - pos < 1) return false;
      ends[h] = end;
      return true;
    }
    const key = h * width + pos;
    if (failed.has(key)) return false;
    const lit = segments[h + 1] ?? "";
    // Later holes need at least one character each, plus their literals.
    let q = lit === "" ? pos + 1 : text.indexOf(lit, pos + 1);
    while (q >= 0 && q + lit.length < end + 1 && q <= end) {
      ends[h] = q;
      if (place(h + 1, q + lit.length)) return true;
      q = lit === "" ? q + 1 : text.indexOf(lit, q + 1);
    }
    failed.add(key);
    return false;
  };

  if (!place(0, first.length)) return null;
  const spans = starts.map((s, h): [number, number] => [s, ends[h] ?? s]);
  return { captures: spans.map(([s, e]) => text.slice(s, e)), spans };
}
