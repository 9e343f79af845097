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
 * words `a` captured (`Sink not found: {}` against `{object_type} not found: {name}`), or hold
 * `a`'s whole text in its literal (`failed to parse request body` inside `dml_batch_id {} item
 * {}: failed to parse request body: {}`), never the reverse.
 */
function explains(b: RawMatch, a: RawMatch, aCaptures: readonly Span[]): boolean {
  if (b.start > a.start || b.end < a.end) return false;
  for (const [s0, e0] of b.captureSpans) {
    const s = Math.max(s0, a.start);
    const e = Math.min(e0, a.end);
    if (e > s && !aCaptures.some(([cs, ce]) => cs <= s && e <= ce)) return false;
  }
  return true;
}

/**
 * Marks each match that another one explains at least as literally and spells out more of the
 * text (a longer text, or the same text with fewer characters left to placeholders; a placeholder
 * reaching further is no better) with that other match, the one no match explains better.
 * The relation is a strict partial order, so such a best one always exists.
 */
export function setDominance(matches: readonly RawMatch[]): void {
  const real = matches.filter((m) => !m.bare);
  const captures = real.map(mergedCaptures);
  // Characters of the matched text the template spells out (the rest its placeholders captured).
  const literal = real.map((m, i) => m.end - m.start - capturedLength(captures[i] ?? []));
  const dominators = new Map<RawMatch, RawMatch[]>();
  real.forEach((a, i) => {
    real.forEach((b, j) => {
      if ((literal[j] ?? 0) <= (literal[i] ?? 0) || !explains(b, a, captures[i] ?? [])) return;
      const list = dominators.get(a);
      if (list) list.push(b);
      else dominators.set(a, [b]);
    });
  });
  for (const [a, list] of dominators) a.dominatedBy = list.find((b) => !dominators.has(b)) ?? null;
}

/**
 * Placeholder names that name an object rather than say what went wrong (`{object_type}`, `{name}`,
 * `{table_id}`): a template printed there is only the object's description. `{feature}`, `{reason}`,
 * `{0}` and anonymous holes say what went wrong, and a template inside them may be the answer.
 */
const NAMES_AN_OBJECT =
  /^(?:\w+_)?(?:name|names|type|kind|id|ids|object|table|column|schema|database|db|relation|entity|catalog|key|field|ident|identifier)$/i;

/** Does the match's `i`th placeholder name an object (`{name}`, `{object_type}`), so its value is no error? */
export function capturesAnObject(m: RawMatch, i: number): boolean {
  const names = m.pattern.placeholders;
  return names.length === m.captureSpans.length && NAMES_AN_OBJECT.test(names[i] ?? "");
}

/**
 * A fully literal template whose text is exactly what a generic template captured in a placeholder
 * naming an object (`table or source` as the `{object_type}` of `{object_type} not found: {name}`)
 * is that template's argument, not an error of its own: the other one explains it. Other holes keep
 * their nested templates: `Invalid column: v1` inside `Item not found: {0}` is the cause, and
 * `subquery in filter clause` inside `Feature is not yet implemented: {feature}` is the feature.
 */
export function setArgumentValues(matches: readonly RawMatch[]): void {
  const literal = matches.filter((m) => !m.bare && m.pattern.holes === 0 && m.dominatedBy === null);
  if (literal.length === 0) return;
  for (const outer of matches) {
    // Only a generic template (mostly placeholders) is that plainly a frame for its values.
    if (outer.bare || !outer.pattern.generic) continue;
    outer.captureSpans.forEach(([s, e], i) => {
      if (!capturesAnObject(outer, i)) return;
      const value = outer.captures[i] ?? "";
      const start = s + (value.length - value.trimStart().length);
      const end = e - (value.length - value.trimEnd().length);
      for (const m of literal) {
        if (m.start === start && m.end === end && m.pattern.record.id !== outer.pattern.record.id)
          m.dominatedBy = outer;
      }
    });
  }
}
