/** Whole Slack messages answering a paste. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match, MatchResult } from "../matcher/types.ts";
import type { CardRef } from "./actions.ts";
import { type Block, context, type SlackMessage, section } from "./blocks.ts";
import { alternativeBlocks, cardBlocks, cardFallback } from "./card.ts";
import { cardModel, type MatchFacts } from "./model.ts";
import { escapeText, link, safeText } from "./mrkdwn.ts";

export interface AnswerOptions {
  ephemeral: boolean;
}

function truncationNote(result: MatchResult): Block[] {
  if (!result.truncated) return [];
  return [context([`:scissors: The paste was ${Math.round(result.inputBytes / 1024)} KiB; only its head was read.`])];
}

/** The best match's card, up to three alternatives, or a plain "no match" with the closest candidates. */
export function renderAnswer(result: MatchResult, opts: AnswerOptions): SlackMessage {
  const [best, ...rest] = result.matches;
  if (!best) return renderNoMatch(result);
  const blocks = [...cardBlocks(best.record, best, opts), ...alternativeBlocks(rest), ...truncationNote(result)];
  return { text: cardFallback(best.record, best), blocks };
}

/** No match: say so plainly and offer whatever came closest. Never an empty reply. */
export function renderNoMatch(result: MatchResult, suggestions: readonly Match[] = result.matches): SlackMessage {
  const blocks: Block[] = [
    section(
      ":mag: *No known RisingWave error matches this paste.*\nTry pasting the whole error (with its `Caused by` chain), or `/rwerror search <words>`.",
    ),
  ];
  // A panic names where it happened even when no template explains its message.
  if (result.panicSite) blocks.push(context([link(result.panicSite.url, result.panicSite.label)]));
  if (suggestions.length > 0) {
    const lines = suggestions
      .slice(0, 5)
      .map((m) => `• ${safeText(m.record.errorMessage.split("\n")[0] ?? "", 200)} (${escapeText(m.record.id)})`);
    blocks.push(section(`*Closest candidates*\n${lines.join("\n")}`));
  }
  blocks.push(...truncationNote(result));
  return { text: "No known RisingWave error matches this paste.", blocks };
}

/** Re-renders a card from a button's value (alternatives, Post in channel). */
export function renderCardFromRef(record: ErrorRecord, ref: CardRef, opts: AnswerOptions): SlackMessage {
  const facts: MatchFacts = { kind: ref.k === "e" ? "exact" : "fuzzy", confidence: ref.c, captures: ref.v };
  return { text: cardFallback(record, facts), blocks: cardBlocks(record, facts, opts) };
}

/** The thank-you for a vote: in place of an ephemeral card's buttons, or privately to the voter. */
export function feedbackThanksText(helpful: boolean): string {
  return helpful
    ? ":white_check_mark: Thanks, marked as helpful."
    : ":memo: Thanks, marked as not helpful: it will show up in the weekly digest so the record gets fixed.";
}

/** The same message with its feedback buttons replaced by a thank-you line. */
export function renderFeedbackThanks(blocks: readonly Block[], helpful: boolean): Block[] {
  const thanks = feedbackThanksText(helpful);
  const out: Block[] = [];
  for (const block of blocks) {
    if (block.type === "actions" && block.block_id === "rwerror_card_actions") {
      const kept = block.elements.filter((e) => !e.action_id.startsWith("rwerror_feedback_"));
      if (kept.length > 0) out.push({ ...block, elements: kept });
      out.push(context([thanks]));
    } else {
      out.push(block);
    }
  }
  return out;
}

/** Flood control: one line pointing at the card already posted in this channel. */
export function renderAlreadyAnswered(record: ErrorRecord, permalink: string | null): SlackMessage {
  const title = cardModel(record, { kind: "exact", confidence: 1, captures: [] }).title;
  const where = permalink ? link(permalink, "answered here") : "answered in this channel";
  const text = `:repeat: Same error as one ${where} in the last 30 minutes: ${safeText(title, 200)}`;
  return { text, blocks: [context([text])] };
}
