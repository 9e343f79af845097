/**
 * An errorMessage template as a person reads it: placeholders filled with what the paste
 * captured, the rest shown as "…", and each capture named where the source names it.
 */
import type { ErrorRecord } from "../catalog/schema.ts";

import { readableText } from "./debug-values.ts";

const PLACEHOLDER = /\{[^{}]*\}/g;
export const HOLE = "…";

/** Puts captured values back into a template (`{}`, `{name}`, `{:?}`, `{0}` …) in order; holes without a value become "…". */
export function fillTemplate(template: string, captures: readonly string[], hole = HOLE): string {
  let i = 0;
  return template.replace(PLACEHOLDER, () => captures[i++] ?? hole);
}

/** The one-line title of a record: its first template line, filled. */
export function filledTitle(record: Pick<ErrorRecord, "errorMessage">, captures: readonly string[] = []): string {
  return fillTemplate(record.errorMessage.split("\n")[0] ?? record.errorMessage, captures);
}

/**
 * A card's title: the template's first line with the pasted values, Debug dumps collapsed. A template
 * whose pattern captured nothing (`PermissionDenied (permanent) at {}`) would lose the values that matter
 * (the bucket, the 403): its title is the pasted line itself, made readable.
 */
export function readableTitle(
  record: Pick<ErrorRecord, "errorMessage">,
  captures: readonly string[] = [],
  layer?: string,
): string {
  const filled = filledTitle(record, captures.map(readableText));
  const pasted = layer?.split("\n")[0]?.trim() ?? "";
  if (filled.includes(HOLE) && captures.length === 0 && pasted !== "") {
    const mine = readableText(pasted);
    // Only when the pasted line is this error (its fixed words are there), never some outer layer.
    const fixed = (record.errorMessage.split("\n")[0] ?? "").split(PLACEHOLDER)[0]?.trim() ?? "";
    if (fixed.length >= 4 && mine.includes(fixed)) return mine;
  }
  return readableText(filled);
}

/**
 * A record named in a list, a notice or a digest, where no values are known: its template, unless the
 * template starts with a hole or keeps few words (`{} (Local: Message timed out)`), then its slug in words
 * ("Kafka message timed out").
 */
export function listTitle(record: Pick<ErrorRecord, "errorMessage" | "slug">): string {
  const title = filledTitle(record);
  const words = title.replace(new RegExp(HOLE, "g"), "").replace(/[^A-Za-z]+/g, "");
  if (!title.startsWith(HOLE) && words.length >= 12) return title;
  const slug = record.slug.replace(/-/g, " ").trim();
  return slug ? `${slug[0]?.toUpperCase()}${slug.slice(1)}` : title;
}

/** `{object_type}` → "object type", `{name:?}` → "name"; positional ones (`{}`, `{0}`, `{:#x}`) have no name. */
export function placeholderName(placeholder: string): string | null {
  const inner = placeholder.slice(1, -1).split(":")[0]?.trim() ?? "";
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(inner)) return null;
  return humanName(inner);
}

function humanName(ident: string): string {
  return (ident.split(".").at(-1) ?? ident).replace(/_/g, " ").trim();
}

/**
 * Names of positional arguments from the source: `format!("… {} -> {}", fragment_id, downstream_id)`.
 * Only simple arguments (paths, fields, derefs, casts) count; a bounded scan of the text after the literal.
 */
export function sourceArgumentNames(record: Pick<ErrorRecord, "errorMessage" | "sourceCode">): (string | null)[] {
  const src = record.sourceCode;
  const literal = record.errorMessage.split("\n")[0] ?? "";
  if (!src || literal.length < 4) return [];
  // Rust sources escape the template's quotes: `"permission denied on \"{}\""`.
  const quoted = [`"${literal}"`, `"${literal.replace(/"/g, '\\"')}"`].find((q) => src.includes(q));
  if (!quoted) return [];
  const at = src.indexOf(quoted);
  const tail = src.slice(at + quoted.length, at + quoted.length + 400);
  let depth = 0;
  let end = tail.length;
  for (let i = 0; i < tail.length; i++) {
    const ch = tail[i];
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") {
      if (depth === 0) {
        end = i;
        break;
      }
      depth--;
    }
  }
  const args: string[] = [];
  let current = "";
  depth = 0;
  for (const ch of tail.slice(0, end)) {
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    if (ch === ")" || ch === "]" || ch === "}") depth--;
    if (ch === "," && depth === 0) {
      args.push(current);
      current = "";
    } else current += ch;
  }
  args.push(current);
  return args
    .map((a) => a.trim())
    .filter((a, i) => !(i === 0 && a === ""))
    .filter((a) => a !== "")
    .map((a) => {
      const simple = a
        .replace(/^[*&]+/, "")
        .replace(/\s+as\s+\w+$/, "")
        .replace(/\.(clone|to_string|as_str|len)\(\)$/, "");
      return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(simple) ? humanName(simple) : null;
    });
}

export interface LabelledCapture {
  label: string | null;
  value: string;
}

/** Each captured value with the name the source gives it (named placeholder first, then format arguments). */
export function labelCaptures(
  record: Pick<ErrorRecord, "errorMessage" | "sourceCode">,
  captures: readonly string[],
): LabelledCapture[] {
  if (captures.length === 0) return [];
  const placeholders = (record.errorMessage.match(PLACEHOLDER) ?? []) as string[];
  const positional = placeholders.filter((p) => placeholderName(p) === null).length;
  const args = sourceArgumentNames(record);
  const argNames = args.length === positional ? args : [];
  let p = 0;
  return captures.map((value, i) => {
    const ph = placeholders[i];
    const named = ph ? placeholderName(ph) : null;
    const label = named ?? (ph ? (argNames[p++] ?? null) : null);
    return { label, value };
  });
}

/**
 * A template that only wraps another error (`Storage error: {0}`, `Failed to run the query: {}`,
 * `gRPC request to meta failed: {}`), as opposed to one whose value is the point
 * (`view or materialized view does not exist: {}`).
 */
export function isPureWrapper(template: string): boolean {
  const first = (template.split("\n")[0] ?? "").trim();
  if (/^\{[^{}]*\}$/.test(first)) return true;
  const m = /^([^{}:]{1,60}):\s*(\{[^{}]*\})$/.exec(first);
  if (!m) return false;
  const prefix = (m[1] ?? "").trim();
  // `{0}` / `{source}` is thiserror's wrapped error; a bare `{}` after "… failed" or "… error" is too.
  const wrapsAnError = /^\{(0|source|error|err|e|inner|cause)(:[^{}]*)?\}$/.test(m[2] ?? "");
  return wrapsAnError || /(error|failed|failure)$/i.test(prefix) || /^failed to /i.test(prefix);
}
