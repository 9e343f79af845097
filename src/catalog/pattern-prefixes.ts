/**
 * The literal texts a regex pattern's matches start with. The matcher tries a record's pattern on
 * every piece of every layer it is a candidate for; a pattern written as a regular expression (the
 * third-party pack's alternations) has no literal of its own to anchor it, so without this it would
 * run on every piece. With it, the matcher finds where those texts occur and tries the regex there only.
 */
import regexpTree from "regexp-tree";
import type { AstNode } from "regexp-tree/ast";

type Node = AstNode;

/** Past this many alternatives the prefixes say too little to be worth looking for. */
const MAX_PREFIXES = 32;
/** A class of at most this many characters is read as alternatives (`[`'"]`, `\d`); a wider one is open. */
const MAX_CLASS_CHARS = 10;

/** What `\d` and `\w` match without the `u` and `i` flags (the matcher compiles with `s` only). */
const DIGITS = "0123456789";

/**
 * A set of texts that describes every match of a node: each match is one of the `complete` texts
 * exactly, or starts with one of the others. Null: a match may start with anything.
 */
type Prefixes = Array<{ text: string; complete: boolean }> | null;

const EMPTY: Prefixes = [{ text: "", complete: true }];

/** The characters one character node matches, when few and known; null otherwise. */
function chars(node: Node): string[] | null {
  if (node.type === "Char") {
    // Classes (`\d`, `.`) have no code point (NaN); a character outside the BMP is two code units.
    if (Number.isFinite(node.codePoint)) return [String.fromCharCode(...surrogates(node.codePoint))];
    return node.value === "\\d" ? [...DIGITS] : null;
  }
  if (node.type === "ClassRange") {
    const from = node.from.codePoint;
    const to = node.to.codePoint;
    if (!Number.isFinite(from) || !Number.isFinite(to) || to > 0xffff || to - from >= MAX_CLASS_CHARS) return null;
    return Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
  }
  if (node.type === "CharacterClass") {
    if (node.negative) return null;
    const out: string[] = [];
    for (const e of node.expressions) {
      const set = chars(e);
      if (set === null) return null;
      out.push(...set);
    }
    return out.length <= MAX_CLASS_CHARS ? out : null;
  }
  return null;
}

function surrogates(codePoint: number): number[] {
  if (codePoint <= 0xffff) return [codePoint];
  const v = codePoint - 0x10000;
  return [0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff)];
}

/**
 * Every match of A·B: a complete text of A followed by a match of B; an open one of A says no more.
 * Once A's texts say something, alternatives of B (`\d`, `(?:x|y)`) are not multiplied into them:
 * a few long anchors find the same places as many longer ones.
 */
function concat(a: Prefixes, b: () => Prefixes): Prefixes {
  if (a === null) return null;
  if (a.every((x) => !x.complete)) return a;
  const next = b();
  if (next !== null && next.length > 1 && a.every((x) => x.text !== "")) {
    return a.map((x) => ({ text: x.text, complete: false }));
  }
  const out: NonNullable<Prefixes> = [];
  for (const x of a) {
    if (!x.complete) {
      out.push(x);
      continue;
    }
    if (next === null) out.push({ text: x.text, complete: false });
    else for (const y of next) out.push({ text: x.text + y.text, complete: y.complete });
  }
  // Too many alternatives: keep what the first node alone says, every one open.
  return out.length <= MAX_PREFIXES ? out : a.map((x) => ({ text: x.text, complete: false }));
}

function prefixes(node: Node | null): Prefixes {
  if (node === null) return EMPTY;
  switch (node.type) {
    case "Char":
    case "CharacterClass": {
      const set = chars(node);
      return set === null ? null : set.map((text) => ({ text, complete: true }));
    }
    case "Alternative": {
      let out: Prefixes = EMPTY;
      for (const e of node.expressions) out = concat(out, () => prefixes(e));
      return out;
    }
    case "Disjunction": {
      const l = prefixes(node.left);
      const r = prefixes(node.right);
      if (l === null || r === null || l.length + r.length > MAX_PREFIXES) return null;
      return [...l, ...r];
    }
    case "Group":
      return prefixes(node.expression ?? null);
    case "Repetition": {
      const inner = prefixes(node.expression);
      if (inner === null) return null;
      const q = node.quantifier;
      const min = q.kind === "+" ? 1 : q.kind === "Range" ? q.from : 0;
      const once = q.kind === "?" || (q.kind === "Range" && q.from <= 1 && q.to === 1);
      // Exactly once or not at all keeps the texts whole; more repetitions follow an open text.
      const first = inner.map((x) => ({ text: x.text, complete: x.complete && once }));
      return min === 0 ? [{ text: "", complete: true }, ...first] : first;
    }
    // Anchors and lookarounds consume nothing: they match the empty text (or fail).
    case "Assertion":
      return EMPTY;
    default:
      return null;
  }
}

/**
 * Non-empty literal texts one of which every non-empty text matched whole by `^(?:pattern)$` (flag
 * `s`) starts with, none a prefix of another; null when they cannot be bounded (a leading `.`, `\s`,
 * a wide or negated class, an optional part that may leave the text to start anywhere, a
 * backreference, syntax this reader does not know).
 */
export function literalPrefixes(pattern: string): string[] | null {
  let body: Node | null;
  try {
    body = regexpTree.parse(new RegExp(pattern, "s")).body;
  } catch {
    return null;
  }
  const found = prefixes(body);
  if (found === null || found.some((x) => x.text === "")) return null;
  const texts = [...new Set(found.map((x) => x.text))].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  return texts.filter((t, i) => !texts.slice(0, i).some((shorter) => t.startsWith(shorter)));
}
