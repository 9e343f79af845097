/**
 * Who may see and change what. A card, a mute list or a note shown in one channel may only carry what
 * came from that channel or from public channels (a private channel's history stays there), and only
 * RWERROR_ADMINS (users or user groups) may change shared settings when it is set. Slack is asked once
 * per channel or group and the answer cached; when Slack cannot say, a channel counts as private and a
 * user as no admin: the safe side.
 */
import type { webApi } from "@slack/bolt";
import { callSlack } from "./web-call.ts";

const TTL_MS = 10 * 60_000;

export interface ChannelAccess {
  /** True for a public channel; private channels, DMs and channels Slack will not describe are not. */
  isPublic(channelId: string): Promise<boolean>;
  /** What a card in `here` may show from `channelId`: its own channel, public channels, the terminal (''). */
  visibleIn(here: string | undefined, channelId: string): Promise<boolean>;
  /** Whether RWERROR_ADMINS restricts mutes and release changes at all. */
  readonly restricted: boolean;
  /** May this user mute errors and change a channel's release? */
  mayChangeSettings(userId: string): Promise<boolean>;
  /** RWERROR_ADMINS as mentions (`<@U…>`, `<!subteam^S…>`), for "ask …". */
  readonly adminMentions: readonly string[];
}

interface Cached<T> {
  value: T;
  at: number;
}

export function createChannelAccess(
  clientOf: () => webApi.WebClient,
  admins: readonly string[],
  now: () => number,
  logger: { info(msg: string): void },
): ChannelAccess {
  const channels = new Map<string, Cached<boolean>>();
  const groups = new Map<string, Cached<ReadonlySet<string>>>();
  const fresh = <T>(hit: Cached<T> | undefined): hit is Cached<T> => hit !== undefined && now() - hit.at < TTL_MS;

  const isPublic = async (channelId: string): Promise<boolean> => {
    // DMs and group DMs are nobody else's business; so is anything that is not a channel id.
    if (!/^C[A-Z0-9]{2,}$/.test(channelId)) return false;
    const hit = channels.get(channelId);
    if (fresh(hit)) return hit.value;
    const info = await callSlack(clientOf().conversations.info({ channel: channelId }));
    if (!info.ok) {
      logger.info(`access: conversations.info failed (${info.error}) channel=${channelId}; treated as private`);
      return false;
    }
    const c = info.value.channel;
    const value = c?.is_private !== true && c?.is_im !== true && c?.is_mpim !== true;
    channels.set(channelId, { value, at: now() });
    return value;
  };

  const users = new Set(admins.filter((id) => !id.startsWith("S")));
  const groupIds = admins.filter((id) => id.startsWith("S"));
  const membersOf = async (groupId: string): Promise<ReadonlySet<string>> => {
    const hit = groups.get(groupId);
    if (fresh(hit)) return hit.value;
    const listed = await callSlack(clientOf().usergroups.users.list({ usergroup: groupId }));
    if (!listed.ok) {
      logger.info(`access: usergroups.users.list failed (${listed.error}) group=${groupId}; nobody counted in it`);
      return new Set();
    }
    const value = new Set(listed.value.users ?? []);
    groups.set(groupId, { value, at: now() });
    return value;
  };

  return {
    isPublic,
    visibleIn: async (here, channelId) => channelId === "" || channelId === here || (await isPublic(channelId)),
    restricted: admins.length > 0,
    mayChangeSettings: async (userId) => {
      if (admins.length === 0 || users.has(userId)) return true;
      for (const g of groupIds) if ((await membersOf(g)).has(userId)) return true;
      return false;
    },
    adminMentions: admins.map((id) => (id.startsWith("S") ? `<!subteam^${id}>` : `<@${id}>`)),
  };
}

/** What a card posted in `here` may show from another channel. */
export function visibleHere(access: ChannelAccess, here: string | undefined): (channelId: string) => Promise<boolean> {
  return (channelId) => access.visibleIn(here, channelId);
}
