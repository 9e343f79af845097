/**
 * The outbox's delivery port over Slack's Web API. One attempt per call (the outbox retries, with its
 * own backoff and across replicas): a client with no retries of its own, so a post whose response
 * was lost is never re-sent blind. Every post carries its idempotency key in the message metadata
 * (`event_type: rwerror_answer`); before posting again, the thread (or the channel) is searched for it.
 */
import { webApi } from "@slack/bolt";
import type { Delivery, DeliveryPort } from "../answer/outbox.ts";
import type { OutboxEntry } from "../store/index.ts";

export const ANSWER_EVENT_TYPE = "rwerror_answer";

/** Platform errors that another try fixes; every other `ok: false` is final (channel_not_found, …). */
const PASSING = new Set(["ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"]);

/** What a failed call means for the outbox: retry (with Slack's Retry-After) or give up. */
export function deliveryOf(error: unknown): Exclude<Delivery, { kind: "posted" }> {
  const e = (error ?? {}) as { code?: unknown; retryAfter?: unknown; statusCode?: unknown; data?: { error?: unknown } };
  switch (e.code) {
    case webApi.ErrorCode.RateLimitedError:
      return { kind: "retry", reason: "ratelimited", afterMs: Number(e.retryAfter ?? 1) * 1000 };
    case webApi.ErrorCode.HTTPError: {
      const status = Number(e.statusCode);
      // 5xx, 408 and 429 without the client noticing: Slack's side, worth another try.
      return status >= 500 || status === 408 || status === 429
        ? { kind: "retry", reason: `http_${status}` }
        : { kind: "final", reason: `http_${status}` };
    }
    case webApi.ErrorCode.PlatformError: {
      const code = String(e.data?.error ?? "unknown");
      return PASSING.has(code) ? { kind: "retry", reason: code } : { kind: "final", reason: code };
    }
    case webApi.ErrorCode.RequestError:
      return { kind: "retry", reason: /timeout/i.test(String((error as Error).message)) ? "timeout" : "network" };
    default:
      return { kind: "retry", reason: (error as Error)?.message ?? String(error) };
  }
}

export interface MessageWithMetadata {
  ts?: string;
  metadata?: { event_type?: string; event_payload?: { key?: unknown } };
}

/** The ts of the message carrying idempotency key `key`, if any. */
export function findKey(messages: readonly MessageWithMetadata[] | undefined, key: string): string | undefined {
  return messages?.find((m) => m.metadata?.event_type === ANSWER_EVENT_TYPE && m.metadata.event_payload?.key === key)
    ?.ts;
}

/** A Web API client for the outbox: one try per call, a 429 handed back with its Retry-After. */
export function deliveryClient(token: string, options: { slackApiUrl?: string | undefined; fetch?: typeof fetch }) {
  return new webApi.WebClient(token, {
    ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeout: 10_000,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logLevel: webApi.LogLevel.ERROR,
  });
}

export function slackDelivery(client: webApi.WebClient): DeliveryPort {
  /** The ts of an earlier post of `entry`, if one landed. */
  async function earlierPost(entry: OutboxEntry): Promise<string | undefined> {
    if (entry.threadTs) {
      const thread = await client.conversations.replies({
        channel: entry.channelId,
        ts: entry.threadTs,
        include_all_metadata: true,
        limit: 200,
      });
      return findKey(thread.messages as MessageWithMetadata[] | undefined, entry.key);
    }
    // A channel post (the digest): its own history since just before the answer was written.
    const history = await client.conversations.history({
      channel: entry.channelId,
      oldest: String(Math.floor(entry.createdAt / 1000) - 60),
      include_all_metadata: true,
      limit: 200,
    });
    return findKey(history.messages as MessageWithMetadata[] | undefined, entry.key);
  }

  return {
    async deliver(entry, recheck) {
      if (recheck) {
        try {
          const ts = await earlierPost(entry);
          if (ts) return { kind: "posted", ts };
        } catch (error) {
          const failed = deliveryOf(error);
          // Slack is still failing: look again next time rather than post blind. A lookup that can
          // never work (missing_scope, not_in_channel) must not cost the answer: post it.
          if (failed.kind === "retry") return failed;
        }
      }
      try {
        const message = JSON.parse(entry.message) as Record<string, unknown>;
        const res = await client.chat.postMessage({
          channel: entry.channelId,
          ...(entry.threadTs ? { thread_ts: entry.threadTs } : {}),
          unfurl_links: false,
          unfurl_media: false,
          ...message,
          text: typeof message.text === "string" ? message.text : "",
          metadata: { event_type: ANSWER_EVENT_TYPE, event_payload: { key: entry.key } },
        });
        return res.ts ? { kind: "posted", ts: res.ts } : { kind: "retry", reason: "no ts in the response" };
      } catch (error) {
        return deliveryOf(error);
      }
    },
  };
}
