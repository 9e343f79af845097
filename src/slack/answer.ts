/** The one answer flow every entry point shares: read the paste, match, record, render. */
import type { webApi } from "@slack/bolt";
import type { MatchResult } from "../matcher/types.ts";
import { occurrenceFromResult } from "../occurrence.ts";
import { renderAnswer, type SlackMessage } from "../render/index.ts";
import type { OccurrenceInput } from "../store/types.ts";
import { cardContextFor } from "./card-context.ts";
import type { ListenerDeps } from "./deps.ts";
import { plainTextFromSlack } from "./slack-text.ts";
import { channelMatchContext } from "./version-command.ts";

/** Where a paste came from: the occurrence's Slack coordinates. */
export type PasteContext = Pick<
  OccurrenceInput,
  "source" | "teamId" | "channelId" | "userId" | "messageTs" | "threadTs"
> & {
  /** A lookup (Explain this error on a bot's own message): answered, never counted. */
  lookup?: boolean;
};

export interface Answer {
  result: MatchResult;
  message: SlackMessage;
  /** The plain text that was matched. */
  text: string;
}

/**
 * Counts a paste the one way every surface counts (src/occurrence.ts): once per message and record,
 * whichever entry point saw it first.
 */
export async function countPaste(
  deps: ListenerDeps,
  result: MatchResult,
  text: string,
  ctx: PasteContext,
): Promise<void> {
  if (ctx.lookup) return;
  const occurrence = occurrenceFromResult(result, text, ctx.source, {
    teamId: ctx.teamId ?? null,
    channelId: ctx.channelId ?? null,
    userId: ctx.userId ?? null,
    messageTs: ctx.messageTs ?? null,
    threadTs: ctx.threadTs ?? null,
    occurredAt: deps.now(),
  });
  if (!occurrence) return;
  // A message is one occurrence whichever entry point saw it first (the store's unique index).
  await deps.guard.write("occurrence", (store) => store.recordOccurrence(occurrence));
}

/** Matches a paste (Slack-escaped text), counts it, and renders the answer its verdict calls for. */
export async function answerPaste(
  deps: ListenerDeps,
  client: webApi.WebClient | undefined,
  slackText: string,
  ctx: PasteContext,
  opts: { ephemeral: boolean },
): Promise<Answer> {
  const text = plainTextFromSlack(slackText);
  const result = deps.matcher.match(text, await channelMatchContext(deps, ctx.channelId));
  const best = result.verdict === "answer" ? result.matches[0] : undefined;
  // Context first: "seen before" means before this paste.
  const context = await cardContextFor(deps, client, best?.record.id, {
    channelId: ctx.channelId ?? undefined,
    threadTs: ctx.threadTs ?? undefined,
  });
  await countPaste(deps, result, text, ctx);
  return { result, text, message: renderAnswer(result, { ...context, ...opts }, text) };
}
