/**
 * The words the detector still needs that the catalog cannot give it, in one place, each with its
 * reason. Error labels (`Bind error`, `Item not found`, `Failed to run the query`) come from the
 * catalog's wrapper templates (see `catalogLabels`); these lists are only what remains.
 */
import type { CompiledPattern } from "./compile.ts";

/**
 * The last word of an error label when the catalog does not know the label (another release, a
 * connector's own wrapper): `Foo error:`, `Bar failed:`, `Baz exception:`.
 */
export const LABEL_SUFFIX_WORDS = ["error", "Error", "failed", "Failed", "failure", "exception", "Exception"];

/**
 * Labels RisingWave prints that the standalone `looksLikeError(text)` (no catalog at hand) must know;
 * with a catalog they are among its wrapper labels anyway.
 */
export const BUILTIN_LABELS = [
  "Not supported",
  "Feature is not yet implemented",
  "Permission denied",
  "Item not found",
  "Internal error",
];

/** Label shapes with a variable word: `Invalid <what>:`, `Unsupported <what>:`, `<what> not found:`. */
export const LABEL_SHAPES = [/^Invalid [\w ]{1,30}$/, /^Unsupported [\w ]{1,30}$/, /^[\w ]{1,30} not found$/];

/**
 * How a person opens a message about an error ("the error was: …", "any idea why: …"): a label
 * after one of these is talk, not output. English only: RisingWave prints English, and a label
 * after another language's words never reads as printed output in the first place.
 */
export const CHATTER_OPENINGS = [
  "hi",
  "hey",
  "hello",
  "thanks",
  "thank you",
  "any",
  "is",
  "are",
  "was",
  "were",
  "does",
  "do",
  "did",
  "has",
  "have",
  "can",
  "could",
  "should",
  "would",
  "will",
  "i",
  "i'm",
  "i'll",
  "we",
  "we're",
  "we'll",
  "you",
  "it",
  "its",
  "it's",
  "the",
  "this",
  "that",
  "so",
  "ok",
  "okay",
  "lol",
  "fyi",
  "btw",
  "why",
  "how",
  "what",
  "when",
  "where",
  "who",
  "please",
  "pls",
];

/** Words a person writes and RisingWave never prints, even after an error label ("Bind error: my typo, sorry"). */
export const CHATTER_WORDS = [
  "my",
  "me",
  "mine",
  "probably",
  "lol",
  "lmao",
  "sorry",
  "idk",
  "dunno",
  "no idea",
  "oops",
  "sigh",
];

/** Words RisingWave's own messages use now and then (`in our schema`, `we need to use`): chatter only together. */
export const CHATTER_HINTS = ["our", "ours", "we need", "we should", "we're", "we'll", "again", "maybe"];

const escapeRegex = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export const wordsPattern = (words: readonly string[]) => words.map(escapeRegex).join("|");

/** Lower-cased labels of the catalog's wrappers (`Bind error: {0}` → `bind error`): printed error vocabulary. */
export function catalogLabels(patterns: readonly CompiledPattern[]): Set<string> {
  const out = new Set<string>(BUILTIN_LABELS.map((l) => l.toLowerCase()));
  for (const p of patterns) {
    const head =
      p.bareSegments?.[p.bareSegments.length - 1] ?? (p.wrapper ? (p.segments?.[0] ?? "").replace(/: $/, "") : "");
    const label = head.trim();
    // One word (`error: {}`) is what a person writes too ("error: none so far"): labels have two or more.
    const words = label.split(/\s+/).length;
    if (label.length >= 4 && label.length <= 60 && !label.includes("\n") && words >= 2 && words <= 6) {
      out.add(label.toLowerCase());
    }
  }
  return out;
}
