/** `@rwerror` in a thread: explains the thread's first error-looking message, answered in the thread. */
import type { App, webApi } from "@slack/bolt";
import type { z } from "zod";
import { type AnswerOutcome, answerRead, blockKit, firstErrorIn, handleOnce } from "../../answer/index.ts";
import { renderPlain } from "../../render/index.ts";
import { visibleHere } from "../access.ts";
import type { ListenerDeps } from "../deps.ts";
import { loggedEvent } from "../event-log.ts";
import { appMentionSchema, eventEnvelopeSchema, threadRepliesSchema } from "../payloads.ts";
import { threadPort } from "../ports.ts";
import { callSlack } from "../web-call.ts";

/** A thread longer than this is read from its start only: the error is almost always near the top. */
const THREAD_MESSAGES = 50;
const MENTION = /<@[A-Z0-9]+(?:\|[^>]*)?>/g;

type Mention = z.infer<typeof appMentionSchema>;

export function registerMention(app: App, deps: ListenerDeps): void {
  app.event("app_mention", async ({ event, body, client, context }) => {
    const parsed = appMentionSchema.safeParse(event);
    const envelope = eventEnvelopeSchema.safeParse(body);
    if (!parsed.success || !envelope.success) return;
    const { event_id: eventId, team_id: teamId } = envelope.data;
    const payload = JSON.stringify({ kind: "app_mention", teamId, event: parsed.data, botUserId: context.botUserId });
    // Slack's retry may have been answered already by a replica whose claim this one cannot see.
    const retried = context.retryNum !== undefined && context.retryNum > 0;
    const answer = () => answerMention(parsed.data, teamId, client, context.botUserId, eventId, retried);
    const seen = { eventId, team: teamId, channel: parsed.data.channel, kind: "app_mention" };
    await loggedEvent(deps.logger, seen, (set) =>
      handleOnce(deps, eventId, async () => set(await answer()), { payload, staleMs: deps.config.leaseMs }),
    );
  });

  deps.resumers.set("app_mention", async (payload, eventId) => {
    const m = appMentionSchema.safeParse(payload.event);
    if (!m.success) return false;
    const str = (v: unknown) => (typeof v === "string" ? v : undefined);
    return answerMention(m.data, str(payload.teamId), app.client, str(payload.botUserId), eventId, true);
  });

  /** The thread's messages from people, oldest first, then the mention itself ("@rwerror ERROR: …"). */
  async function candidates(m: Mention, client: webApi.WebClient, botUserId: string | undefined) {
    const own = { ts: m.ts, paste: { slackText: m.text.replace(MENTION, "").trim() } };
    if (!m.thread_ts) return [own];
    const replies = await callSlack(
      client.conversations.replies({ channel: m.channel, ts: m.thread_ts, limit: THREAD_MESSAGES }),
    );
    if (!replies.ok) deps.logger.warn(`mention: conversations.replies failed (${replies.error}) channel=${m.channel}`);
    const thread = replies.ok ? threadRepliesSchema.safeParse(replies.value) : undefined;
    const messages = thread?.success ? thread.data.messages : [];
    const fromPeople = messages.filter((x) => x.bot_id === undefined && x.user !== botUserId && x.ts !== m.ts);
    return [...fromPeople.map((x) => ({ ts: x.ts, paste: { slackText: x.text } })), own];
  }

  async function answerMention(
    m: Mention,
    teamId: string | undefined,
    client: webApi.WebClient,
    botUserId: string | undefined,
    eventId: string,
    recheck: boolean,
  ): Promise<AnswerOutcome | "no-error-found"> {
    const threadTs = m.thread_ts ?? m.ts;
    const key = `ev:${eventId}`;
    const port = {
      ...threadPort(client, { channel: m.channel, threadTs, pastedTs: m.ts }, deps.logger, {
        outbox: deps.outbox,
        key,
        recheck,
      }),
      visible: visibleHere(deps.access, m.channel),
    };
    const target = await firstErrorIn(deps, await candidates(m, client, botUserId), m.channel);
    if (!target) {
      await port.post(
        renderPlain(
          m.thread_ts
            ? "I found no error-looking message in this thread. Paste the error here (with its `Caused by` chain) and mention me again, or use `/rwerror`."
            : "Mention me in the thread of a pasted error, or paste the error (with its `Caused by` chain) right after `@rwerror`.",
        ),
      );
      return "no-error-found";
    }
    const where = {
      source: "shortcut" as const,
      teamId: teamId ?? null,
      channelId: m.channel,
      userId: m.user ?? null,
      messageTs: target.message.ts,
      threadTs,
      answerKey: key,
    };
    // Asked for by name: always a full card, once per thread and record; later cards link here.
    return answerRead(deps, target, where, "mention", { render: blockKit({ ephemeral: false }), port });
  }
}
