import type { Store } from "./db.ts";
import type { ReplyKey } from "./types.ts";

const DAY_MS = 86_400_000;

/** True the first time an event id is seen: Slack retries carry the same id. */
export function markEventSeen(store: Store, eventId: string): boolean {
  return (
    store.prepare("INSERT OR IGNORE INTO seen_events (event_id, seen_at) VALUES (?, ?)").run(eventId, store.now())
      .changes === 1
  );
}

/** Slack stops retrying within minutes; a day of event ids is plenty. */
export function pruneSeenEvents(store: Store, maxAgeMs = DAY_MS): number {
  return store.prepare("DELETE FROM seen_events WHERE seen_at < ?").run(store.now() - maxAgeMs).changes;
}

/**
 * True if this thread had no reply for this record yet; the caller then posts and calls setReplyTs.
 * Whether the reply is a full card is fixed here, at claim time: a card still being posted already
 * counts against the channel's card cap, so replies posted concurrently cannot overshoot it.
 */
export function claimReply(store: Store, key: ReplyKey, opts: { fullCard: boolean }): boolean {
  return (
    store
      .prepare(
        "INSERT OR IGNORE INTO replies (channel_id, thread_ts, record_id, full_card, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(key.channelId, key.threadTs, key.recordId, opts.fullCard ? 1 : 0, store.now()).changes === 1
  );
}

export function setReplyTs(store: Store, key: ReplyKey, replyTs: string): void {
  store
    .prepare("UPDATE replies SET reply_ts = ? WHERE channel_id = ? AND thread_ts = ? AND record_id = ?")
    .run(replyTs, key.channelId, key.threadTs, key.recordId);
}

/** Lets a failed post be retried: forgets a claim that never got a reply ts (and its place under the cap). */
export function releaseReply(store: Store, key: ReplyKey): void {
  store
    .prepare("DELETE FROM replies WHERE channel_id = ? AND thread_ts = ? AND record_id = ? AND reply_ts IS NULL")
    .run(key.channelId, key.threadTs, key.recordId);
}

/**
 * The newest full card about this record in the channel since `sinceMs`, posted or still being
 * posted (replyTs null), so a repeat links to the card itself, never to a one-line pointer.
 */
export function recentReplyInChannel(
  store: Store,
  channelId: string,
  recordId: string,
  sinceMs: number,
): { threadTs: string; replyTs: string | null } | undefined {
  return store
    .prepare(
      `SELECT thread_ts AS threadTs, reply_ts AS replyTs FROM replies
       WHERE channel_id = ? AND record_id = ? AND created_at >= ? AND full_card = 1
       ORDER BY created_at DESC, id DESC LIMIT 1`,
    )
    .get(channelId, recordId, sinceMs) as { threadTs: string; replyTs: string | null } | undefined;
}

/** Full cards posted or claimed (still being posted) in the channel since `sinceMs`. */
export function countFullCardsSince(store: Store, channelId: string, sinceMs: number): number {
  const row = store
    .prepare("SELECT count(*) AS n FROM replies WHERE channel_id = ? AND full_card = 1 AND created_at >= ?")
    .get(channelId, sinceMs) as { n: number };
  return row.n;
}

/** Reply bookkeeping only matters for recent threads. */
export function pruneReplies(store: Store, maxAgeMs = 30 * DAY_MS): number {
  return store.prepare("DELETE FROM replies WHERE created_at < ?").run(store.now() - maxAgeMs).changes;
}
