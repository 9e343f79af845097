import type { Store } from "./db.ts";
import { IDS_PER_MS } from "./occurrences.ts";

export interface RecordHistory {
  count: number;
  firstAt: number;
  lastAt: number;
  channels: string[];
}

/**
 * How often a record was seen, first and last, and in which channels (most used first), all-time.
 * Read it before logging the occurrence being answered: "seen before" means before this paste.
 */
export function recordHistory(store: Store, recordId: string): RecordHistory {
  const totals = store
    .prepare(
      `SELECT coalesce(sum(n), 0) AS count, min(first_at) AS firstAt, max(last_at) AS lastAt
       FROM record_channels WHERE record_id = ?`,
    )
    .get(recordId) as { count: number; firstAt: number | null; lastAt: number | null };
  const channels = store
    .prepare(
      `SELECT channel_id AS channelId FROM record_channels WHERE record_id = ? AND channel_id <> ''
       ORDER BY n DESC, last_at DESC LIMIT 10`,
    )
    .all(recordId) as { channelId: string }[];
  return {
    count: totals.count,
    firstAt: totals.firstAt ?? 0,
    lastAt: totals.lastAt ?? 0,
    channels: channels.map((c) => c.channelId),
  };
}

export interface AnsweredThread {
  channelId: string;
  threadTs: string;
  /** The bot's reply in it, when known (a permalink target). */
  replyTs: string | null;
  at: number;
  helpful: boolean;
  noted: boolean;
}

/**
 * Earlier threads where the record was answered, those with a Helpful vote or a team note first,
 * then the newest; `exclude` leaves out the thread being answered now.
 */
export function answeredThreads(
  store: Store,
  recordId: string,
  { limit = 3, exclude }: { limit?: number; exclude?: { channelId: string; threadTs: string } } = {},
): AnsweredThread[] {
  const rows = store
    .prepare(
      `SELECT r.channel_id AS channelId, r.thread_ts AS threadTs, r.reply_ts AS replyTs, r.created_at AS at,
         EXISTS (SELECT 1 FROM feedback f WHERE f.record_id = r.record_id AND f.channel_id = r.channel_id
                 AND f.message_ts = r.reply_ts AND f.helpful = 1) AS helpful,
         EXISTS (SELECT 1 FROM notes n WHERE n.record_id = r.record_id AND n.channel_id = r.channel_id
                 AND n.thread_ts IN (r.thread_ts, r.reply_ts)) AS noted
       FROM replies r WHERE r.record_id = ? AND r.full_card = 1
         AND NOT (r.channel_id = ? AND r.thread_ts = ?)
       ORDER BY (helpful OR noted) DESC, r.created_at DESC LIMIT ?`,
    )
    .all(recordId, exclude?.channelId ?? "", exclude?.threadTs ?? "", limit) as (Omit<
    AnsweredThread,
    "helpful" | "noted"
  > & {
    helpful: number;
    noted: number;
  })[];
  return rows.map((r) => ({ ...r, helpful: r.helpful === 1, noted: r.noted === 1 }));
}

/** Pastes of the record in a channel since `sinceMs` (the repeat pointer says how often). */
export function countInChannelSince(store: Store, channelId: string, recordId: string, sinceMs: number): number {
  const row = store
    .prepare("SELECT count(*) AS n FROM occurrences WHERE record_id = ? AND channel_id = ? AND id >= ?")
    .get(recordId, channelId, Math.floor(sinceMs) * IDS_PER_MS) as { n: number };
  return row.n;
}

/** True when this message already counted against the record, from any entry point (a paste is one occurrence). */
export function messageAlreadyCounted(
  store: Store,
  channelId: string | null | undefined,
  messageTs: string | null | undefined,
  recordId: string | null,
): boolean {
  if (!messageTs) return false;
  return (
    store
      .prepare(
        `SELECT 1 FROM occurrences WHERE message_ts = ? AND coalesce(channel_id, '') = coalesce(?, '')
         AND coalesce(record_id, '') = coalesce(?, '') LIMIT 1`,
      )
      .get(messageTs, channelId ?? null, recordId) !== undefined
  );
}
