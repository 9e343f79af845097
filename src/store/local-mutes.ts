/**
 * The mutes in force, as this process last read them from the database (and as it set them since):
 * while the database does not answer, a muted error stays muted instead of being answered again.
 * Only a fallback: a mute set on another replica during an outage is seen once the database is back.
 */
import type { Mute } from "./team-types.ts";

export interface LocalMutes {
  /** The database's full list of mutes in force (a refresh). */
  replace(mutes: readonly Mute[]): void;
  /** A mute this process set (it may not have reached the database yet). */
  add(mute: Mute): void;
  /** A mute this process lifted. */
  remove(channelId: string, recordId: string): void;
  isMuted(channelId: string, recordId: string, at: number): boolean;
}

const muteId = (channelId: string, recordId: string) => `${channelId}\u001f${recordId}`;

export function createLocalMutes(): LocalMutes {
  let until = new Map<string, number>();
  return {
    replace(mutes) {
      until = new Map(mutes.map((m) => [muteId(m.channelId, m.recordId), m.until]));
    },
    add(mute) {
      until.set(muteId(mute.channelId, mute.recordId), mute.until);
    },
    remove(channelId, recordId) {
      until.delete(muteId(channelId, recordId));
    },
    isMuted: (channelId, recordId, at) => (until.get(muteId(channelId, recordId)) ?? 0) > at,
  };
}
