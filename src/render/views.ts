/** Modals and the App Home tab. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { CardRef } from "./actions.ts";
import { ACTION, VIEW } from "./actions.ts";
import { type Block, button, context, divider, header, LIMITS, plain, section, type View } from "./blocks.ts";
import { factsFromRef } from "./card.ts";
import {
  capturesLine,
  chainLine,
  historyLine,
  noteLine,
  raisedInLine,
  releaseLine,
  SEVERITY_EMOJI,
  seenLine,
} from "./card-lines.ts";
import { type MuteRow, muteBlocks } from "./channel-controls.ts";
import { type CardContext, type CardModel, cardModel, type MatchFacts } from "./model.ts";
import { codeBlock, escapeText, link, safeText, truncate } from "./mrkdwn.ts";
import { filledTitle } from "./template.ts";

function titled(title: string, body: string | null | undefined, asCode = false): Block[] {
  if (!body?.trim()) return [];
  const max = LIMITS.sectionText - title.length - 4;
  return [section(`*${title}*\n${asCode ? codeBlock(body, max) : safeText(body, max)}`)];
}

function listed(title: string, items: readonly string[]): Block[] {
  if (items.length === 0) return [];
  return [section(`*${title}*\n${truncate(items.map((t, i) => `${i + 1}. ${escapeText(t)}`).join("\n"), 2900)}`)];
}

/** "RisingWave's own tests raise it with: …": the SQL of its test files, each linked to its line. */
function testSqlBlocks(model: CardModel): Block[] {
  const examples = model.facts.examples;
  if (examples.length === 0) return [];
  const per = Math.floor((LIMITS.sectionText - 200) / examples.length) - 60;
  const body = examples.map((e) => `${codeBlock(e.sql, per)}${link(e.url, e.source, 120)}`).join("\n");
  return [section(`*RisingWave's own tests raise it with:*\n${body}`)];
}

/** The catalog's error types in a reader's words (`third_party` and `error_code` are field values, not words). */
const ERROR_TYPE_WORDS: Record<string, string> = {
  error_code: "a RisingWave error",
  panic: "a panic",
  log: "a log message",
  third_party: "a message of a library or server RisingWave uses",
};

export function errorTypeWords(errorType: string): string {
  return ERROR_TYPE_WORDS[errorType] ?? errorType.replace(/_/g, " ");
}

/** Everything the record knows, for "Show details": the error as pasted, then every analysis field. */
export function renderDetailsView(
  record: ErrorRecord,
  ref?: CardRef,
  ctx: CardContext = {},
  found: Pick<MatchFacts, "release" | "context" | "panicSite"> = {},
): View {
  const fromRef = ref
    ? factsFromRef(ref)
    : { facts: { kind: "exact" as const, confidence: 1, captures: [], standing: "lookup" as const }, wrappers: [] };
  const facts: MatchFacts = { ...fromRef.facts, ...found };
  const wrappers = fromRef.wrappers;
  const model = cardModel(record, facts, { wrappers, ...ctx });
  const emoji = SEVERITY_EMOJI[model.severity] ?? ":grey_question:";
  const meta = [`${emoji} *${escapeText(model.severity)}* · ${escapeText(errorTypeWords(model.errorType))}`];
  const raised = raisedInLine(model);
  if (raised) meta.push(raised);
  const history = historyLine(model);
  if (history) meta.push(history);
  const chain = chainLine(model);
  const captures = capturesLine(model);
  const release = releaseLine(model);
  const blocks: Block[] = [
    header(model.title),
    context([
      meta.join(" · "),
      ...(chain ? [chain] : []),
      ...(captures ? [captures] : []),
      ...(release ? [release] : []),
    ]),
    section(`*Error*\n${codeBlock(model.error, 1200)}`),
    ...(model.analysed ? [] : [section("_No analysis exists for this error yet._")]),
    ...titled("What it means", model.fullMeaning),
    ...listed("What to do", model.solutions),
    ...(model.notes.length > 0
      ? [section(`*Team notes*\n${truncate(model.notes.map((n) => `• ${noteLine(n, true, 400)}`).join("\n"), 2900)}`)]
      : []),
    context([seenLine(model.seen, true, model.standing !== "answer", model.now)]),
    divider(),
    ...titled("Example fix", model.exampleFix, true),
    ...listed("Prevention", model.preventionTips),
    ...titled("Trigger scenarios", record.triggerScenarios),
    ...titled("Common situations", record.commonSituations),
    ...titled("Validation code", record.validationCode, true),
    ...titled("Type guard", record.typeGuard, true),
    ...titled("Try/catch pattern", record.tryCatchPattern, true),
    ...testSqlBlocks(model),
    ...(model.excerpt ? titled(`Raised at line ${model.excerpt.line}`, model.excerpt.text, true) : []),
    ...titled(
      `Source${record.filePath ? ` (${record.filePath}:${record.sourceCodeStart ?? record.lineNumber ?? ""})` : ""}`,
      record.sourceCode,
      true,
    ),
    context([
      `${link(model.links.docs, "Search the docs")} · ${link(model.links.issues, "Search GitHub issues")} · ${link(model.links.newIssue, "Open a GitHub issue")} · record \`${escapeText(model.id)}\``,
    ]),
  ];
  return {
    type: "modal",
    callback_id: VIEW.details,
    title: plain("Error details", LIMITS.viewTitle),
    close: plain("Close", LIMITS.viewTitle),
    blocks: blocks.slice(0, LIMITS.viewBlocks),
  };
}

