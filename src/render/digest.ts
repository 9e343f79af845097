import type { RecordStat } from "../report/stats.ts";
import type { WeeklyDigest } from "../report/weekly.ts";
import { escapeMrkdwn, formatChange, oneLine, plural, sparkline, truncate } from "./digest-format.ts";

/** The weekly digest as a Slack message (Block Kit + fallback text) and as terminal text (pure). */

export interface DigestMessage {
  text: string;
  blocks: DigestBlock[];
}

export type DigestBlock =
  | { type: "header"; text: { type: "plain_text"; text: string; emoji: boolean } }
  | { type: "section"; text: { type: "mrkdwn"; text: string } }
  | { type: "context"; elements: { type: "mrkdwn"; text: string }[] }
  | { type: "divider" };

export const DIGEST_LIMITS = { blocks: 50, section: 3000, header: 150, context: 2000 } as const;

const header = (text: string): DigestBlock => ({
  type: "header",
  text: { type: "plain_text", text: truncate(text, DIGEST_LIMITS.header), emoji: true },
});
const context = (text: string): DigestBlock => ({
  type: "context",
  elements: [{ type: "mrkdwn", text: truncate(text, DIGEST_LIMITS.context) }],
});

/** A titled list in one section; lines that would pass the 3000-char limit become "… and N more". */
function listSection(title: string, lines: string[]): DigestBlock {
  let text = `*${title}*`;
  for (let i = 0; i < lines.length; i++) {
    const more = `\n_… and ${lines.length - i} more_`;
    if (text.length + 1 + (lines[i] ?? "").length + more.length > DIGEST_LIMITS.section) {
      text += more;
      break;
    }
    text += `\n${lines[i]}`;
  }
  return { type: "section", text: { type: "mrkdwn", text } };
}

/** Record titles come from the catalog and examples from users: cut, then escaped. */
function title(r: Pick<RecordStat, "recordId" | "title" | "slug">, max = 150): string {
  return escapeMrkdwn(truncate(oneLine(r.title ?? r.recordId), max));
}

function code(text: string, max: number): string {
  return `\`${escapeMrkdwn(truncate(oneLine(text).replace(/`/g, "ˋ"), max))}\``;
}

function summary(d: WeeklyDigest): string {
  const vs =
    d.change === null
      ? `nothing the week before`
      : `${formatChange(d.change)} against ${d.previousTotal} the week before`;
  return `${plural(d.total, "error")} (${vs}) in ${plural(d.channels, "channel")}; ${d.matched} matched, ${d.unmatchedTotal} unmatched`;
}

export function renderDigestMessage(d: WeeklyDigest): DigestMessage {
  const blocks: DigestBlock[] = [
    header(`RisingWave errors: weekly digest ${d.periodKey}`),
    context(escapeMrkdwn(d.period.label)),
    {
      type: "section",
      text: { type: "mrkdwn", text: `*${escapeMrkdwn(summary(d))}*\n${sparkline(d.daily)}  _per day_` },
    },
    { type: "divider" },
  ];
  blocks.push(
    d.top.length === 0
      ? listSection("Top errors", ["_No matched errors this week._"])
      : listSection(
          `Top ${d.top.length} errors`,
          d.top.map((r, i) => `${i + 1}. *${r.count}* ${formatChange(r.change)} ${sparkline(r.daily)}  ${title(r)}`),
        ),
  );
  if (d.newThisPeriod.length > 0) {
    blocks.push(
      listSection(
        "New this week",
        d.newThisPeriod.map((r) => `• ${title(r)} (${plural(r.count, "time")}, ${plural(r.channels, "channel")})`),
      ),
    );
  }
  if (d.unmatched.length > 0) {
    blocks.push(
      listSection(
        "Not in the knowledge base (top unmatched)",
        d.unmatched.map(
          (u) => `• *${u.count}* ${formatChange(u.change)} ${code(u.template, 200)}\n   e.g. ${code(u.example, 300)}`,
        ),
      ),
    );
  }
  if (d.notHelpful.length > 0) {
    blocks.push(
      listSection(
        "Marked Not helpful",
        d.notHelpful.map(
          (f) => `• ${title(f)}: ${plural(f.notHelpful, "Not helpful vote")}, ${plural(f.helpful, "Helpful vote")}`,
        ),
      ),
    );
  }
  blocks.push(
    context("Counts every pasted or auto-detected error once per message. `rwerror report` has the full table."),
  );
  return {
    text: `RisingWave errors, weekly digest ${d.periodKey}: ${summary(d)}`,
    blocks: blocks.slice(0, DIGEST_LIMITS.blocks),
  };
}

export function renderDigestText(d: WeeklyDigest): string {
  const out = [
    `RisingWave errors: weekly digest ${d.periodKey}`,
    d.period.label,
    "",
    summary(d),
    `${sparkline(d.daily)}  per day from ${d.days[0] ?? ""}`,
    "",
  ];
  out.push("Top errors:");
  if (d.top.length === 0) out.push("  No matched errors this week.");
  d.top.forEach((r, i) => {
    out.push(
      `  ${String(i + 1).padStart(2)}. ${String(r.count).padStart(5)}  ${formatChange(r.change).padEnd(7)} ${sparkline(r.daily)}  ${truncate(oneLine(r.title ?? r.recordId), 100)}`,
    );
  });
  out.push("", "New this week:");
  if (d.newThisPeriod.length === 0) out.push("  none");
  for (const r of d.newThisPeriod)
    out.push(`  • ${truncate(oneLine(r.title ?? r.recordId), 100)} (${plural(r.count, "time")})`);
  out.push("", "Not in the knowledge base (top unmatched):");
  if (d.unmatched.length === 0) out.push("  none");
  for (const u of d.unmatched) {
    out.push(
      `  • ${String(u.count).padStart(5)}  ${formatChange(u.change).padEnd(7)} ${truncate(oneLine(u.template), 120)}`,
    );
    out.push(`           e.g. ${truncate(oneLine(u.example), 160)}`);
  }
  out.push("", "Marked Not helpful:");
  if (d.notHelpful.length === 0) out.push("  none");
  for (const f of d.notHelpful) {
    out.push(`  • ${truncate(oneLine(f.title ?? f.recordId), 100)}: ${f.notHelpful} not helpful, ${f.helpful} helpful`);
  }
  return `${out.join("\n")}\n`;
}
