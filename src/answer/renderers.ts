/** The two surfaces an answer is rendered for: Slack's Block Kit and the terminal. */
import type { MatchResult } from "../matcher/types.ts";
import {
  type CardContext,
  renderAlreadyAnswered,
  renderAnswer,
  renderAnswerText,
  renderHeldBack,
  renderPlain,
  type SlackMessage,
} from "../render/index.ts";
import type { AnswerRenderer } from "./types.ts";

const ALREADY_IN_THREAD = ":point_up: I already answered this error in this thread; scroll up for the card.";

/** Block Kit; `ephemeral` answers carry Post in channel. */
export function blockKit({ ephemeral }: { ephemeral: boolean }): AnswerRenderer<SlackMessage> {
  return {
    answer: (result: MatchResult, context: CardContext, text: string) =>
      renderAnswer(result, { ...context, ephemeral }, text),
    repeat: (best, permalink, count) => renderAlreadyAnswered(best.record, permalink, count, best.captures),
    alreadyInThread: () => renderPlain(ALREADY_IN_THREAD),
    heldBack: (best, cap) => renderHeldBack(best, cap),
  };
}

/** Terminal text: the console answers exactly what the bot says in Slack. */
export function terminalText(): AnswerRenderer<string> {
  return {
    answer: (result, context, text) => renderAnswerText(result, text, context),
    repeat: (best) => `Already answered: ${best.record.id}`,
    alreadyInThread: () => ALREADY_IN_THREAD,
    heldBack: (best) => `Card held back (card cap): ${best.record.id}`,
  };
}
