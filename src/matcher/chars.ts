/** Character classes by UTF-16 code, for the per-character loops of the hot path (no regex per character). */

/** `\w` without the `u` flag: `[A-Za-z0-9_]`. */
export function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

const WHITESPACE = /\s/;

/** `\s`: ASCII blanks by code; the rest (no-break and Unicode spaces, line separators) by the regex. */
export function isBlankCode(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return WHITESPACE.test(String.fromCharCode(c));
}
