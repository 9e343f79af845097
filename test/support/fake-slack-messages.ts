/**
 * What the fake Slack remembers of posted messages, so conversations.replies and conversations.history
 * answer like Slack: a thread's root and replies (or a channel's messages), oldest first, with each
 * message's metadata only when `include_all_metadata` is set.
 */
export interface StoredMessage {
  channel: string;
  ts: string;
  threadTs: string | undefined;
  text: unknown;
  metadata: unknown;
}

type Args = Record<string, unknown>;

const truthy = (v: unknown) => v === true || v === "true" || v === "1";

function shown(m: StoredMessage, withMetadata: boolean): Record<string, unknown> {
  return {
    type: "message",
    ts: m.ts,
    text: m.text,
    bot_id: "B0RWBOT",
    ...(m.threadTs ? { thread_ts: m.threadTs } : {}),
    ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
  };
}

export function messageLog() {
  const messages: StoredMessage[] = [];
  return {
    messages,
    add(args: Args, ts: string): void {
      messages.push({
        channel: String(args.channel),
        ts,
        threadTs: typeof args.thread_ts === "string" ? args.thread_ts : undefined,
        text: args.text,
        metadata: args.metadata,
      });
    },
    replies(args: Args): Record<string, unknown> {
      const thread = messages.filter(
        (m) => m.channel === String(args.channel) && (m.threadTs === args.ts || m.ts === args.ts),
      );
      return { ok: true, messages: thread.map((m) => shown(m, truthy(args.include_all_metadata))), has_more: false };
    },
    history(args: Args): Record<string, unknown> {
      const oldest = Number(args.oldest ?? 0);
      const inChannel = messages.filter((m) => m.channel === String(args.channel) && Number(m.ts) >= oldest);
      // Slack lists a channel's history newest first.
      const newestFirst = [...inChannel].reverse();
      return {
        ok: true,
        messages: newestFirst.map((m) => shown(m, truthy(args.include_all_metadata))),
        has_more: false,
      };
    },
  };
}
