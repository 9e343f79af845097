/** What `/rwerror <text>` asks for. Subcommands are one short line; anything else is a paste. */
export type CommandRequest =
  | { kind: "modal" }
  | { kind: "help" }
  | { kind: "show"; key: string }
  | { kind: "search"; query: string }
  | { kind: "stats"; days: number }
  | { kind: "mute"; key: string; forMs: number; label: string }
  | { kind: "mutes" }
  | { kind: "paste"; text: string };

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
  if (word === "mute" && rest.length >= 1) {
    const [key = "", ...more] = rest;
    if (more.length === 0) return { kind: "mute", key, forMs: DEFAULT_MUTE.ms, label: DEFAULT_MUTE.label };
    const dur = more[0]?.toLowerCase() === "for" ? parseDuration(more.slice(1).join("")) : undefined;
    if (dur) return { kind: "mute", key, forMs: dur.ms, label: dur.label };
  }
  return { kind: "paste", text: raw };
}
