/** The answer flow's ports over Slack's Web API: how an answer is posted, linked and reacted to. */
import type { webApi } from "@slack/bolt";
import type { AnswerPort, Outbox } from "../answer/index.ts";
import type { SlackMessage } from "../render/index.ts";
import { callSlack } from "./web-call.ts";

type Log = { info(msg: string): void };

/** A message's permalink, or null when Slack cannot give one (deleted, no access). */
export function permalinkVia(client: webApi.WebClient): NonNullable<AnswerPort<SlackMessage>["permalink"]> {
  return async (channel, ts) => {
    const link = await callSlack(client.chat.getPermalink({ channel, message_ts: ts }));
    return link.ok ? (link.value.permalink ?? null) : null;
  };
}

/** Where a thread answer goes through the outbox: written first, then posted under the event's key. */
export interface OutboxRoute {
  outbox: Outbox;
  /** The idempotency key (`ev:<event id>`); a second post of one handling gets `#2`, and so on. */
  key: string;
  /** A redelivery (Slack's retry, a takeover): look for the key in the thread before posting. */
  recheck?: boolean;
}

/**
 * A reply in the paste's thread (auto-replies, `@rwerror`); reactions go on the pasted message. With an
 * outbox route the answer is written to the store before it is posted and retried until it lands;
 * `post` then resolves to undefined while it waits for a retry, and throws only when it never can land.
 */
export function threadPort(
  client: webApi.WebClient,
  where: { channel: string; threadTs: string; pastedTs: string },
  logger: Log,
  route?: OutboxRoute,
): AnswerPort<SlackMessage> {
  const { channel, threadTs, pastedTs } = where;
  let posts = 0;
  const direct = async (message: SlackMessage) =>
    (
      await client.chat.postMessage({
        channel,
        thread_ts: threadTs,
        unfurl_links: false,
        unfurl_media: false,
        ...message,
      })
    ).ts;
  return {
    post: async (message, opts) => {
      if (!route) return direct(message);
      posts++;
      const sent = await route.outbox.send(
        {
          key: posts === 1 ? route.key : `${route.key}#${posts}`,
          channelId: channel,
          threadTs,
          message: JSON.stringify(message),
          replyKey: opts?.replyKey ?? null,
        },
        { recheck: route.recheck ?? false },
      );
      if (sent.kind === "final") throw new Error(sent.reason);
      return sent.kind === "posted" ? sent.ts : undefined;
    },
    permalink: permalinkVia(client),
    react: async (name) => {
      const reacted = await callSlack(client.reactions.add({ channel, timestamp: pastedTs, name }));
      if (!reacted.ok) logger.info(`auto-reply: reactions.add failed (${reacted.error}) channel=${channel}`);
    },
  };
}
