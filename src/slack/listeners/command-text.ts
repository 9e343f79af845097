import { unescapeSlack } from "../../answer/index.ts";
import { looksLikeError } from "../../matcher/index.ts";

/** What `/rwerror <text>` asks for. Subcommands are one short line; a few keywords are a search; anything else is a paste. */
export type CommandRequest =
  | { kind: "modal" }
  | { kind: "help" }
  | { kind: "show"; key: string }
  | { kind: "search"; query: string }
  | { kind: "stats"; days: number }
  | { kind: "mute"; key: string; forMs: number; label: string }
  | { kind: "mutes" }
  | { kind: "unmute"; key: string }
  | { kind: "didYouMean"; command: Subcommand }
  | { kind: "paste"; text: string };

export const SUBCOMMANDS = ["help", "show", "search", "stats", "mute", "mutes", "unmute"] as const;
export type Subcommand = (typeof SUBCOMMANDS)[number];
/** At most this many words, with no `:` chain and no error wording, is a keyword lookup, not a paste. */
const MAX_KEYWORD_WORDS = 4;

const MAX_SUBCOMMAND_CHARS = 200;
const MAX_STATS_DAYS = 365;
const DEFAULT_MUTE = { ms: 24 * 3_600_000, label: "24h" };
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** `90d`, `90` → 90 (days, 1…365); anything else undefined. */
function parseDays(arg: string): number | undefined {
  const m = /^(\d{1,3})\s*d?$/i.exec(arg);
  const n = m ? Number(m[1]) : Number.NaN;
  return n >= 1 && n <= MAX_STATS_DAYS ? n : undefined;
}

/** `24h`, `30m`, `7d`, `2w` → ms (at most 90 days). */
export function parseDuration(arg: string): { ms: number; label: string } | undefined {
  const m = /^(\d{1,4})\s*(m|min|h|hr|hours?|d|days?|w|weeks?)$/i.exec(arg.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? "h").toLowerCase()[0] ?? "h";
  const ms = Number(m[1]) * (UNIT_MS[unit] ?? 0);
  if (ms <= 0 || ms > 90 * 86_400_000) return undefined;
  return { ms, label: `${m[1]}${unit}` };
}

export function parseCommandText(raw: string): CommandRequest {
  const text = raw.trim();
  if (text === "") return { kind: "modal" };
  if (text.includes("\n") || text.length > MAX_SUBCOMMAND_CHARS) return { kind: "paste", text: raw };
  const [first = "", ...rest] = text.split(/\s+/);
  const word = first.toLowerCase();
  const args = rest.join(" ");
  if ((word === "help" || word === "?") && rest.length === 0) return { kind: "help" };
  if (word === "show" && rest.length === 1) return { kind: "show", key: args };
  if (word === "search" && rest.length > 0) return { kind: "search", query: args };
  if (word === "stats") {
    if (rest.length === 0) return { kind: "stats", days: 7 };
    const days = rest.length === 1 ? parseDays(args) : undefined;
    if (days !== undefined) return { kind: "stats", days };
  }
  if (word === "mutes" && rest.length === 0) return { kind: "mutes" };
  if (word === "unmute" && rest.length === 1) return { kind: "unmute", key: args };
  if (word === "mute" && rest.length >= 1) {
    const [key = "", ...more] = rest;
    if (more.length === 0) return { kind: "mute", key, forMs: DEFAULT_MUTE.ms, label: DEFAULT_MUTE.label };
    const dur = more[0]?.toLowerCase() === "for" ? parseDuration(more.slice(1).join("")) : undefined;
    if (dur) return { kind: "mute", key, forMs: dur.ms, label: dur.label };
  }
  if (rest.length === 0) {
    const near = nearSubcommand(word);
    if (near) return { kind: "didYouMean", command: near };
  }
  if (!(SUBCOMMANDS as readonly string[]).includes(word) && isKeywords(text)) return { kind: "search", query: text };
  return { kind: "paste", text: raw };
}

/** A few words that are not an error: no `:` chain, no panic, and the matcher's detector says no. */
function isKeywords(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length <= MAX_KEYWORD_WORDS && !/[:]|panicked/i.test(text) && !looksLikeError(unescapeSlack(text));
}

/**
 * The subcommand a mistyped word most likely meant (`helo`, `serch`, `shwo`): edit distance (a swap of two
 * neighbours counts once) at most 2, and at most 1 for words of four letters or fewer, so that a short real
 * keyword (`meta`) is searched rather than taken for `mute`.
 */
export function nearSubcommand(word: string): Subcommand | undefined {
  if (word.length < 3 || (SUBCOMMANDS as readonly string[]).includes(word)) return undefined;
  const limit = word.length <= 4 ? 1 : 2;
  let best: { cmd: Subcommand; d: number } | undefined;
  for (const cmd of SUBCOMMANDS) {
    const d = editDistance(word, cmd);
    if (d <= limit && (!best || d < best.d)) best = { cmd, d };
  }
  return best?.cmd;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}