export interface NoteModalOptions {
  /** The card's captured values: the modal names the error as it happened, not its template. */
  captures?: readonly string[];
  /** Written from a private channel: the note stays there unless its author ticks *share*. */
  privateChannel?: boolean;
}

/** "Add what fixed it": a note on the record, with an optional link (runbook, PR, thread). */
export function renderNoteModal(record: ErrorRecord, privateMetadata: string, opts: NoteModalOptions = {}): View {
  const share: Block[] = opts.privateChannel
    ? [
        {
          type: "input",
          block_id: VIEW.noteShareBlock,
          optional: true,
          label: plain("Private channel", 2000),
          element: {
            type: "checkboxes",
            action_id: VIEW.noteShareAction,
            options: [
              {
                text: plain("Also show this note in other channels' cards and the weekly digest", 150),
                value: "share",
              },
            ],
          },
        },
      ]
    : [];
  return {
    type: "modal",
    callback_id: VIEW.noteModal,
    title: plain("Add what fixed it", LIMITS.viewTitle),
    submit: plain("Save note", LIMITS.viewTitle),
    close: plain("Cancel", LIMITS.viewTitle),
    private_metadata: privateMetadata.slice(0, LIMITS.privateMetadata),
    blocks: [
      context([
        opts.privateChannel
          ? `For *${safeText(filledTitle(record, opts.captures), 200)}*. Later cards of this error in this channel show the note; other channels only see it if you share it.`
          : `For *${safeText(filledTitle(record, opts.captures), 200)}*. Later cards of this error show the note, and the digest lists it.`,
      ]),
      {
        type: "input",
        block_id: VIEW.noteTextBlock,
        label: plain("What fixed it (or what you found)", 2000),
        element: {
          type: "plain_text_input",
          action_id: VIEW.noteTextAction,
          multiline: true,
          max_length: 1500,
          placeholder: plain("Restarted the compute node after the meta failover; see the runbook", 150),
        },
      },
      {
        type: "input",
        block_id: VIEW.noteLinkBlock,
        optional: true,
        label: plain("Link (runbook, PR, thread)", 2000),
        element: { type: "url_text_input", action_id: VIEW.noteLinkAction },
      },
      ...share,
    ],
  };
}

/** The multi-line input that `/rwerror` alone opens. */
export function renderPasteModal(privateMetadata = ""): View {
  return {
    type: "modal",
    callback_id: VIEW.pasteModal,
    title: plain("Explain an error", LIMITS.viewTitle),
    submit: plain("Explain", LIMITS.viewTitle),
    close: plain("Cancel", LIMITS.viewTitle),
    private_metadata: privateMetadata.slice(0, LIMITS.privateMetadata),
    blocks: [
      {
        type: "input",
        block_id: VIEW.pasteInputBlock,
        label: plain("Paste the error, log lines or panic", 2000),
        element: {
          type: "plain_text_input",
          action_id: VIEW.pasteInputAction,
          multiline: true,
          max_length: 3000,
          placeholder: plain("ERROR:  Failed to run the query … Caused by: …", 150),
        },
        hint: plain("psql output with its Caused by chain, meta/compute log lines, or a Rust panic.", 2000),
      },
    ],
  };
}

export interface HomeStatsRow {
  recordId: string | null;
  title: string;
  count: number;
}

