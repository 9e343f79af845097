/** `@rwerror` in a thread: explains the thread's first error-looking message, answered in the thread. */
import type { App } from "@slack/bolt";
import { renderPlain, type SlackMessage } from "../render/index.ts";
import { answerPaste } from "./answer.ts";
import { claimReply, markEventSeen, releaseReply, setReplyTs } from "./core.ts";
import type { ListenerDeps } from "./deps.ts";
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
    if (!markEventSeen(deps.store, envelope.data.event_id)) return;
    const m = parsed.data;
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
      const fromPeople = messages.filter(
        (x) => x.bot_id === undefined && x.user !== context.botUserId && x.ts !== m.ts,
      );
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
        teamId: envelope.data.team_id,
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
    const key = { channelId: m.channel, threadTs, recordId: best.record.id };
    if (!claimReply(deps.store, key, { fullCard: true })) {
      await post(renderPlain(":point_up: I already answered this error in this thread; scroll up for the card."));
      return;
    }
    try {
      const posted = await post(message);
      if (posted.ts) setReplyTs(deps.store, key, posted.ts);
    } catch (error) {
      releaseReply(deps.store, key);
      throw error;
    }
  });
}
