/** Short command replies: help, show, search, stats, mutes. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match } from "../matcher/types.ts";
import { type AnswerOptions, renderRecordCard } from "./answer.ts";
import { type Block, context, type SlackMessage, section } from "./blocks.ts";
import { escapeText, inlineCode, safeText } from "./mrkdwn.ts";
import { filledTitle } from "./template.ts";
import { type HomeStatsRow, itemWithShow } from "./views.ts";

export function renderHelp(): SlackMessage {
  const text =
    "*rwerror* explains RisingWave errors.\n" +
    "• `/rwerror <paste>`: the best matching record for an error, log line or panic\n" +
    "• `/rwerror`: opens a box for long pastes\n" +
    "• `/rwerror search <words>`: top 5 records for keywords\n" +
    "• `/rwerror show <id|slug>`: one record\n" +
    "• `/rwerror stats [7d|30d|90d]`: the errors that hurt most\n" +
    "• `/rwerror mute <id|slug|last> [for 24h]`: no auto-replies for that error in this channel (announced there); `/rwerror unmute <id|slug|last>` lifts it; `/rwerror mutes` lists them\n" +
    "• `@rwerror` in a thread: explains the thread's first error\n" +
    "• `/rwerror help`: this message";
  // `<paste>` would be read as a Slack link: the static text is escaped like any other.
  return {
    text: "rwerror: /rwerror <paste>, search <words>, show <id>, stats [7d|30d|90d], mute, unmute, mutes, help",
    blocks: [section(escapeText(text))],
  };
}

const USAGE: Record<string, string> = {
  help: "/rwerror help",
  show: "/rwerror show <id|slug>",
  search: "/rwerror search <words>",
  stats: "/rwerror stats [7d|30d|90d]",
  mute: "/rwerror mute <id|slug|last> [for 24h]",
  mutes: "/rwerror mutes",
  unmute: "/rwerror unmute <id|slug|last>",
};

/** `/rwerror helo`: a word close to a subcommand is a typo, answered with that command and the help text. */
export function renderDidYouMean(command: string): SlackMessage {
  const usage = USAGE[command] ?? `/rwerror ${command}`;
  const help = renderHelp();
  return {
    text: `Did you mean ${usage}?`,
    blocks: [section(`Did you mean \`${escapeText(usage)}\`?`), ...help.blocks],
  };
}

/** `/rwerror show <id|slug>`. */
export function renderRecord(
  record: ErrorRecord | undefined,
  key: string,
  opts: AnswerOptions = { ephemeral: true },
): SlackMessage {
  if (!record) {
    const text = `No record with id or slug ${inlineCode(key, 120)}. Try \`/rwerror search &lt;words&gt;\`.`;
    return { text: `No record with id or slug ${key.slice(0, 120)}.`, blocks: [section(text)] };
  }
  return renderRecordCard(record, opts);
}

export function renderSearchResults(query: string, matches: readonly Match[]): SlackMessage {
  if (matches.length === 0) {
    const text = `Nothing in the knowledge base matches ${inlineCode(query, 200)}. Try fewer or other words, or paste the whole error.`;
    return { text: `Nothing matches ${query.slice(0, 200)}.`, blocks: [section(text)] };
  }
  const blocks: Block[] = [section(`*Search:* ${safeText(query, 200)}`)];
  matches.slice(0, 5).forEach((m, i) => {
    const analysed = m.record.documentation?.trim() || m.record.solutions.length > 0 ? "" : " · no analysis yet";
    blocks.push(
      itemWithShow(
        `${i + 1}. *${safeText(filledTitle(m.record, m.captures), 250)}*\n${safeText(m.record.severity, 20)} · ${inlineCode(m.record.slug, 60)}${analysed}`,
        m.record.id,
        i,
      ),
    );
  });
  return { text: `${matches.length} records for "${query.slice(0, 100)}"`, blocks };
}

export function renderStats(rows: readonly HomeStatsRow[], label: string): SlackMessage {
  if (rows.length === 0) {
    return {
      text: `No errors recorded in ${label}.`,
      blocks: [section(`No errors recorded in ${safeText(label, 100)}.`)],
    };
  }
  const blocks: Block[] = [section(`*Top errors, ${safeText(label, 100)}*`)];
  rows.slice(0, 10).forEach((r, i) => {
    blocks.push(itemWithShow(`${i + 1}. *${r.count}×* ${safeText(r.title, 200)}`, r.recordId, i));
  });
  blocks.push(
    context(["Counted: pasted or auto-detected errors, one per message and error; lookups are not counted."]),
  );
  return { text: `Top errors, ${label}`, blocks };
}

export function renderPlain(text: string): SlackMessage {
  return { text: text.replace(/[*`_]/g, ""), blocks: [section(text)] };
}
