import type { Store } from "./db.ts";
import type { FeedbackInput } from "./types.ts";

/** One vote per user, record and message; voting again replaces the earlier vote. */
export function recordFeedback(store: Store, input: FeedbackInput): void {
  store
    .prepare(
      `INSERT INTO feedback (record_id, helpful, user_id, team_id, channel_id, message_ts, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (vote_key) DO UPDATE SET helpful = excluded.helpful, created_at = excluded.created_at`,
    )
    .run(
      input.recordId,
      input.helpful ? 1 : 0,
      input.userId,
      input.teamId ?? null,
      input.channelId ?? null,
      input.messageTs ?? null,
      input.at ?? store.now(),
    );
}

export interface FeedbackTally {
  recordId: string;
  helpful: number;
  notHelpful: number;
}

/** Records voted Not helpful in [from, to), most Not-helpful votes first. */
export function notHelpfulRecords(
  store: Store,
  { from, to, limit = 10 }: { from: number; to: number; limit?: number },
): FeedbackTally[] {
  return store
    .prepare(
      `SELECT record_id AS recordId, sum(helpful) AS helpful, sum(1 - helpful) AS notHelpful
       FROM feedback WHERE created_at >= ? AND created_at < ?
       GROUP BY record_id HAVING notHelpful > 0
       ORDER BY notHelpful DESC, helpful ASC, record_id LIMIT ?`,
    )
    .all(from, to, limit) as FeedbackTally[];
}