export interface ChannelSettings {
  /** RWERROR_AUTO_CHANNELS as configured (IDs, names, globs); empty = auto-replies off. */
  autoChannels: readonly string[];
  maxCardsPer10Min: number;
  unsureReaction: boolean;
  /** Mutes the viewer may see (public channels'), each with *Unmute*. */
  mutes: readonly MuteRow[];
  /** Who may mute and set releases (mentions), when RWERROR_ADMINS restricts it. */
  admins?: readonly string[];
}

export interface HomeModel {
  /** What the knowledge base holds, in words ("2 RisingWave errors; 175 third-party; 177 with an analysis"). */
  knowledge: string;
  datasetVersion: string | null;
  topErrors: readonly HomeStatsRow[];
  settings?: ChannelSettings;
  /** The release answers are for: the default and the channels' own settings (mrkdwn). */
  releaseLine?: string;
  /** The clock, for the time left on mutes. */
  now?: number;
}

/** A list item with a Show button (never a bare record id). */
export function itemWithShow(text: string, recordId: string | null, index: number): Block {
  const block = section(text);
  if (recordId) block.accessory = button("Show", `${ACTION.showPrefix}${index}`, recordId);
  return block;
}

/** A configured channel as a reader knows it: an id becomes a channel mention, a name or glob stays. */
function channelWords(entry: string): string {
  return /^[CG][A-Z0-9]{5,}$/.test(entry) ? `<#${entry}>` : `\`${escapeText(entry.replace(/^#/, ""))}\``;
}

/** "templates-2026-08-21" → "updated 2026-08-21"; a version without a date is not shown (it means nothing to a reader). */
function datasetWords(version: string | null): string {
  const date = /\d{4}-\d{2}-\d{2}/.exec(version ?? "")?.[0];
  return date ? ` · updated ${date}` : "";
}

export function renderHome(model: HomeModel): View {
  const blocks: Block[] = [
    header("rwerror: RisingWave error answers"),
    section(
      "Paste a RisingWave error and get what it means and what to do.",
      button("Explain an error", ACTION.explain, "home", "primary"),
    ),
    section(
      escapeText(
        "• `/rwerror <paste>`: an answer just for you, with *Post in channel*\n" +
          "• `/rwerror` alone or *Explain an error*: a box for long pastes\n" +
          "• `/rwerror search <words>`, `/rwerror show <id>`, `/rwerror stats [7d|30d|90d]`\n" +
          "• *Mute in this channel* on a card, `/rwerror mute <id|slug|last> [for 24h]`, `/rwerror unmute <id|last>`, `/rwerror mutes`\n" +
          "• Message menu → *Explain this error*, or mention `@rwerror` in a thread",
      ),
    ),
    context([
      `Knowledge base: ${escapeText(model.knowledge)} (the rest show where RisingWave raises them)${datasetWords(model.datasetVersion)}`,
    ]),
    ...(model.releaseLine ? [context([truncate(model.releaseLine, 2900)])] : []),
  ];
  if (model.settings) {
    const s = model.settings;
    const auto =
      s.autoChannels.length === 0
        ? "Auto-replies: *off* (set `RWERROR_AUTO_CHANNELS`)."
        : `Auto-replies in ${s.autoChannels.map(channelWords).join(", ")} · at most ${s.maxCardsPer10Min} full cards per channel in 10 minutes, then one line each · only confident answers are posted${s.unsureReaction ? "; unsure pastes get :grey_question:" : ""}`;
    const who = s.admins && s.admins.length > 0 ? `\nMutes and releases are changed by ${s.admins.join(", ")}.` : "";
    blocks.push(divider(), section(`*Channel settings*\n${auto}${who}`));
    blocks.push(section("*Muted errors* (public channels; a private channel lists its own with `/rwerror mutes`)"));
    blocks.push(...muteBlocks(s.mutes, model.now));
  }
  blocks.push(divider(), section("*Top errors, last 7 days* (pastes, one per message and error)"));
  if (model.topErrors.length === 0) blocks.push(context(["_No errors recorded in the last 7 days._"]));
  model.topErrors.slice(0, 10).forEach((r, i) => {
    blocks.push(itemWithShow(`${i + 1}. *${r.count}×* ${safeText(r.title, 180)}`, r.recordId, i));
  });
  return { type: "home", blocks: blocks.slice(0, LIMITS.viewBlocks) };
}
