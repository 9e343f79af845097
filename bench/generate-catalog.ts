import type { ErrorRecord } from "../src/catalog/index.ts";
import { createRng, type Rng } from "./prng.ts";

/** Placeholders of an errorMessage (`{}`, `{:?}`, `{name}`); `{{`/`}}` escapes are literal text. */
const PLACEHOLDER = /\{\{|\}\}|\{[^{}]*\}/g;
const WORD = /[A-Za-z]{3,}/g;

/** The literal (non-placeholder) text of a message, with placeholders blanked out. */
function literalText(message: string): string {
  return message.replace(PLACEHOLDER, (m) => (m === "{{" || m === "}}" ? m : " ".repeat(m.length)));
}

function countWord(text: string, word: string): number {
  return text.match(new RegExp(`\\b${word}\\b`, "g"))?.length ?? 0;
}

/** Replaces a whole word outside placeholders of a message (placeholders are kept verbatim). */
function replaceInMessage(message: string, word: string, replacement: string): string {
  const literal = literalText(message);
  let out = "";
  let last = 0;
  for (const m of literal.matchAll(new RegExp(`\\b${word}\\b`, "g"))) {
    out += message.slice(last, m.index) + replacement;
    last = m.index + word.length;
  }
  return out + message.slice(last);
}

/** The vocabulary of the corpus: varied records reuse real RisingWave words, not random strings. */
export function vocabularyOf(records: readonly ErrorRecord[]): string[] {
  const words = new Set<string>();
  for (const r of records) for (const w of literalText(r.errorMessage).match(WORD) ?? []) words.add(w.toLowerCase());
  return [...words].sort();
}

/**
 * One variant of a template: 1–3 of its literal words replaced, or new words inserted, the same
 * way in errorMessage and messagePattern, so the pattern still matches the message it describes.
 * Null when the template has no word that can be changed consistently.
 */
function varyTemplate(source: ErrorRecord, vocabulary: readonly string[], rng: Rng): ErrorRecord | null {
  let message = source.errorMessage;
  let pattern = source.messagePattern;
  const edits = 1 + rng.int(3);
  let changed = 0;
  for (let i = 0; i < edits; i++) {
    const words = [...new Set(literalText(message).match(WORD) ?? [])].filter(
      (w) => countWord(literalText(message), w) === countWord(pattern, w) && countWord(pattern, w) > 0,
    );
    if (words.length === 0) break;
    const word = rng.pick(words);
    const fresh = rng.pick(vocabulary);
    const replacement = rng.chance(0.5) ? fresh : rng.chance(0.5) ? `${word} ${fresh}` : `${fresh} ${word}`;
    message = replaceInMessage(message, word, replacement);
    pattern = pattern.replace(new RegExp(`\\b${word}\\b`, "g"), replacement);
    changed++;
  }
  if (changed === 0 || message === source.errorMessage) return null;
  const id = rng.hex(16);
  const slug = `${slugify(message)}-${id.slice(0, 6)}`;
  return { ...source, id, slug, errorMessage: message, messagePattern: pattern };
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\{[^{}]*\}/g, " ")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .split("-")
      .slice(0, 9)
      .join("-") || "error"
  );
}

/**
 * A catalog of `size` records: the templates themselves first, then deterministic variants of
 * them (distinct messagePatterns), as several releases or products would add.
 */
export function generateCatalogRecords(templates: readonly ErrorRecord[], size: number, seed = 50_000): ErrorRecord[] {
  const rng = createRng(seed);
  const vocabulary = vocabularyOf(templates);
  const out = templates.slice(0, size);
  const patterns = new Set(out.map((r) => r.messagePattern));
  let attempts = 0;
  while (out.length < size) {
    if (++attempts > size * 20) throw new Error(`could only generate ${out.length} of ${size} distinct records`);
    const variant = varyTemplate(rng.pick(templates), vocabulary, rng);
    if (!variant || patterns.has(variant.messagePattern)) continue;
    patterns.add(variant.messagePattern);
    out.push(variant);
  }
  return out;
}
