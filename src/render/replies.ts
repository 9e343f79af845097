/** Short command replies: help, show, search, stats. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match } from "../matcher/types.ts";
import { context, type SlackMessage, section } from "./blocks.ts";
import { cardBlocks, cardFallback } from "./card.ts";
import { escapeText, inlineCode, safeText, truncate } from "./mrkdwn.ts";
import type { HomeStatsRow } from "./views.ts";

export function renderHelp(): SlackMessage {
  const text =
    "*rwerror* explains RisingWave errors.\n" +
    "• `/rwerror <paste>`: the best matching record for an error, log line or panic\n" +
    "• `/rwerror`: opens a box for long pastes\n" +
    "• `/rwerror search <words>`: top 5 records for keywords\n" +
    "• `/rwerror show <id|slug>`: one record\n" +
    "• `/rwerror stats [7d|30d]`: the errors that hurt most\n" +
    "• `/rwerror help`: this message";
  return {
    text: "rwerror: /rwerror <paste>, search <words>, show <id>, stats [7d|30d], help",
    blocks: [section(text)],
  };
}

/** `/rwerror show <id|slug>`. */
export function renderRecord(record: ErrorRecord | undefined, key: string, opts = { ephemeral: true }): SlackMessage {
  if (!record) {
    const text = `No record with id or slug ${inlineCode(key, 120)}. Try \`/rwerror search <words>\`.`;
    return { text: `No record with id or slug ${key.slice(0, 120)}.`, blocks: [section(text)] };
  }
  const facts = { kind: "exact" as const, confidence: 1, captures: [] };
  return { text: cardFallback(record, facts), blocks: cardBlocks(record, facts, opts) };
}

export function renderSearchResults(query: string, matches: readonly Match[]): SlackMessage {
  if (matches.length === 0) {
    const text = `Nothing in the knowledge base matches ${inlineCode(query, 200)}.`;
    return { text: `Nothing matches ${query.slice(0, 200)}.`, blocks: [section(text)] };
  }
  const lines = matches
    .slice(0, 5)
    .map(
      (m, i) =>
        `${i + 1}. *${safeText(m.record.errorMessage.split("\n")[0] ?? "", 250)}*\n      ${inlineCode(m.record.id, 40)} · ${escapeText(m.record.severity)} · ${Math.round(m.confidence * 100)}%`,
    );
  return {
    text: `${matches.length} records for "${query.slice(0, 100)}"`,
    blocks: [
      section(`*Search:* ${safeText(query, 200)}\n${truncate(lines.join("\n"), 2700)}`),
      context(["`/rwerror show <id>` for the full record"]),
    ],
  };
}

export function renderStats(rows: readonly HomeStatsRow[], label: string): SlackMessage {
  if (rows.length === 0) {
    return {
      text: `No errors recorded in ${label}.`,
      blocks: [section(`No errors recorded in ${escapeText(label)}.`)],
    };
  }
  const lines = rows
    .slice(0, 10)
    .map(
      (r, i) => `${i + 1}. *${r.count}×* ${safeText(r.title, 200)}${r.recordId ? ` (${escapeText(r.recordId)})` : ""}`,
    );
  return {
    text: `Top errors, ${label}`,
    blocks: [section(`*Top errors, ${escapeText(label)}*\n${truncate(lines.join("\n"), 2800)}`)],
  };
}
