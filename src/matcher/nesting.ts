/** How deep each match of a layer sits: a template printed inside another's placeholder is the cause. */
import { isBlankCode } from "./chars.ts";
import type { RawMatch } from "./raw-match.ts";

/** What may sit between a clause-cut match and the chain link after it: `, error: `, `; `, `: `. */
const CLAUSE_GAP = /^[\s,;.]*(?:[\w.-]+\s*[:=])?\s*$/;

/**
 * Captures that may hold another template. A source error is printed after its wrapper's text
 * (`Bind error: {0}`, `expected {}, found: {}`); a leading placeholder holds one only within a
 * single chain link (`{} at line {}, column {}` around `syntax error at or near WHERE`), or a
 * template like `{} and {} must be provided` would claim the wrappers printed before it.
 */
export function innerCaptures(m: RawMatch, layer: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [s, e] of m.captureSpans) {
    if (s === m.start) {
      const colon = layer.indexOf(": ", s);
      if (colon >= 0 && colon + 2 <= e) continue;
    }
    // Blanks around a value are the wrapper's (`splits:  No data …`), not the inner template's.
    let a = s;
    let b = e;
    while (a < b && isBlankCode(layer.charCodeAt(a))) a++;
    while (b > a && isBlankCode(layer.charCodeAt(b - 1))) b--;
    out.push([a, b]);
  }
  return out;
}

/**
 * Nesting: a match inside another's placeholder is promoted only when it is itself a message
 * (a placeholder or ≥ 3 words): `table function` printed into `{err} inside GROUP BY` is a value.
 */
function contains(
  outer: RawMatch,
  inner: RawMatch,
  layer: string,
  captured: (m: RawMatch) => Array<[number, number]>,
): boolean {
  if (outer === inner || outer.bare || !inner.pattern.message) return false;
  if (outer.cut && inner.start === outer.end + 2) return true;
  // A chain link after a clause (`…kafka (x), error: topic t not found`) is the outer's cause.
  if ((outer.cut || outer.clause) && inner.start >= outer.end && CLAUSE_GAP.test(layer.slice(outer.end, inner.start))) {
    return true;
  }
  // The whole captured value, or its last clause (`Near "…", Expected …` in a wrapper's `{}`). In an
  // earlier placeholder of a generic template, a fixed phrase is a kind or a name (`{object_type} not
  // found: {name}` printing `table or source`); a template with values of its own is a cause there too
  // (`{} at line {}, column {}` printing `syntax error at or near {token}`).
  const spans = captured(outer);
  const candidates = outer.pattern.generic && inner.captures.length === 0 ? spans.slice(-1) : spans;
  return candidates.some(
    ([s, e]) => (s === inner.start && e === inner.end) || (inner.clause && s < inner.start && e === inner.end),
  );
}

export function setNesting(matches: RawMatch[], layer: string): void {
  const memo = new Map<RawMatch, number>();
  // Each match is tried as the outer one of every other: its captures are read once.
  const spans = new Map<RawMatch, Array<[number, number]>>();
  const captured = (m: RawMatch) => {
    let known = spans.get(m);
    if (!known) {
      known = innerCaptures(m, layer);
      spans.set(m, known);
    }
    return known;
  };
  const depth = (m: RawMatch, guard: number): number => {
    const known = memo.get(m);
    if (known !== undefined) return known;
    let d = 0;
    if (guard < 8) {
      for (const o of matches) {
        if (!contains(o, m, layer, captured)) continue;
        o.wrapsAnother = true;
        d = Math.max(d, depth(o, guard + 1) + 1);
      }
    }
    memo.set(m, d);
    return d;
  };
  for (const m of matches) m.nesting = depth(m, 0);
}
