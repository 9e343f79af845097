/** One-line pieces a card, the details modal and the terminal share: seen before, team notes, where raised. */

import { relativeTime, slackDate, utcMinute, whenSeen } from "./dates.ts";
import { readableText } from "./debug-values.ts";
import type { CardModel, SeenBefore, TeamNote } from "./model.ts";
import { cutWords, escapeText, inlineCode, link, safeText, truncate } from "./mrkdwn.ts";
import { addedWords, changedWords } from "./record-facts.ts";

export const SEVERITY_EMOJI: Record<string, string> = {
  critical: ":rotating_light:",
  error: ":red_circle:",
  warning: ":warning:",
  info: ":information_source:",
};

export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** `Nov 27`: short enough for a card's one-line history. */
export const shortDay = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};

export function times(n: number): string {
  return n === 1 ? "once" : n === 2 ? "twice" : `${n} times`;
}

/** `src/meta/src/stream/scale.rs:930` linked to the source (a bare `mod.rs` says nothing). */
export function sourceLabel(model: CardModel): string | null {
  if (!model.source) return null;
  const where = model.source.line ? `${model.source.path}:${model.source.line}` : model.source.path;
  return link(model.source.url, where);
}

/** "raised in *meta* · `ScaleController::reschedule` · src/meta/src/stream/scale.rs:930" (the path linked). */
export function raisedInLine(model: CardModel): string | null {
  const parts: string[] = [];
  if (model.facts.component) parts.push(`*${escapeText(model.facts.component)}*`);
  if (model.facts.fn) parts.push(inlineCode(model.facts.fn, 80));
  const src = sourceLabel(model);
  if (src) parts.push(src);
  return parts.length > 0 ? `raised in ${parts.join(" · ")}` : null;
}

/** "added in v1.4 (#12345) · changed in v2.1 by #23456 “subject”", the PRs linked; null when unknown. */
export function historyLine(model: CardModel): string | null {
  const { added, changed } = model.facts;
  const parts: string[] = [];
  if (added) {
    const words = escapeText(addedWords(added));
    parts.push(added.pr && added.url ? words.replace(`#${added.pr}`, link(added.url, `#${added.pr}`)) : words);
  }
  if (changed) {
    const words = escapeText(changedWords(changed));
    parts.push(
      changed.pr && changed.url ? words.replace(`#${changed.pr}`, link(changed.url, `#${changed.pr}`)) : words,
    );
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/**
 * A wrapper without its long parentheticals, except the RPC it names: `(call /ddl_service.DdlService/AlterParallelism)`
 * says which request failed, which an on-call engineer needs.
 */
export function withoutDetail(layer: string): string {
  return layer.replace(/\s*\(([^()]{20,200})\)/g, (all, inner: string) => (/^call\s/.test(inner) ? all : "")).trim();
}

/** "inside: Failed to run the query › gRPC request to meta failed", or the deeper root cause. */
export function chainLine(model: CardModel, perLayer = 70): string | null {
  const parts: string[] = [];
  if (model.wrappers.length > 0) {
    parts.push(
      `inside: ${model.wrappers.map((w) => escapeText(cutWords(readableText(withoutDetail(w)), perLayer))).join(" › ")}`,
    );
  }
  if (model.deeper) parts.push(`root cause below it: ${safeText(model.deeper.split("\n")[0] ?? "", perLayer * 2)}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

export function capturesLine(model: CardModel): string | null {
  const labelled = model.captures.filter((c) => c.label !== null);
  if (labelled.length === 0) return null;
  return labelled
    .map((c) => `${escapeText(c.label ?? "")}: *${escapeText(cutWords(readableText(c.value), 80))}*`)
    .join(" · ");
}

export function seenLine(seen: SeenBefore | null, mrkdwn = true, notASighting = false, now?: number): string {
  if (!seen || seen.count === 0) {
    // A lookup or a candidate is no sighting: nothing was recorded, so "first time" would be wrong.
    if (notASighting) return "rwerror has not answered this error in a paste yet.";
    return mrkdwn ? ":new: First time rwerror has seen this error." : "First time rwerror has seen this error.";
  }
  const channels =
    seen.channels.length === 0
      ? ""
      : ` in ${seen.channels
          .slice(0, 3)
          .map((c) => (mrkdwn ? `<#${c}>` : `#${c}`))
          .join(", ")}${seen.channels.length > 3 ? ` and ${seen.channels.length - 3} more` : ""}`;
  // Each reader's own time zone (Slack date tokens), and how long ago when the clock is known.
  const last = whenSeen(seen.lastAt, now, mrkdwn);
  const span =
    seen.count === 1 || seen.firstAt === seen.lastAt
      ? `, ${last}`
      : ` · last ${last}, first ${mrkdwn ? slackDate(seen.firstAt, "{date_short_pretty}") : utcMinute(seen.firstAt)}`;
  const threads = seen.threads.slice(0, 3).map((t) => {
    const when = now === undefined ? shortDay(t.at) : relativeTime(t.at, now);
    const label = `${when}${t.helpful ? " ✓ helpful" : t.noted ? " ✎ noted" : ""}`;
    return mrkdwn ? link(t.url, label) : `${label} ${t.url}`;
  });
  const head = `Seen ${times(seen.count)}${channels}${span}`;
  const tail = threads.length > 0 ? ` · earlier threads: ${threads.join(", ")}` : "";
  return mrkdwn ? `:eyes: ${head}${tail}` : `${head}${tail}`;
}

/** "text (link) — @who, Dec 2": who wrote a note and when, in the reader's time zone. */
export function noteLine(note: TeamNote, mrkdwn = true, max = 200): string {
  const text = mrkdwn ? escapeText(cutWords(note.text, max)) : cutWords(note.text, max);
  const more = note.link ? (mrkdwn ? ` (${link(note.link, "link")})` : ` (${note.link})`) : "";
  const when = mrkdwn ? slackDate(note.at, "{date_short_pretty}") : day(note.at);
  return `${text}${more} — ${mrkdwn ? `<@${note.userId}>` : note.userId}, ${when}`;
}

/**
 * The matcher's note without the range the line already gives: "releases v2.3–v2.4.4 · this wording is
 * from v2.3–v2.4.4" says the range twice and not what matters, that newer releases word it otherwise.
 */
function noteWithoutRange(note: string, releases: string | undefined): string {
  const range = releases?.split(" · ")[0];
  if (!range) return note;
  const same = `this wording is from ${range}`;
  if (note === same) return "not printed by the newest release";
  // "…; in main the same error reads "…"" says it already.
  if (note.startsWith(`${same}; in `)) return note.slice(same.length + 2);
  return note;
}

/** Release range, rewording, third-party context and panic site (issue 10's facts): one line, or null. */
export function releaseLine(model: CardModel): string | null {
  const r = model.releaseLines;
  const parts: string[] = [];
  // The third-party context is often the wrapper the chain line already shows.
  if (r.context && !model.wrappers.some((w) => w.trim() === r.context?.trim())) {
    parts.push(`while: ${escapeText(r.context)}`);
  }
  if (r.panic) parts.push(link(r.panic.url, r.panic.label));
  if (r.releases) parts.push(`releases ${escapeText(r.releases)}`);
  const note = r.note ? noteWithoutRange(r.note, r.releases) : null;
  if (note) parts.push(`_${escapeText(note)}_`);
  if (r.successor) parts.push(`newest wording: ${link(r.successor.url, r.successor.message)}`);
  return parts.length > 0 ? truncate(parts.join(" · "), 900) : null;
}
