/** Incident channels: a pasted error (text, snippet or text file) gets one threaded answer. */
import type { App, webApi } from "@slack/bolt";
import { type AnswerOutcome, answerPaste, blockKit, handleOnce } from "../../answer/index.ts";
import { visibleHere } from "../access.ts";
import { createChannelFilter } from "../channels.ts";
import type { ListenerDeps } from "../deps.ts";
import { loggedEvent } from "../event-log.ts";
import { readPastedFiles, trustedOriginsFor } from "../files.ts";
import { eventEnvelopeSchema, type MessageEvent, messageEventSchema } from "../payloads.ts";
import { threadPort } from "../ports.ts";
import { callSlack } from "../web-call.ts";
import { malformedEventLogger } from "./malformed.ts";

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
    const teamId = envelope.data.team_id;
    // The event goes into the claim: if this process dies before the answer is written, another
    // replica (or this one after a restart) answers it from there.
    const payload = JSON.stringify({ kind: "message", teamId, event: m });
    // Slack's retry of an event may have been answered already, by a replica whose claim we cannot see.
    const retried = context.retryNum !== undefined && context.retryNum > 0;
    const seen = { eventId, team: teamId, channel: m.channel, kind: "message" };
    await loggedEvent(deps.logger, seen, (set) =>
      handleOnce(
        deps,
        eventId,
        async () => set(await handleMessage(m, teamId, context.botToken, client, eventId, retried)),
        { payload, staleMs: deps.config.leaseMs },
      ),
    );
  });

  deps.resumers.set("message", async (payload, eventId) => {
    const m = messageEventSchema.safeParse(payload.event);
    if (!m.success) return false;
    const teamId = typeof payload.teamId === "string" ? payload.teamId : undefined;
    return handleMessage(m.data, teamId, deps.config.slackBotToken, app.client, eventId, true);
  });

  async function handleMessage(
    m: MessageEvent,
    teamId: string | undefined,
    botToken: string | undefined,
    client: webApi.WebClient,
    eventId: string,
    recheck: boolean,
  ): Promise<AnswerOutcome> {
    const files = m.files && m.files.length > 0 && botToken ? await readFiles(client, m, botToken) : [];
    const threadTs = m.thread_ts ?? m.ts;
    const outcome = await answerPaste(
      deps,
      { slackText: m.text, rawTexts: files },
      {
        source: "auto",
        teamId: teamId ?? null,
        channelId: m.channel,
        userId: m.user ?? null,
        messageTs: m.ts,
        threadTs,
        answerKey: `ev:${eventId}`,
      },
      "auto",
      {
        render: blockKit({ ephemeral: false }),
        port: {
          ...threadPort(client, { channel: m.channel, threadTs, pastedTs: m.ts }, deps.logger, {
            outbox: deps.outbox,
            key: `ev:${eventId}`,
            recheck,
          }),
          visible: visibleHere(deps.access, m.channel),
        },
      },
    );
    deps.logger.debug(`auto-reply: ${outcome.kind} channel=${m.channel} thread=${threadTs}`);
    return outcome;
  }

  async function readFiles(client: webApi.WebClient, m: MessageEvent, token: string): Promise<string[]> {
    const ids = (m.files ?? []).map((f) => f.id);
    const { texts, skipped } = await readPastedFiles(client, ids, { token, fetch: deps.fetch, trustedOrigins });
    for (const reason of skipped) deps.logger.info(`auto-reply: file skipped channel=${m.channel} ${reason}`);
    return texts;
  }
}
