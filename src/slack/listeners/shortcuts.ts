/** Message menu → "Explain this error": an ephemeral answer for any message in any channel. */
import type { App } from "@slack/bolt";
import { answerPaste, blockKit } from "../../answer/index.ts";
import { SHORTCUT_EXPLAIN, type SlackMessage } from "../../render/index.ts";
import { visibleHere } from "../access.ts";
import type { ListenerDeps } from "../deps.ts";
import { readPastedFiles, trustedOriginsFor } from "../files.ts";
import { messageShortcutSchema } from "../payloads.ts";
import { permalinkVia } from "../ports.ts";
import { callSlack } from "../web-call.ts";

export function registerShortcuts(app: App, deps: ListenerDeps): void {
  const trustedOrigins = trustedOriginsFor(deps.config.slackApiUrl);

  app.shortcut(SHORTCUT_EXPLAIN, async ({ ack, body, respond, client, context }) => {
    await ack();
    const parsed = messageShortcutSchema.safeParse(body);
    if (!parsed.success) {
      deps.logger.warn("shortcut: malformed payload dropped");
      return;
    }
    const { user, team, channel, message } = parsed.data;
    const files =
      message.files && message.files.length > 0 && context.botToken
        ? (
            await readPastedFiles(
              client,
              message.files.map((f) => f.id),
              { token: context.botToken, fetch: deps.fetch, trustedOrigins },
            )
          ).texts
        : [];
    // Explain this error on a bot's message (rwerror's own card, another bot's alert) is a lookup.
    const lookup = message.bot_id !== undefined || (message.user !== undefined && message.user === context.botUserId);
    const where = {
      source: "shortcut" as const,
      teamId: team?.id,
      channelId: channel.id,
      userId: user.id,
      messageTs: message.ts,
      // As auto-replies key it: a root message is its own thread.
      threadTs: message.thread_ts ?? message.ts,
      lookup,
    };
    const post = async (answer: SlackMessage): Promise<undefined> => {
      const sent = await callSlack(respond({ response_type: "ephemeral", replace_original: false, ...answer }));
      if (sent.ok) return;
      deps.logger.info(`shortcut: response_url failed (${sent.error}) channel=${channel.id}; trying postEphemeral`);
      await client.chat.postEphemeral({ channel: channel.id, user: user.id, ...answer });
    };
    const paste = { slackText: message.text, rawTexts: files };
    await answerPaste(deps, paste, where, "private", {
      render: blockKit({ ephemeral: true }),
      port: { post, permalink: permalinkVia(client), visible: visibleHere(deps.access, channel.id) },
    });
  });
}
