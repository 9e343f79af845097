/** `@rwerror` in a thread: explains the thread's first error-looking message, answered in the thread. */
import type { App, webApi } from "@slack/bolt";
import type { z } from "zod";
import { renderPlain, type SlackMessage } from "../render/index.ts";
import { answerPaste } from "./answer.ts";
import type { ListenerDeps } from "./deps.ts";
import { handleOnce } from "./event-claim.ts";
import { appMentionSchema, eventEnvelopeSchema, threadRepliesSchema } from "./payloads.ts";
import { plainTextFromSlack } from "./slack-text.ts";
import { callSlack } from "./web-call.ts";

/** A thread longer than this is read from its start only: the error is almost always near the top. */
const THREAD_MESSAGES = 50;
const MENTION = /<@[A-Z0-9]+(?:\|[^>]*)?>/g;

export function registerMention(app: App, deps: ListenerDeps): void {
  app.event("app_mention", async ({ event, body, client, context }) => {
    const parsed = appMentionSchema.safeParse(event);
    const envelope = eventEnvelopeSchema.safeParse(body);
    if (!parsed.success || !envelope.success) return;
    await handleOnce(deps, envelope.data.event_id, () =>
      answerMention(parsed.data, envelope.data.team_id, client, context.botUserId),
    );
  });

  async function answerMention(
    m: z.infer<typeof appMentionSchema>,
    teamId: string | undefined,
    client: webApi.WebClient,
    botUserId: string | undefined,
  ): Promise<void> {
    const threadTs = m.thread_ts ?? m.ts;

    // The mention itself may carry the error ("@rwerror ERROR: …"); else the thread's first error.
    const candidates: { ts: string; text: string }[] = [{ ts: m.ts, text: m.text.replace(MENTION, "").trim() }];
    if (m.thread_ts) {
      const replies = await callSlack(
        client.conversations.replies({ channel: m.channel, ts: m.thread_ts, limit: THREAD_MESSAGES }),
      );
      if (!replies.ok)
        deps.logger.warn(`mention: conversations.replies failed (${replies.error}) channel=${m.channel}`);
      const thread = replies.ok ? threadRepliesSchema.safeParse(replies.value) : undefined;
      const messages = thread?.success ? thread.data.messages : [];
      const fromPeople = messages.filter((x) => x.bot_id === undefined && x.user !== botUserId && x.ts !== m.ts);
      candidates.unshift(...fromPeople.map((x) => ({ ts: x.ts, text: x.text })));
    }
    const target = candidates.find(
      (c) => c.text !== "" && deps.matcher.match(plainTextFromSlack(c.text)).looksLikeError,
    );
    if (!target) {
      await client.chat.postMessage({
        channel: m.channel,
        thread_ts: threadTs,
        ...renderPlain(
          m.thread_ts
            ? "I found no error-looking message in this thread. Paste the error here (with its `Caused by` chain) and mention me again, or use `/rwerror`."
            : "Mention me in the thread of a pasted error, or paste the error (with its `Caused by` chain) right after `@rwerror`.",
        ),
      });
      return;
    }
    const { message, result } = await answerPaste(
      deps,
      client,
      target.text,
      {
        source: "shortcut",
        teamId: teamId ?? null,
        channelId: m.channel,
        userId: m.user,
        messageTs: target.ts,
        threadTs,
      },
      { ephemeral: false },
    );
    const best = result.verdict === "answer" ? result.matches[0] : undefined;
    const post = (body: SlackMessage) =>
      client.chat.postMessage({
        channel: m.channel,
        thread_ts: threadTs,
        unfurl_links: false,
        unfurl_media: false,
        ...body,
      });
    if (!best) {
      await post(message);
      return;
    }
    // The same bookkeeping as auto-replies: one card per thread and record, and later cards link here.
    // Asked for by name, so always a full card: no pointer, no cap.
    const key = { channelId: m.channel, threadTs, recordId: best.record.id };
    const now = deps.now();
    const request = {};
    const claim = await deps.guard.decide(
      `reply claim channel=${m.channel}`,
      (store) => store.claimReply(key, request),
      () => deps.localClaims.claimReply(key, request, now),
    );
    if (claim.kind === "already-replied") {
      await post(renderPlain(":point_up: I already answered this error in this thread; scroll up for the card."));
      return;
    }
    try {
      const posted = await post(message);
      const ts = posted.ts;
      if (ts) await deps.guard.write("reply ts", (store) => store.setReplyTs(key, ts));
    } catch (error) {
      await deps.guard.write("reply release", (store) => store.releaseReply(key));
      throw error;
    }
  }
}
