/**
 * Rust string literals as the program sees them: escapes resolved, raw strings as written, a
 * line-continuation backslash eating the newline and the next line's indentation.
 * Byte strings and C strings are not messages and read as null.
 */

const SIMPLE: Record<string, string> = { n: "\n", r: "\r", t: "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"' };

/** The value of a `"…"` or `r#"…"#` literal's source text, or null when it is not a string literal. */
export function stringLiteralValue(text: string): string | null {
  if (text.startsWith('"')) return resolveEscapes(text.slice(1, -1));
  const raw = /^r(#*)"/.exec(text);
  if (raw) {
    const hashes = raw[1] ?? "";
    return text.slice(raw[0].length, text.length - 1 - hashes.length);
  }
  return null;
}

function resolveEscapes(body: string): string {
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = body[i + 1] ?? "";
    if (next in SIMPLE) {
      out += SIMPLE[next];
      i++;
    } else if (next === "x") {
      out += String.fromCharCode(Number.parseInt(body.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (next === "u") {
      const close = body.indexOf("}", i);
      const code = Number.parseInt(body.slice(i + 3, close).replaceAll("_", ""), 16);
      out += Number.isFinite(code) ? String.fromCodePoint(code) : "";
      i = close;
    } else if (next === "\n" || next === "\r") {
      // A backslash at the end of a line: the newline and the next line's leading whitespace go.
      i++;
      while (i + 1 < body.length && /\s/.test(body[i + 1] ?? "")) i++;
    } else {
      out += c;
    }
  }
  return out;
}
