/**
 * One threaded answer per thread and record in incident channels, with flood control:
 * a record answered in the channel in the last 30 minutes gets a one-line pointer instead,
 * and no channel gets more than N full cards per 10 minutes.
 */
import type { webApi } from "@slack/bolt";
import type { Match, MatchResult } from "../matcher/types.ts";
import { renderAlreadyAnswered, renderAnswer, type SlackMessage } from "../render/index.ts";
import type { ReplyKey } from "../store/index.ts";
import { countPaste } from "./answer.ts";
import { cardContextFor } from "./card-context.ts";
import { AUTO_POST_MIN_CONFIDENCE } from "./core.ts";
import type { ListenerDeps } from "./deps.ts";
import { callSlack } from "./web-call.ts";

export const REPEAT_WINDOW_MS = 30 * 60_000;
export const CARD_WINDOW_MS = 10 * 60_000;

export interface AutoMessage {
  channelId: string;
  ts: string;
  threadTs: string;
  teamId: string | undefined;
  userId: string | undefined;
  text: string;
}

export type AutoOutcome =
  | { kind: "not-confident" }
  | { kind: "muted" }
  | { kind: "already-replied" }
  | { kind: "card-cap"; cards: number }
  | { kind: "pointer"; replyTs: string | undefined }
  | { kind: "card"; replyTs: string | undefined };

/** Auto-replies post only an `answer` (never candidates or fuzzy guesses), at the confidence floor. */
export function confidentMatch(result: MatchResult): Match | undefined {
  const best = result.matches[0];
  return result.verdict === "answer" && best && best.confidence >= AUTO_POST_MIN_CONFIDENCE ? best : undefined;
}

export async function autoReply(
  deps: ListenerDeps,
  client: webApi.WebClient,
  msg: AutoMessage,
  result: MatchResult,
): Promise<AutoOutcome> {
  // Only a confident answer is ever posted; a guess or no match stays silent (optionally a reaction).
  const best = result.verdict === "answer" ? confidentMatch(result) : undefined;
  const where = { channelId: msg.channelId, threadTs: msg.threadTs };
  // Before counting: "seen before" means before this paste.
  const context = best ? await cardContextFor(deps, client, best.record.id, where) : undefined;
  // Written beside the reply claim, not before it: during an outage each waits its deadline once.
  const logged = countPaste(deps, result, msg.text, {
    source: "auto",
    teamId: msg.teamId ?? null,
    channelId: msg.channelId,
    userId: msg.userId ?? null,
    messageTs: msg.ts,
    threadTs: msg.threadTs,
  });
  if (!best || !context) {
    await logged;
    if (deps.config.unsureReaction && result.looksLikeError) {
      const reacted = await callSlack(
        client.reactions.add({ channel: msg.channelId, timestamp: msg.ts, name: "grey_question" }),
      );
      if (!reacted.ok) deps.logger.info(`auto-reply: reactions.add failed (${reacted.error}) channel=${msg.channelId}`);
    }
    return { kind: "not-confident" };
  }
  const recordId = best.record.id;
  const muted = await deps.guard.decide(
    `mute channel=${msg.channelId}`,
    (store) => store.isMuted(msg.channelId, recordId, deps.now()),
    () => false,
  );
  if (muted) {
    await logged;
    return { kind: "muted" };
  }

  const now = deps.now();
  const key = { channelId: msg.channelId, threadTs: msg.threadTs, recordId: best.record.id };
  const request = {
    repeatSince: now - REPEAT_WINDOW_MS,
    cap: { cardsSince: now - CARD_WINDOW_MS, maxCards: deps.config.maxCardsPer10Min },
  };
  // One locked decision in the database (across replicas): already answered, capped (left unclaimed,
  // so the thread may still get its card once the channel calms down), a pointer, or a card that
  // counts against the cap from now on. Without the database this process decides alone.
  const [claim] = await Promise.all([
    deps.guard.decide(
      `reply claim channel=${msg.channelId}`,
      (store) => store.claimReply(key, request),
      () => deps.localClaims.claimReply(key, request, now),
    ),
    logged,
  ]);
  if (claim.kind === "already-replied") return { kind: "already-replied" };
  if (claim.kind === "card-cap") return { kind: "card-cap", cards: claim.cards };

  if (claim.kind === "pointer") {
    const repeat = claim.repeat;
    const permalink =
      repeat.replyTs === null
        ? undefined
        : await callSlack(client.chat.getPermalink({ channel: msg.channelId, message_ts: repeat.replyTs }));
    const url = permalink?.ok ? (permalink.value.permalink ?? null) : null;
    const count = await deps.guard.decide(
      `repeat count channel=${msg.channelId}`,
      (store) => store.countInChannelSince(msg.channelId, recordId, now - REPEAT_WINDOW_MS),
      () => 1,
    );
    const message = renderAlreadyAnswered(best.record, url, count, best.captures);
    const replyTs = await postClaimed(deps, client, key, message);
    return { kind: "pointer", replyTs };
  }
  const replyTs = await postClaimed(
    deps,
    client,
    key,
    renderAnswer(result, { ...context, ephemeral: false }, msg.text),
  );
  return { kind: "card", replyTs };
}

/** Posts the claimed reply; a failed post gives the claim back so a later delivery can answer. */
async function postClaimed(
  deps: ListenerDeps,
  client: webApi.WebClient,
  key: ReplyKey,
  message: SlackMessage,
): Promise<string | undefined> {
  try {
    const posted = await client.chat.postMessage({
      channel: key.channelId,
      thread_ts: key.threadTs,
      unfurl_links: false,
      unfurl_media: false,
      ...message,
    });
    const ts = posted.ts;
    if (ts) await deps.guard.write("reply ts", (store) => store.setReplyTs(key, ts));
    return ts;
  } catch (error) {
    await deps.guard.write("reply release", (store) => store.releaseReply(key));
    throw error;
  }
}
