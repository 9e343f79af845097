/** The one answer flow every entry point shares: read the paste, match, record, render. */
import type { MatchResult } from "../matcher/types.ts";
import { occurrenceFromResult } from "../occurrence.ts";
import { renderAnswer, renderNoMatch, type SlackMessage } from "../render/index.ts";
import type { OccurrenceInput } from "../store/types.ts";
import { recordOccurrence } from "./core.ts";
import type { ListenerDeps } from "./deps.ts";
import { plainTextFromSlack } from "./slack-text.ts";
import { channelMatchContext } from "./version-command.ts";

/** Where a paste came from: the occurrence's Slack coordinates. */
export type PasteContext = Pick<
  OccurrenceInput,
  "source" | "teamId" | "channelId" | "userId" | "messageTs" | "threadTs"
>;

/** How much of a paste feeds the "closest candidates" keyword search (search is not for whole logs). */
const SUGGESTION_QUERY_CHARS = 300;

export interface Answer {
  result: MatchResult;
  message: SlackMessage;
}

/**
 * Matches a paste (Slack-escaped text) and records the occurrence (matched, or unmatched when it looks like an error).
 * With no match the reply says so and lists the closest keyword candidates.
 */
export function answerPaste(
  deps: ListenerDeps,
  slackText: string,
  ctx: PasteContext,
  opts: { ephemeral: boolean },
): Answer {
  const text = plainTextFromSlack(slackText);
  const result = deps.matcher.match(text, channelMatchContext(deps, ctx.channelId));
  const best = result.matches[0];
  // Every surface counts the same way: a keyword query or chatter is not an occurrence.
  const occurrence = occurrenceFromResult(result, text, ctx.source, {
    teamId: ctx.teamId ?? null,
    channelId: ctx.channelId ?? null,
    userId: ctx.userId ?? null,
    messageTs: ctx.messageTs ?? null,
    threadTs: ctx.threadTs ?? null,
    occurredAt: deps.now(),
  });
  if (occurrence) recordOccurrence(deps.store, occurrence);
  if (best) return { result, message: renderAnswer(result, opts) };
  const query = (result.layers.at(-1) ?? text).slice(0, SUGGESTION_QUERY_CHARS);
  return { result, message: renderNoMatch(result, deps.matcher.search(query, 3)) };
}
