/** Whole Slack messages answering a paste, by the matcher's verdict. */
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Match, MatchResult } from "../matcher/types.ts";
import { ACTION, type CardRef, encodeCardRef } from "./actions.ts";
import { type Block, button, context, type SlackMessage, section } from "./blocks.ts";
import {
  alternativeBlocks,
  CARD_ACTIONS_BLOCK,
  type CardOptions,
  cardBlocks,
  cardFallback,
  factsFromRef,
  refFor,
} from "./card.ts";
import { times } from "./card-lines.ts";
import { type CardCap, type CardContext, cardModel, type MatchFacts } from "./model.ts";
import { cutWords, escapeText, link, safeText } from "./mrkdwn.ts";
import { filledTitle, readableTitle } from "./template.ts";
import { renderNothingFound, renderNotSure } from "./unsure.ts";

export type AnswerOptions = CardOptions;

function truncationNote(result: MatchResult): Block[] {
  if (!result.truncated) return [];
  return [context([`:scissors: The paste was ${Math.round(result.inputBytes / 1024)} KiB; only its head was read.`])];
}

/**
 * `answer`: the best match's card and up to two distinct alternatives; `candidates`: "not sure" with
 * distinct guesses; `none`: says so. `paste` is the plain text (for its HINT and the report button).
 */
export function renderAnswer(result: MatchResult, opts: AnswerOptions, paste = ""): SlackMessage {
  const ctx: CardOptions = {
    layers: result.layers,
    ...(result.layerGroups ? { layerGroups: result.layerGroups } : {}),
    paste,
    ...opts,
  };
  const [best, ...rest] = result.matches;
  if (result.verdict === "none" || !best) {
    return withNote(renderNothingFound(result, paste, ctx), result);
  }
  if (result.verdict === "candidates") return withNote(renderNotSure(result, paste, ctx), result);
  // One model per card: its blocks, its button values and its fallback text all read it.
  // The verdict made it the answer: the card says so whatever its score.
  const facts: MatchFacts = { ...best, standing: "answer" };
  const model = cardModel(best.record, facts, ctx);
  const blocks = [
    ...cardBlocks(best.record, facts, ctx, model),
    ...alternativeBlocks(best, rest, ctx),
    ...truncationNote(result),
  ];
  return { text: cardFallback(best.record, facts, ctx, model), blocks };
}

function withNote(message: SlackMessage, result: MatchResult): SlackMessage {
  return { ...message, blocks: [...message.blocks, ...truncationNote(result)] };
}

/** Re-renders a card from a button's value (alternatives, Post in channel, Show): the pasted layer kept. */
/**
 * A card again from its button's value. `found` is what matching the button's layer again learned
 * (release facts, third-party context, panic site): a re-rendered card says what the first one said.
 */
export function renderCardFromRef(
  record: ErrorRecord,
  ref: CardRef,
  opts: AnswerOptions,
  found: Pick<MatchFacts, "release" | "context" | "panicSite"> = {},
): SlackMessage {
  const fromRef = factsFromRef(ref);
  const wrappers = fromRef.wrappers;
  const facts: MatchFacts = { ...fromRef.facts, ...found };
  const ctx: CardOptions = { wrappers, ...opts };
  const model = cardModel(record, facts, ctx);
  return { text: cardFallback(record, facts, ctx, model), blocks: cardBlocks(record, facts, ctx, model) };
}

/** A record looked up by id or slug (`/rwerror show`, a list's Show button): no captures, holes as "…". */
export function renderRecordCard(record: ErrorRecord, opts: AnswerOptions): SlackMessage {
  const facts: MatchFacts = { kind: "exact", confidence: 1, captures: [], standing: "lookup" };
  const ctx: CardOptions = { ...opts };
  const model = cardModel(record, facts, ctx);
  return { text: cardFallback(record, facts, ctx, model), blocks: cardBlocks(record, facts, ctx, model) };
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
    if (block.type === "actions" && block.block_id === CARD_ACTIONS_BLOCK) {
      const kept = block.elements.filter((e) => !("action_id" in e && e.action_id?.startsWith("rwerror_feedback_")));
      if (kept.length > 0) out.push({ ...block, elements: kept });
      out.push(context([thanks]));
    } else {
      out.push(block);
    }
  }
  return out;
}

export const VOTES_BLOCK = "rwerror_votes";

/**
 * A posted card with who marked it helpful or not, for everyone reading the channel (as Sentry's
 * Resolve says who resolved): the line sits above the buttons, which stay for the next voter.
 */
export function withVotes(blocks: readonly Block[], votes: readonly { userId: string; helpful: boolean }[]): Block[] {
  const names = (helpful: boolean) =>
    votes
      .filter((v) => v.helpful === helpful)
      .slice(0, 10)
      .map((v) => `<@${v.userId}>`)
      .join(", ");
  const parts = [
    ...(names(true) ? [`:white_check_mark: Marked helpful by ${names(true)}`] : []),
    ...(names(false) ? [`:x: Marked not helpful by ${names(false)}`] : []),
  ];
  const kept = blocks.filter((b) => b.block_id !== VOTES_BLOCK);
  if (parts.length === 0) return kept;
  const line: Block = { ...context([parts.join(" · ")]), block_id: VOTES_BLOCK };
  const at = kept.findIndex((b) => b.type === "actions" && b.block_id === CARD_ACTIONS_BLOCK);
  return at < 0 ? [...kept, line] : [...kept.slice(0, at), line, ...kept.slice(at)];
}

/** Past the card cap: the error in one line and *Show* for its card (for the clicker), never silence. */
export function renderHeldBack(match: Match, cap: CardCap, ctx: CardContext = {}): SlackMessage {
  const title = cutWords(readableTitle(match.record, match.captures, match.layer), 150);
  const why = `card held back: this channel reached its cap of ${cap.max} full card${cap.max === 1 ? "" : "s"} in ${cap.windowMinutes} min`;
  const value = encodeCardRef(refFor(match.record, { ...match, standing: "answer" }, ctx));
  return {
    text: `${title} (${why})`,
    blocks: [
      section(
        `:card_index_dividers: *${escapeText(title.replace(/\*/g, ""))}* · ${why}`,
        button("Show", ACTION.showHeld, value),
      ),
    ],
  };
}

/** Flood control: one line pointing at the card already posted in this channel, saying how often. */
export function renderAlreadyAnswered(
  record: ErrorRecord,
  permalink: string | null,
  recentCount = 1,
  captures: readonly string[] = [],
): SlackMessage {
  const title = filledTitle(record, captures);
  const where = permalink ? link(permalink, "the card posted there") : "the card posted in this channel";
  const text = `:repeat: Same error pasted ${times(recentCount)} in this channel in the last 30 minutes: see ${where}. ${safeText(title, 200)}`;
  return { text, blocks: [context([text])] };
}

export type { CardContext };
