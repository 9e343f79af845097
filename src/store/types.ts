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
 * Functions the store exports (src/store/index.ts; consumed by Slack, CLI, console):
 *
 *   openStore(path: string, opts?: { now?: () => number; busyTimeoutMs?: number }): Store   // ":memory:" allowed;
 *       // creates the parent dir, WAL, busy_timeout, foreign_keys, runs migrations/ (MigrationError if the DB is newer)
 *   interface Store { db: Database; now(): number; prepare(sql): Statement; close(): void }
 *   recordOccurrence(store, input: OccurrenceInput): { id: number; inserted: boolean }
 *       // idempotent: the same (source, channel, messageTs, recordId) is one row however often called;
 *       // without messageTs (console, CLI) every call is a new row; redacts + cuts the excerpt; fingerprints unmatched
 *   recordFeedback(store, input: FeedbackInput): void                 // one vote per user+record+message, last wins
 *   markEventSeen(store, eventId: string): boolean                    // true the first time; pruneSeenEvents() after a day
 *   claimReply(store, key: ReplyKey, { fullCard }): boolean           // true if this thread+record had no reply yet;
 *       // a full card counts against countFullCardsSince from the claim on, before its post returns
 *   setReplyTs(store, key: ReplyKey, replyTs: string): void
 *   releaseReply(store, key: ReplyKey): void                          // after a failed post, so a retry can claim again
 *   recentReplyInChannel(store, channelId, recordId, sinceMs): { threadTs: string; replyTs: string | null } | undefined
 *   countFullCardsSince(store, channelId, sinceMs): number
 *   pruneOccurrences(store, retentionDays = 365): number              // the digest scheduler runs it daily
 *   redactSecrets(text): string; excerptOf(text, max = 500): string; fingerprintError(text): { fingerprint, template }
 *
 * Reports (src/report/index.ts): topErrors(store, { from, to, limit = 10, catalog? }): RecordStat[] is the query
 * behind `/rwerror stats`, App Home, `rwerror report` and the digest.
 */
