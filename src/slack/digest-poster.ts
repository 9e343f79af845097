/**
 * The digest scheduler and `rwerror digest` post through this: chat.postMessage with a channel name
 * resolved to its ID, the digest's key in the message metadata, and the channel searched for that key
 * before every attempt that may follow an earlier one (a takeover, a lost response, a retry), so a
 * digest is never posted twice. Give it a one-try client (`deliveryClient`): it retries itself, looking
 * first, where the Web API client's own retries would re-send blind.
 */
import type { types, webApi } from "@slack/bolt";
import { renderDigestMessage } from "../render/digest.ts";
import type { DigestOnce, PostDigest } from "../report/digest-post.ts";
import type { WeeklyDigest } from "../report/weekly.ts";
import { createChannelAccess } from "./access.ts";
import { ANSWER_EVENT_TYPE, deliveryOf, findKey, type MessageWithMetadata } from "./delivery.ts";

const CHANNEL_ID = /^[CGD][A-Z0-9]{5,}$/;
const MAX_PAGES = 20;
const HISTORY_PAGES = 5;

/** Any rendered message: the card renderer's and the digest renderer's blocks are both @slack/types Block Kit. */
export interface PlainMessage {
  text: string;
  blocks: readonly types.KnownBlock[];
}

export type PostMessage = (
  channel: string,
  message: PlainMessage,
  once?: DigestOnce,
) => Promise<{ channel: string; ts: string; found?: boolean }>;

async function resolveChannel(client: webApi.WebClient, nameOrId: string): Promise<string> {
  const name = nameOrId.trim().replace(/^#/, "");
  if (CHANNEL_ID.test(name)) return name;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const res = await client.conversations.list({
      types: "public_channel,private_channel",
      exclude_archived: true,
      limit: 1000,
      ...(cursor ? { cursor } : {}),
    });
    const found = res.channels?.find((c) => c.name === name.toLowerCase());
    if (found?.id) return found.id;
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  throw new Error(`channel not found: #${name} (invite the bot or use the channel ID)`);
}

/** The ts of a message carrying `key` posted in the channel since `since`. */
async function findPosted(client: webApi.WebClient, channel: string, once: DigestOnce): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < HISTORY_PAGES; page++) {
    const res = await client.conversations.history({
      channel,
      oldest: String(Math.floor(once.since / 1000)),
      include_all_metadata: true,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    const ts = findKey(res.messages as MessageWithMetadata[] | undefined, once.key);
    if (ts) return ts;
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) return undefined;
  }
  return undefined;
}

// Not unref()ed: `rwerror digest` has nothing else keeping the process alive while it waits.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createDigestPoster(
  client: webApi.WebClient,
  { attempts = 4 }: { attempts?: number } = {},
): PostMessage {
  const ids = new Map<string, string>();
  return async (channel, message, once) => {
    const id = ids.get(channel) ?? (await resolveChannel(client, channel));
    ids.set(channel, id);
    for (let attempt = 1; ; attempt++) {
      if (once) {
        try {
          const ts = await findPosted(client, id, once);
          if (ts) return { channel: id, ts, found: true };
        } catch (error) {
          // Slack failing now: no post blind (the caller gives the claim back and a later run looks again).
          // A look-up that can never work (missing_scope) must not cost the digest: post it.
          if (deliveryOf(error).kind === "retry") throw error;
        }
      }
      try {
        const res = await client.chat.postMessage({
          channel: id,
          unfurl_links: false,
          text: message.text,
          blocks: [...message.blocks],
          ...(once ? { metadata: { event_type: ANSWER_EVENT_TYPE, event_payload: { key: once.key } } } : {}),
        });
        return { channel: res.channel ?? id, ts: res.ts ?? "" };
      } catch (error) {
        const failed = deliveryOf(error);
        if (failed.kind === "final" || attempt >= attempts) throw error;
        await pause(Math.max(failed.afterMs ?? 0, 1_000 * 2 ** (attempt - 1)));
      }
    }
  };
}

/**
 * The digest as its channel may read it: notes written in a private channel stay there (unless their
 * author shared them, which stores them without a channel).
 */
export async function withoutPrivateNotes(
  digest: WeeklyDigest,
  isPublic: (channelId: string) => Promise<boolean>,
): Promise<WeeklyDigest> {
  const keep = await Promise.all(digest.notes.map((n) => (n.channelId === null ? true : isPublic(n.channelId))));
  return { ...digest, notes: digest.notes.filter((_n, i) => keep[i]) };
}

/**
 * Renders and posts a weekly digest (the scheduler's and `rwerror digest`'s post), without the notes of
 * private channels, once per key. `client` posts (give it a one-try client, see above); `lookups`
 * (default: the same client) asks whether a note's channel is public.
 */
export function createDigestPost(
  client: webApi.WebClient,
  logger: { info(msg: string): void } = { info: () => {} },
  lookups: webApi.WebClient = client,
): PostDigest {
  const post = createDigestPoster(client);
  const access = createChannelAccess(() => lookups, [], Date.now, logger);
  return async (channel, digest, once) => {
    const visible = await withoutPrivateNotes(digest, access.isPublic);
    return await post(channel, renderDigestMessage(visible), once);
  };
}
