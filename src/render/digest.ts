import type { RecordStat } from "../report/stats.ts";
import type { WeeklyDigest } from "../report/weekly.ts";
import { isoWeekOf } from "../report/zoned-time.ts";
import type { Block } from "./blocks.ts";
import { escapeMrkdwn, formatChange, oneLine, plural, sparkline, truncate } from "./digest-format.ts";
import { link } from "./mrkdwn.ts";
import { fillTemplate, listTitle } from "./template.ts";
import { itemWithShow } from "./views.ts";

/** The weekly digest as a Slack message (Block Kit + fallback text) and as terminal text (pure). */

export interface DigestMessage {
  text: string;
  blocks: DigestBlock[];
}

export type DigestBlock = Block;

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
function listSectionOf(title: string, lines: string[], max: number = DIGEST_LIMITS.section): DigestBlock {
  let text = `*${title}*`;
  for (let i = 0; i < lines.length; i++) {
    const more = `\n_… and ${lines.length - i} more_`;
    if (text.length + 1 + (lines[i] ?? "").length + more.length > max) {
      text += more;
      break;
    }
    text += `\n${lines[i]}`;
  }
  return { type: "section", text: { type: "mrkdwn", text } };
}

/** Record titles come from the catalog and examples from users: holes shown as "…", cut, then escaped. */
function title(r: Pick<RecordStat, "recordId" | "title" | "slug">, max = 150): string {
  const named = r.title ? listTitle({ errorMessage: r.title, slug: r.slug ?? "" }) : r.recordId;
  return escapeMrkdwn(truncate(oneLine(named), max));
}

/** The ISO week the digest covers (it is filed under the week after, when it runs). */
export function coveredWeek(d: Pick<WeeklyDigest, "period">): string {
  // The week holding most of the period: a Monday 09:00 run covers the Monday-to-Monday before it.
  return isoWeekOf(d.period.from + (d.period.to - d.period.from) / 2, d.period.tz).key;
}

