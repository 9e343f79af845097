import type { Store } from "./db.ts";

export interface Mute {
  channelId: string;
  recordId: string;
  until: number;
  userId: string;
}

/** Mutes (or re-mutes, moving the end) a record's auto-replies in a channel. */
export function muteRecord(store: Store, mute: Mute): void {
  store
    .prepare(
      `INSERT INTO mutes (channel_id, record_id, until, user_id, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (channel_id, record_id) DO UPDATE SET until = excluded.until, user_id = excluded.user_id`,
    )
    .run(mute.channelId, mute.recordId, mute.until, mute.userId, store.now());
}

export function isMuted(store: Store, channelId: string, recordId: string, at = store.now()): boolean {
  return (
    store
      .prepare("SELECT 1 FROM mutes WHERE channel_id = ? AND record_id = ? AND until > ?")
      .get(channelId, recordId, at) !== undefined
  );
}

/** Mutes still in force, in one channel or everywhere, ending soonest first. */
export function activeMutes(store: Store, channelId?: string, at = store.now()): Mute[] {
  const sql = `SELECT channel_id AS channelId, record_id AS recordId, until, user_id AS userId FROM mutes
    WHERE until > ? ${channelId ? "AND channel_id = ?" : ""} ORDER BY until LIMIT 100`;
  return (channelId ? store.prepare(sql).all(at, channelId) : store.prepare(sql).all(at)) as Mute[];
}

/** The record seen most recently in a channel (`/rwerror mute last`). */
export function lastRecordInChannel(store: Store, channelId: string): string | undefined {
  const row = store
    .prepare("SELECT record_id AS recordId FROM record_channels WHERE channel_id = ? ORDER BY last_at DESC LIMIT 1")
    .get(channelId) as { recordId: string } | undefined;
  return row?.recordId;
}
