/** Plain text a messagePattern requires: where a match starts, and what any match must contain. */
import { parseSimplePattern } from "./compile.ts";

/** The literal text a pattern starts with (before its first placeholder or regex syntax). */
export function leadingLiteral(pattern: string): string {
  const segments = parseSimplePattern(pattern);
  if (segments) return segments[0] ?? "";
  const m = /^(?:[^\\()[\]{}^$.|?*+]|\\[^A-Za-z0-9])*/.exec(pattern);
  return (m?.[0] ?? "").replace(/\\(.)/g, "$1");
}

const META = "()[]{}^$.|?*+";

/** The longest run of plain text in a pattern: what any text it matches must contain. */
export function longestLiteral(pattern: string): string {
  let best = "";
  let run = "";
  const end = () => {
    if (run.length > best.length) best = run;
    run = "";
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? "";
    let literal: string | null = null;
    if (c === "\\") {
      const n = pattern[i + 1] ?? "";
      i++;
      if (!/[A-Za-z0-9]/.test(n)) literal = n;
    } else if (!META.includes(c)) literal = c;
    if (literal === null) {
      end();
      continue;
    }
    // A character under `?`, `*` or `{0,…}` may be absent: it ends the run instead.
    const next = pattern[i + 1] ?? "";
    if (next === "?" || next === "*" || (next === "{" && pattern[i + 2] === "0")) {
      end();
      continue;
    }
    run += literal;
  }
  end();
  return best;
}
