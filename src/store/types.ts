/**
 * The occurrence store's contract, shared by the Slack adapter, the CLI and the reports.
 * Implemented in src/store/*.ts over better-sqlite3; never imports Slack.
 */
import type { MatchKind } from "../matcher/types.ts";

export type OccurrenceSource = "slash" | "auto" | "shortcut" | "console";

export interface OccurrenceInput {
  /** Matched record id, or null for an error that matched nothing. */
  recordId: string | null;
  source: OccurrenceSource;
  teamId?: string | null;
  channelId?: string | null;
  userId?: string | null;
  messageTs?: string | null;
  threadTs?: string | null;
  confidence?: number | null;
  matchKind?: MatchKind | null;
  /** The pasted text; the store redacts secrets and cuts it to 500 chars itself. */
  text: string;
  /**
   * The error itself when the paste holds more (the matcher's root-cause layer): an unmatched
   * error is fingerprinted from this instead of the whole paste. Redacted like the excerpt.
   */
  errorText?: string | null;
  /** ms since epoch; defaults to the store's clock. */
  occurredAt?: number;
}

export interface FeedbackInput {
  recordId: string;
  helpful: boolean;
  userId: string;
  teamId?: string | null;
  channelId?: string | null;
  messageTs?: string | null;
  at?: number;
}

export interface ReplyKey {
  channelId: string;
  threadTs: string;
  recordId: string;
}

/**
 * Functions the store exports (implemented by the store module, consumed by Slack, CLI, console):
 *
 *   openStore(path: string, opts?: { now?: () => number }): Store       // src/store/db.ts; ":memory:" allowed
 *   interface Store { db: Database; now(): number; close(): void }
 *   recordOccurrence(store, input: OccurrenceInput): { id: number; inserted: boolean }
 *       // idempotent: the same (source, channel, messageTs, recordId) is one row however often called
 *   recordFeedback(store, input: FeedbackInput): void                 // one vote per user+record+message, last wins
 *   markEventSeen(store, eventId: string): boolean                    // true the first time; pruned after a day
 *   claimReply(store, key: ReplyKey): boolean                         // true if this thread+record had no reply yet
 *   setReplyTs(store, key: ReplyKey, replyTs: string, fullCard: boolean): void
 *   recentReplyInChannel(store, channelId, recordId, sinceMs): { threadTs: string; replyTs: string | null } | undefined
 *   countFullCardsSince(store, channelId, sinceMs): number
 */
