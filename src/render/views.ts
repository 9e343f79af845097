/** Modals and the App Home tab. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { CardRef } from "./actions.ts";
import { VIEW } from "./actions.ts";
import { type Block, context, divider, header, LIMITS, plain, section, type View } from "./blocks.ts";
import { cardBodyBlocks } from "./card.ts";
import { cardModel } from "./model.ts";
import { codeBlock, escapeText, safeText, truncate } from "./mrkdwn.ts";

function titled(title: string, body: string | null | undefined, asCode = false): Block[] {
  if (!body?.trim()) return [];
  const max = LIMITS.sectionText - title.length - 4;
  return [section(`*${title}*\n${asCode ? codeBlock(body, max) : safeText(body, max)}`)];
}

function listed(title: string, items: readonly string[]): Block[] {
  if (items.length === 0) return [];
  return [section(`*${title}*\n${truncate(items.map((t, i) => `${i + 1}. ${escapeText(t)}`).join("\n"), 2900)}`)];
}

/** Everything the record knows, for "Show details". */
export function renderDetailsView(record: ErrorRecord, ref?: CardRef): View {
  const facts = ref
    ? { kind: ref.k === "e" ? ("exact" as const) : ("fuzzy" as const), confidence: ref.c, captures: ref.v }
    : { kind: "exact" as const, confidence: 1, captures: [] };
  const model = cardModel(record, facts);
  const blocks: Block[] = [
    ...cardBodyBlocks({ ...model, solutions: [], exampleFix: null, preventionTips: [] }),
    divider(),
    ...listed("All solutions", model.solutions),
    ...titled("Trigger scenarios", record.triggerScenarios),
    ...titled("Common situations", record.commonSituations),
    ...listed("Prevention tips", model.preventionTips),
    ...titled("Example fix", record.exampleFix, true),
    ...titled("Validation code", record.validationCode, true),
    ...titled("Type guard", record.typeGuard, true),
    ...titled("Try/catch pattern", record.tryCatchPattern, true),
    ...titled(
      `Source${record.filePath ? ` (${record.filePath}:${record.sourceCodeStart ?? record.lineNumber ?? ""})` : ""}`,
      record.sourceCode,
      true,
    ),
  ];
  return {
    type: "modal",
    callback_id: VIEW.details,
    title: plain("Error details", LIMITS.viewTitle),
    close: plain("Close", LIMITS.viewTitle),
    blocks: blocks.slice(0, LIMITS.viewBlocks),
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

export interface HomeModel {
  recordCount: number;
  datasetVersion: string | null;
  topErrors: readonly HomeStatsRow[];
  /** The release answers are for: the default and the channels' own settings (mrkdwn). */
  releaseLine?: string;
}

export function renderHome(model: HomeModel): View {
  const top =
    model.topErrors.length === 0
      ? "_No errors recorded in the last 7 days._"
      : model.topErrors
          .slice(0, 10)
          .map((r, i) => `${i + 1}. *${r.count}×* ${safeText(r.title, 180)}`)
          .join("\n");
  return {
    type: "home",
    blocks: [
      header("rwerror: RisingWave error answers"),
      section(
        "Paste a RisingWave error and get what it means and what to do.\n" +
          "• `/rwerror <paste>`: answer just for you, with *Post in channel*\n" +
          "• `/rwerror` alone: a box for long pastes\n" +
          "• `/rwerror search <words>`, `/rwerror show <id>`, `/rwerror stats`\n" +
          "• Message menu → *Explain this error* on any message\n" +
          "• In incident channels, pasted errors get one threaded answer",
      ),
      context([
        `Knowledge base: *${model.recordCount}* records · dataset ${escapeText(model.datasetVersion ?? "unversioned")}`,
      ]),
      ...(model.releaseLine ? [context([truncate(model.releaseLine, 2900)])] : []),
      divider(),
      section(`*Top errors this week*\n${truncate(top, 2900)}`),
    ],
  };
}
