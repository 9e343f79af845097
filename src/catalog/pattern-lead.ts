/**
 * Which characters a match of a regex pattern can start with. The matcher tries a record's pattern
 * on every piece of every layer it is a candidate for; a pattern written as a regular expression
 * (the third-party pack's alternations) has no literal to anchor it, so without this it would run on
 * every piece. With it, a piece that starts with another character is skipped before the regex runs.
 */
import regexpTree from "regexp-tree";
import type { AstNode } from "regexp-tree/ast";

type Node = AstNode;

/** What `\d` and `\w` match without the `u` and `i` flags (the matcher compiles with `s` only). */
const DIGITS = Array.from({ length: 10 }, (_, i) => 48 + i);
const WORD = [
  ...DIGITS,
  ...Array.from({ length: 26 }, (_, i) => 65 + i),
  ...Array.from({ length: 26 }, (_, i) => 97 + i),
  95,
];

/** Characters one character node matches, or null when that set is open (`.`, `\s`, `[^x]`, astral). */
function charSet(node: Node): number[] | null {
  if (node.type === "Char") {
    // Classes (`\\d`, `.`) have no code point (NaN); a character outside the BMP is two code units.
    if (Number.isFinite(node.codePoint)) return node.codePoint <= 0xffff ? [node.codePoint] : null;
    if (node.value === "\\d") return DIGITS;
    if (node.value === "\\w") return WORD;
    return null;
  }
  if (node.type === "ClassRange") {
    const from = node.from.codePoint;
    const to = node.to.codePoint;
    if (!Number.isFinite(from) || !Number.isFinite(to) || to > 0xffff || to - from > 512) return null;
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  if (node.type === "CharacterClass") {
    if (node.negative) return null;
    const out: number[] = [];
    for (const e of node.expressions) {
      const set = charSet(e);
      if (set === null) return null;
      out.push(...set);
    }
    return out;
  }
  return null;
}

interface First {
  /** The characters a non-empty match starts with; null: any character may. */
  codes: Set<number> | null;
  /** The node may match the empty string. */
  nullable: boolean;
}

const ANY: First = { codes: null, nullable: true };

function union(a: Set<number> | null, b: Set<number> | null): Set<number> | null {
  if (a === null || b === null) return null;
  return new Set([...a, ...b]);
}

function first(node: Node | null): First {
  if (node === null) return { codes: new Set(), nullable: true };
  switch (node.type) {
    case "Char":
    case "CharacterClass": {
      const set = charSet(node);
      return { codes: set === null ? null : new Set(set), nullable: false };
    }
    case "Alternative": {
      let codes: Set<number> | null = new Set();
      for (const e of node.expressions) {
        const f = first(e);
        codes = union(codes, f.codes);
        if (!f.nullable) return { codes, nullable: false };
      }
      return { codes, nullable: true };
    }
    case "Disjunction": {
      const l = first(node.left);
      const r = first(node.right);
      return { codes: union(l.codes, r.codes), nullable: l.nullable || r.nullable };
    }
    case "Group":
      return first(node.expression ?? null);
    case "Repetition": {
      const f = first(node.expression);
      const q = node.quantifier;
      const optional = q.kind === "*" || q.kind === "?" || (q.kind === "Range" && q.from === 0);
      return { codes: f.codes, nullable: f.nullable || optional };
    }
    // Anchors and lookarounds consume nothing: the first character comes from what follows.
    case "Assertion":
      return { codes: new Set(), nullable: true };
    default:
      return ANY;
  }
}

/**
 * The UTF-16 code units a non-empty text matched whole by `^(?:pattern)$` (flag `s`) can start with,
 * or null when they cannot be bounded (a leading `.`, `\s` or negated class, a backreference, syntax
 * this reader does not know).
 */
export function leadCodes(pattern: string): number[] | null {
  let body: Node | null;
  try {
    body = regexpTree.parse(new RegExp(pattern, "s")).body;
  } catch {
    return null;
  }
  const f = first(body);
  return f.codes === null ? null : [...f.codes].sort((a, b) => a - b);
}
