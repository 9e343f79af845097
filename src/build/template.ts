/**
 * What a record derives from its message: the regex the matcher compiles, the slug, the id, and the
 * rule that drops templates too short to recognise (the reference extraction's rules).
 */
import { createHash } from "node:crypto";

/** A format placeholder: `{}`, `{0}`, `{name}`, `{:?}`, `{name:>8.3}`; `{{` is an escaped brace. */
const PLACEHOLDER = /\{\{|\}\}|\{[\w.:?#<>^+\-$]*\}/g;

/** Fewer literal characters than this (placeholders excluded) and a template is dropped. */
export const MIN_LITERAL_CHARS = 12;

export function literalChars(message: string, plain = false): number {
  if (plain) return message.length;
  return message.replace(PLACEHOLDER, (m) => (m === "{{" || m === "}}" ? "x" : "")).length;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\n/g, "\\n");
}

/**
 * Each literal regex-escaped, each `{…}` as `(.+?)`, `{{`/`}}` as a brace. A plain string (not a format
 * string: `.expect("…")`, `"…".into()`) is printed as written, braces included.
 */
export function messagePatternOf(message: string, plain = false): string {
  if (plain) return escapeRegex(message);
  let out = "";
  let last = 0;
  for (const m of message.matchAll(PLACEHOLDER)) {
    out += escapeRegex(message.slice(last, m.index));
    out += m[0] === "{{" ? "\\{" : m[0] === "}}" ? "\\}" : "(.+?)";
    last = m.index + m[0].length;
  }
  return out + escapeRegex(message.slice(last));
}

/** Lower-case words of the message without placeholders, at most 60 characters, cut at a word. */
export function slugOf(message: string): string {
  const words = message
    .replace(/\{[\w.:?#<>^+\-$]*\}/g, " ")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = words.join("-");
  if (slug.length > 60) {
    const cut = slug.slice(0, 61);
    const dash = cut.lastIndexOf("-");
    slug = dash > 0 ? cut.slice(0, dash) : slug.slice(0, 60);
  }
  return slug || "error";
}

/** The first 16 hex digits of sha256(repo + filePath + errorMessage), the reference records' id. */
export function recordId(repo: string, filePath: string, errorMessage: string): string {
  return createHash("sha256")
    .update(repo + filePath + errorMessage)
    .digest("hex")
    .slice(0, 16);
}
