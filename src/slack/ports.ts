/** The answer flow's ports over Slack's Web API: how an answer is posted, linked and reacted to. */
import type { webApi } from "@slack/bolt";
import type { AnswerPort } from "../answer/index.ts";
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

/** A reply in the paste's thread (auto-replies, `@rwerror`); reactions go on the pasted message. */
export function threadPort(
  client: webApi.WebClient,
  where: { channel: string; threadTs: string; pastedTs: string },
  logger: Log,
): AnswerPort<SlackMessage> {
  const { channel, threadTs, pastedTs } = where;
  return {
    post: async (message) =>
      (
        await client.chat.postMessage({
          channel,
          thread_ts: threadTs,
          unfurl_links: false,
          unfurl_media: false,
          ...message,
        })
      ).ts,
    permalink: permalinkVia(client),
    react: async (name) => {
      const reacted = await callSlack(client.reactions.add({ channel, timestamp: pastedTs, name }));
      if (!reacted.ok) logger.info(`auto-reply: reactions.add failed (${reacted.error}) channel=${channel}`);
    },
  };
}
