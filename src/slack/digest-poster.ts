/** The digest scheduler posts through this: chat.postMessage, with a channel name resolved to its ID. */
import type { types, webApi } from "@slack/bolt";
import { renderDigestMessage } from "../render/digest.ts";
import type { WeeklyDigest } from "../report/weekly.ts";
import { createChannelAccess } from "./access.ts";

const CHANNEL_ID = /^[CGD][A-Z0-9]{5,}$/;
const MAX_PAGES = 20;

/** Any rendered message: the card renderer's and the digest renderer's blocks are both @slack/types Block Kit. */
export interface PlainMessage {
  text: string;
  blocks: readonly types.KnownBlock[];
}

export type PostMessage = (channel: string, message: PlainMessage) => Promise<{ channel: string; ts: string }>;

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

export function createDigestPoster(client: webApi.WebClient): PostMessage {
  const ids = new Map<string, string>();
  return async (channel, message) => {
    const id = ids.get(channel) ?? (await resolveChannel(client, channel));
    ids.set(channel, id);
    const res = await client.chat.postMessage({
      channel: id,
      unfurl_links: false,
      text: message.text,
      blocks: [...message.blocks],
    });
    return { channel: res.channel ?? id, ts: res.ts ?? "" };
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

/** Renders and posts a weekly digest (the scheduler's and `rwerror digest`'s post). */
export function createDigestPost(
  client: webApi.WebClient,
  logger: { info(msg: string): void } = { info: () => {} },
): (channel: string, digest: WeeklyDigest) => Promise<{ ts: string }> {
  const post = createDigestPoster(client);
  const access = createChannelAccess(() => client, [], Date.now, logger);
  return async (channel, digest) => ({
    ts: (await post(channel, renderDigestMessage(await withoutPrivateNotes(digest, access.isPublic)))).ts,
  });
}
