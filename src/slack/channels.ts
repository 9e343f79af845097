/**
 * Which channels get auto-replies: RWERROR_AUTO_CHANNELS holds IDs (`C0123ABCD`), names
 * (`incidents`, `#incidents`) and globs (`inc-*`). Names are looked up once per channel and cached;
 * a lookup that fails (throws) is retried once and never cached, so one Slack hiccup cannot mute a
 * channel for the cache's lifetime.
 */
const CHANNEL_ID = /^[CG][A-Z0-9]{5,}$/;
/** A channel renamed while we run is picked up after this long. */
const NAME_TTL_MS = 10 * 60_000;

/** The channel's name, undefined for a channel without one; throws when Slack could not say. */
export type ChannelNameLookup = (channelId: string) => Promise<string | undefined>;

const LOOKUP_ATTEMPTS = 2;

export interface ChannelFilter {
  readonly enabled: boolean;
  allows(channelId: string): Promise<boolean>;
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}

export function createChannelFilter(
  patterns: readonly string[],
  lookupName: ChannelNameLookup,
  now: () => number,
): ChannelFilter {
  const ids = new Set<string>();
  const names: RegExp[] = [];
  for (const raw of patterns) {
    const p = raw.trim();
    if (p === "") continue;
    if (CHANNEL_ID.test(p)) ids.add(p);
    else names.push(globToRegExp(p.replace(/^#/, "").toLowerCase()));
  }
  const cache = new Map<string, { name: string | undefined; at: number }>();

  const nameOf = async (channelId: string): Promise<string | undefined> => {
    const hit = cache.get(channelId);
    if (hit && now() - hit.at < NAME_TTL_MS) return hit.name;
    for (let attempt = 1; ; attempt++) {
      try {
        const name = (await lookupName(channelId))?.toLowerCase();
        cache.set(channelId, { name, at: now() });
        return name;
      } catch (error) {
        if (attempt >= LOOKUP_ATTEMPTS) throw error;
      }
    }
  };

  return {
    enabled: ids.size > 0 || names.length > 0,
    allows: async (channelId) => {
      if (ids.has(channelId)) return true;
      if (names.length === 0) return false;
      let name: string | undefined;
      try {
        name = await nameOf(channelId);
      } catch {
        return false; // this message only; the next one asks Slack again
      }
      return name !== undefined && names.some((re) => re.test(name));
    },
  };
}
