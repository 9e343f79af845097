import type { Store } from "./db.ts";

export interface ChannelVersion {
  channelId: string;
  version: string;
  updatedBy: string | null;
  updatedAt: number;
}

/** The release set for a channel with `/rwerror version`, if any. */
export function getChannelVersion(store: Store, channelId: string): string | undefined {
  const row = store
    .prepare("SELECT risingwave_version AS version FROM channel_settings WHERE channel_id = ?")
    .get(channelId) as { version: string } | undefined;
  return row?.version;
}

/** Sets (or, with null, clears) the channel's release; the last setting wins. */
export function setChannelVersion(
  store: Store,
  channelId: string,
  version: string | null,
  userId: string | null,
): void {
  if (version === null) {
    store.prepare("DELETE FROM channel_settings WHERE channel_id = ?").run(channelId);
    return;
  }
  store
    .prepare(
      `INSERT INTO channel_settings (channel_id, risingwave_version, updated_by, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (channel_id) DO UPDATE SET risingwave_version = excluded.risingwave_version,
         updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    )
    .run(channelId, version, userId, store.now());
}

/** Every channel with a release set, most recently set first (App Home lists them). */
export function listChannelVersions(store: Store, limit = 20): ChannelVersion[] {
  return store
    .prepare(
      `SELECT channel_id AS channelId, risingwave_version AS version, updated_by AS updatedBy, updated_at AS updatedAt
       FROM channel_settings ORDER BY updated_at DESC, channel_id LIMIT ?`,
    )
    .all(limit) as ChannelVersion[];
}
