/**
 * Rust's `{:?}` dumps in error values (`Barrier(Barrier { epoch: EpochPair { curr: 1, prev: 0 }, kind:
 * Checkpoint, tracing_context: … })`, `Parts { status: 403, headers: {…} }`) read as noise in a title
 * or a button. Each struct is collapsed to its type and the fields a reader acts on (epoch, status,
 * code, bucket, path, table …); a struct that keeps one field lends it to its parent
 * (`response: Parts { status: 403, … }` → `status: 403`). Bounded: text past MAX is left as it is.
 */

const KEY_FIELDS = [
  "status",
  "code",
  "kind",
  "bucket",
  "path",
  "service",
  "table",
  "table_id",
  "name",
  "id",
  "actor_id",
  "fragment_id",
  "epoch",
  "curr",
  "operation",
  "op",
  "reason",
  "message",
];
const MAX = 2000;
const MAX_FIELDS = 4;
const OPEN = "{([";
const CLOSE = "})]";

/** Splits at top-level commas (brackets and quotes respected). */
function topLevel(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i] ?? "";
    if (ch === '"' && inner[i - 1] !== "\\") quoted = !quoted;
    if (quoted) continue;
    if (OPEN.includes(ch)) depth++;
    else if (CLOSE.includes(ch)) depth--;
    else if (ch === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

/** The index of the bracket closing the one at `at`, or -1. */
function closing(text: string, at: number): number {
  let depth = 0;
  let quoted = false;
  for (let i = at; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === '"' && text[i - 1] !== "\\") quoted = !quoted;
    if (quoted) continue;
    if (OPEN.includes(ch)) depth++;
    else if (CLOSE.includes(ch) && --depth === 0) return i;
  }
  return -1;
}

interface Collapsed {
  text: string;
  /** The one field kept, `key: value`, when only one was. */
  single?: string;
}

/** A `{ … }` body: its key fields, collapsed in turn. */
function collapseStruct(inner: string): Collapsed {
  const kept: string[] = [];
  for (const field of topLevel(inner)) {
    const m = /^([A-Za-z_][\w]*)\s*:\s*([\s\S]*)$/.exec(field);
    if (!m) continue;
    const key = m[1] ?? "";
    const value = collapseText(m[2] ?? "");
    if (value.single && !KEY_FIELDS.includes(key)) kept.push(value.single);
    else if (KEY_FIELDS.includes(key) && !/^(None|\[\]|\{\}|"")$/.test(value.text)) {
      kept.push(`${key}: ${value.single ? (value.single.split(": ").slice(1).join(": ") ?? value.text) : value.text}`);
    }
  }
  const picked = kept.slice(0, MAX_FIELDS);
  const text = picked.length > 0 ? `{${picked.join(", ")}}` : "{…}";
  return picked.length === 1 ? { text, single: picked[0] ?? "" } : { text };
}

/** Every struct body in `text` collapsed; the rest of the text kept as it is. */
function collapseText(text: string): Collapsed {
  let out = "";
  let i = 0;
  let only: Collapsed | undefined;
  let structs = 0;
  while (i < text.length) {
    const at = text.indexOf("{", i);
    if (at < 0) break;
    const end = closing(text, at);
    if (end < 0) break;
    const body = collapseStruct(text.slice(at + 1, end));
    out += text.slice(i, at) + body.text;
    only = body;
    structs++;
    i = end + 1;
  }
  out += text.slice(i);
  const trimmed = out.trim();
  // `Parts {status: 403}` as a field's whole value lends its one field to the parent.
  const single = structs === 1 && only?.single && /^[\w:]*\s*\{[^{}]*\}$/.test(trimmed) ? only.single : undefined;
  return single ? { text: trimmed, single } : { text: trimmed };
}

/** The text with each Debug struct collapsed to its type and key fields; blanks folded. */
export function collapseDebug(text: string): string {
  if (!text.includes("{") || text.length > MAX) return text;
  const collapsed = collapseText(text).text;
  return collapsed === text.trim() ? text : collapsed.replace(/\s+/g, " ");
}

/** `librdkafka: librdkafka: Message timed out` → `librdkafka: Message timed out` (a label printed twice). */
function withoutRepeatedLabel(text: string): string {
  return text.replace(/(?<![\w.-])([\w.-]{3,40}): \1: /g, "$1: ");
}

/** A pasted value or line as a card shows it: Debug structs collapsed, a doubled label once. */
export function readableText(text: string): string {
  return withoutRepeatedLabel(collapseDebug(text));
}
