/**
 * Index words of a regex messagePattern (the third-party pack writes some as regular expressions):
 * the words of its literal prefix that every match must contain as whole words. Without them a
 * regex pattern is a candidate for every text; with them the literal index skips it like any other.
 */
const META = "()[]{}^$.|?*+";
const WORD_CHAR = /[A-Za-z0-9_]/;

/**
 * Walks `pattern` from `from` past escapes and character classes (a `(`, `)` or `|` there is a
 * literal), calling `visit` on each other character until it returns true: that index, or -1.
 */
function findStructural(pattern: string, from: number, visit: (c: string) => boolean): number {
  let inClass = false;
  for (let i = from; i < pattern.length; i++) {
    const c = pattern[i] ?? "";
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (visit(c)) return i;
  }
  return -1;
}

/** True when the pattern has a `|` outside any group: then no prefix is required. */
function hasTopLevelAlternation(pattern: string): boolean {
  let depth = 0;
  const at = findStructural(pattern, 0, (c) => {
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
    return false;
  });
  return at >= 0;
}

/** Index after the optional pieces a pattern may start with: `"?`, `(?:ObjectStore\()?`. */
function skipOptionalStart(pattern: string): number {
  let i = 0;
  for (;;) {
    if (pattern[i] === "\\" && pattern[i + 2] === "?" && !WORD_CHAR.test(pattern[i + 1] ?? "a")) {
      i += 3;
      continue;
    }
    if (pattern[i] !== undefined && !META.includes(pattern[i] ?? "") && pattern[i] !== "\\" && pattern[i + 1] === "?") {
      // A word character under `?` would glue to the next word: only punctuation is skipped.
      if (WORD_CHAR.test(pattern[i] ?? "")) return i;
      i += 2;
      continue;
    }
    if (pattern[i] === "(") {
      const close = closingParen(pattern, i);
      if (close > 0 && pattern[close + 1] === "?") {
        i = close + 2;
        continue;
      }
    }
    return i;
  }
}

function closingParen(pattern: string, open: number): number {
  let depth = 0;
  return findStructural(pattern, open, (c) => {
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return true;
    return false;
  });
}

/**
 * Lower-cased words of the literal text the pattern starts with, each followed by a non-word
 * literal character inside that prefix (a word touching the first regex construct may run on).
 */
export function regexTokens(pattern: string): string[] {
  if (hasTopLevelAlternation(pattern)) return [];
  let prefix = "";
  // `\b` after the prefix closes its last word, so that word is required whole too.
  let closed = false;
  for (let i = skipOptionalStart(pattern); i < pattern.length; i++) {
    const c = pattern[i] ?? "";
    const next = pattern[i + 1] ?? "";
    let literal: string;
    if (c === "\\") {
      if (next === "b") closed = true;
      if (WORD_CHAR.test(next) || next === "") break;
      literal = next;
      i++;
    } else if (META.includes(c)) break;
    else literal = c;
    // A quantified character is optional or repeated: the prefix ends before it.
    const after = pattern[i + 1] ?? "";
    if (after === "?" || after === "*" || after === "{" || after === "+") break;
    prefix += literal;
  }
  const out = new Set<string>();
  for (const m of prefix.matchAll(/[A-Za-z0-9_]+/g)) {
    const end = m.index + m[0].length;
    if (end < prefix.length || closed) out.add(m[0].toLowerCase());
  }
  return [...out];
}
