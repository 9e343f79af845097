/** The one answer flow every entry point shares: read the paste, match, record, render. */
import type { webApi } from "@slack/bolt";
import type { MatchResult } from "../matcher/types.ts";
import { occurrenceFromResult } from "../occurrence.ts";
import { renderAnswer, type SlackMessage } from "../render/index.ts";
import { messageAlreadyCounted } from "../store/index.ts";
import type { OccurrenceInput } from "../store/types.ts";
import { cardContextFor } from "./card-context.ts";
import { recordOccurrence } from "./core.ts";
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
export function countPaste(deps: ListenerDeps, result: MatchResult, text: string, ctx: PasteContext): void {
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
  if (messageAlreadyCounted(deps.store, occurrence.channelId, occurrence.messageTs, occurrence.recordId)) return;
  recordOccurrence(deps.store, occurrence);
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
  const result = deps.matcher.match(text, channelMatchContext(deps, ctx.channelId));
  const best = result.verdict === "answer" ? result.matches[0] : undefined;
  // Context first: "seen before" means before this paste.
  const context = await cardContextFor(deps, client, best?.record.id, {
    channelId: ctx.channelId ?? undefined,
    threadTs: ctx.threadTs ?? undefined,
  });
  countPaste(deps, result, text, ctx);
  return { result, text, message: renderAnswer(result, { ...context, ...opts }, text) };
}
