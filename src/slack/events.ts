/** Incident channels: a pasted error (text, snippet or text file) gets one threaded answer. */
import type { App, webApi } from "@slack/bolt";
import { type AutoMessage, autoReply } from "./auto-reply.ts";
import { createChannelFilter } from "./channels.ts";
import type { ListenerDeps } from "./deps.ts";
import { handleOnce } from "./event-claim.ts";
import { readPastedFiles, trustedOriginsFor } from "./files.ts";
import { malformedEventLogger } from "./malformed.ts";
import { eventEnvelopeSchema, type MessageEvent, messageEventSchema } from "./payloads.ts";
import { plainTextFromSlack } from "./slack-text.ts";
import { channelMatchContext } from "./version-command.ts";
import { callSlack } from "./web-call.ts";

/** New messages only: edits, deletions, joins, bot posts and the like never get an answer. */
const ANSWERED_SUBTYPES = new Set<string | undefined>([undefined, "file_share", "thread_broadcast"]);

export function registerEvents(app: App, deps: ListenerDeps): void {
  const channels = createChannelFilter(
    deps.config.autoChannels,
    async (channel) => {
      const info = await callSlack(app.client.conversations.info({ channel }));
      if (!info.ok) {
        deps.logger.warn(`auto-reply: conversations.info failed (${info.error}) channel=${channel}`);
        throw new Error(info.error);
      }
      return info.value.channel?.name;
    },
    deps.now,
  );
  if (!channels.enabled) return;
  const trustedOrigins = trustedOriginsFor(deps.config.slackApiUrl);
  const malformed = malformedEventLogger(deps.logger);

  app.event("message", async ({ event, body, context, client }) => {
    const parsed = messageEventSchema.safeParse(event);
    const envelope = eventEnvelopeSchema.safeParse(body);
    if (!parsed.success || !envelope.success) {
      malformed(body, (parsed.error ?? envelope.error)?.issues[0]);
      return;
    }
    const m = parsed.data;
    if (!ANSWERED_SUBTYPES.has(m.subtype) || m.bot_id !== undefined) return;
    if (m.user !== undefined && m.user === context.botUserId) return;
    if (!(await channels.allows(m.channel))) return;
    const eventId = envelope.data.event_id;
    const handled = await handleOnce(deps, eventId, () =>
      handleMessage(m, envelope.data.team_id, context.botToken, client),
    );
    if (!handled) deps.logger.debug(`auto-reply: event ${eventId} already handled`);
  });

  async function handleMessage(
    m: MessageEvent,
    teamId: string | undefined,
    botToken: string | undefined,
    client: webApi.WebClient,
  ): Promise<void> {
    const parts = [plainTextFromSlack(m.text)];
    if (m.files && m.files.length > 0 && botToken) {
      const { texts, skipped } = await readPastedFiles(
        client,
        m.files.map((f) => f.id),
        { token: botToken, fetch: deps.fetch, trustedOrigins },
      );
      parts.push(...texts);
      for (const reason of skipped) deps.logger.info(`auto-reply: file skipped channel=${m.channel} ${reason}`);
    }
    const text = parts.filter((p) => p.trim() !== "").join("\n\n");
    // The matcher's own judgement: an error label, a panic, or a paste that is exactly a known template.
    const result = deps.matcher.match(text, await channelMatchContext(deps, m.channel));
    if (!result.looksLikeError) return;

    const msg: AutoMessage = {
      channelId: m.channel,
      ts: m.ts,
      threadTs: m.thread_ts ?? m.ts,
      teamId,
      userId: m.user,
      text,
    };
    const outcome = await autoReply(deps, client, msg, result);
    deps.logger.debug(`auto-reply: ${outcome.kind} channel=${m.channel} thread=${msg.threadTs}`);
  }
}