function code(text: string, max: number): string {
  // A pasted fence (```sql) is markup, not text: dropped, never shown as ˋˋˋ.
  const plain = oneLine(text.replace(/`{3,}[\w-]*/g, " ")).replace(/`/g, "ˋ");
  return `\`${escapeMrkdwn(truncate(plain, max))}\``;
}

function summary(d: WeeklyDigest): string {
  const vs =
    d.change === null
      ? `nothing the week before`
      : `${formatChange(d.change)} against ${d.previousTotal} the week before`;
  return `${plural(d.total, "error")} (${vs}) in ${plural(d.channels, "channel")}; ${d.matched} matched, ${d.unmatchedTotal} unmatched`;
}

/** Slack refuses messages past about 13,000 characters of blocks even within every other limit. */
const MESSAGE_BUDGET = 12_000;

export function renderDigestMessage(d: WeeklyDigest): DigestMessage {
  let message = buildDigestMessage(d, DIGEST_LIMITS.section, 100);
  for (const [section, titles] of [
    [1500, 80],
    [800, 60],
    [400, 40],
  ] as const) {
    if (JSON.stringify(message.blocks).length <= MESSAGE_BUDGET) break;
    message = buildDigestMessage(d, section, titles);
  }
  return message;
}

function buildDigestMessage(d: WeeklyDigest, maxSection: number, maxTitle: number): DigestMessage {
  const listSection = (title: string, lines: string[]) => listSectionOf(title, lines, maxSection);
  const blocks: DigestBlock[] = [
    header(`RisingWave errors: weekly digest ${coveredWeek(d)}`),
    context(escapeMrkdwn(d.period.label)),
    {
      type: "section",
      text: { type: "mrkdwn", text: `*${escapeMrkdwn(summary(d))}*\n${sparkline(d.daily)}  _per day_` },
    },
    { type: "divider" },
  ];
  if (d.top.length === 0) blocks.push(listSection("Top errors", ["_No matched errors this week._"]));
  else {
    // One section per error, each with a Show button: the card is one click away, never a bare id.
    blocks.push({ type: "section", text: { type: "mrkdwn", text: `*Top ${d.top.length} errors*` } });
    d.top.slice(0, 10).forEach((r, i) => {
      blocks.push(
        itemWithShow(
          `${i + 1}. *${r.count}* ${formatChange(r.change)} ${sparkline(r.daily)}  ${title(r, maxTitle)}`,
          r.recordId,
          i,
        ),
      );
    });
  }
  // The top list already marks its new errors; the first week counted everything is new, said once.
  const inTop = new Set(d.top.map((r) => r.recordId));
  const newOnes = d.newThisPeriod.filter((r) => !inTop.has(r.recordId));
  if (d.previousTotal === 0 && d.total > 0) {
    blocks.push(context("_The first week rwerror counted: every error above is new, nothing to compare yet._"));
  } else if (newOnes.length > 0) {
    blocks.push(
      listSection(
        "Also new this week",
        newOnes.map((r) => `• ${title(r)} (${plural(r.count, "time")}, ${plural(r.channels, "channel")})`),
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
  if (d.notes.length > 0) {
    blocks.push(
      listSection(
        "Team notes (what fixed it)",
        d.notes.map(
          (n) =>
            `• ${title({ recordId: n.recordId, title: n.title, slug: null }, 100)}: ${escapeMrkdwn(truncate(oneLine(n.text), 300))}${n.link ? ` (${link(n.link, "link")})` : ""} — <@${n.userId}>`,
        ),
      ),
    );
  }
  if (d.gaps.length > 0) {
    blocks.push(
      listSection(
        "Reported as new errors (gaps in the knowledge base)",
        d.gaps.map((g) => `• *${g.reports}×* ${code(g.template, 200)} (${plural(g.reporters, "reporter")})`),
      ),
    );
  }
  blocks.push(
    context(
      "Counted: pasted or auto-detected errors, once per message and error, against a record only when the answer was confident; lookups (search, show, keyword queries) are not counted. `rwerror report` has the full table.",
    ),
  );
  return {
    text: `RisingWave errors, weekly digest ${coveredWeek(d)}: ${summary(d)}`,
    blocks: blocks.slice(0, DIGEST_LIMITS.blocks),
  };
}

export function renderDigestText(d: WeeklyDigest): string {
  const out = [
    `RisingWave errors: weekly digest ${coveredWeek(d)}`,
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
      `  ${String(i + 1).padStart(2)}. ${String(r.count).padStart(5)}  ${formatChange(r.change).padEnd(7)} ${sparkline(r.daily)}  ${truncate(oneLine(r.title ? fillTemplate(r.title, []) : r.recordId), 100)}  (${r.slug ?? r.recordId})`,
    );
  });
  out.push("", "New this week:");
  if (d.newThisPeriod.length === 0) out.push("  none");
  for (const r of d.newThisPeriod)
    out.push(
      `  • ${truncate(oneLine(r.title ? fillTemplate(r.title, []) : r.recordId), 100)} (${plural(r.count, "time")})`,
    );
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
    out.push(
      `  • ${truncate(oneLine(f.title ? fillTemplate(f.title, []) : f.recordId), 100)}: ${f.notHelpful} not helpful, ${f.helpful} helpful`,
    );
  }
  out.push("", "Team notes (what fixed it):");
  if (d.notes.length === 0) out.push("  none");
  for (const n of d.notes) {
    out.push(
      `  • ${truncate(oneLine(n.title ? fillTemplate(n.title, []) : n.recordId), 80)}: ${truncate(oneLine(n.text), 200)}${n.link ? ` (${n.link})` : ""} — ${n.userId}`,
    );
  }
  out.push("", "Reported as new errors:");
  if (d.gaps.length === 0) out.push("  none");
  for (const g of d.gaps) out.push(`  • ${String(g.reports).padStart(5)}  ${truncate(oneLine(g.template), 120)}`);
  return `${out.join("\n")}\n`;
}
