/**
 * The store's contract, shared by the Slack adapter, the CLI and the reports. Two implementations:
 * SQLite (better-sqlite3, the embedded default, one process) and PostgreSQL (pg, several replicas).
 * Nothing outside src/store/ sees SQL, a driver or a handle: everything goes through `Store`.
 *
 * Every method is async. Shared state is claimed atomically in the database (one statement or one
 * locked transaction), never checked in one call and claimed in another, so replicas on one
 * PostgreSQL agree on event dedupe, one reply per thread and record, the card cap and the digest.
 */
import type { MatchKind } from "../matcher/types.ts";
import type { OutboxStore } from "./outbox-types.ts";
import type { TeamStore } from "./team-types.ts";

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
 * What the auto-reply flood control asks for, decided in one locked step per channel. A card asked
 * for by name (`@rwerror`) asks for neither: it is always a full card, once per thread and record.
 */
export interface ReplyClaimRequest {
  /** A full card for this record in the channel since then (another thread) makes this reply a pointer. */
  repeatSince?: number;
  /** Full cards in the channel since `cardsSince` count against `maxCards`. */
  cap?: { cardsSince: number; maxCards: number };
  /**
   * Who claims (the event's idempotency key): a thread already claimed under the same key is this
   * caller's own earlier claim (a takeover answering the event again), not "already replied".
   */
  claimKey?: string;
}

export type ReplyClaim =
  /** This thread already has (or is posting) a reply for this record. */
  | { kind: "already-replied" }
  /** The channel is at its card cap; nothing was claimed, so a later message may still get a card. */
  | { kind: "card-cap"; cards: number }
  /** Claimed as a one-line pointer to the earlier card (replyTs null: that card is still being posted). */
  | { kind: "pointer"; repeat: { threadTs: string; replyTs: string | null } }
  /** Claimed as a full card: it counts against the cap from now on, before its post returns. */
  | { kind: "card" };

export interface StoredOccurrence {
  id: number;
  recordId: string | null;
  source: string;
  channelId: string | null;
  messageTs: string | null;
  excerpt: string;
  fingerprint: string | null;
  template: string | null;
  confidence: number | null;
  matchKind: string | null;
  occurredAt: number;
}

export interface StoredVote {
  recordId: string;
  helpful: boolean;
  userId: string;
  channelId: string | null;
  messageTs: string | null;
  createdAt: number;
}

export interface FeedbackTally {
  recordId: string;
  helpful: number;
  notHelpful: number;
}

export interface DigestRow {
  periodKey: string;
  claimToken: string;
  claimedAt: number;
  postedAt: number | null;
  channel: string | null;
  messageTs: string | null;
  coversFrom: number | null;
  coversTo: number | null;
}

export interface DigestClaim {
  periodKey: string;
  token: string;
}

/** How one error (a record, or an unmatched fingerprint) did in a scanned period. */
export interface PeriodGroup {
  count: number;
  /** Distinct channels it was seen in. */
  channels: number;
  firstSeen: number;
  lastSeen: number;
  /** Occurrences per bucket between the scan's edges. */
  buckets: number[];
}

export interface PeriodTotals {
  total: number;
  matched: number;
  unmatched: number;
  channels: number;
  records: number;
}

/** Everything the reports need about one period, from one pass over it. Plain data. */
export interface PeriodScan {
  from: number;
  to: number;
  totals: PeriodTotals;
  /** Bucket edges the scan counted by (for sparklines); empty when none were asked for. */
  edges: readonly number[];
  totalBuckets: number[];
  records: Map<string, PeriodGroup>;
  fingerprints: Map<string, PeriodGroup>;
}

export interface UnmatchedExample {
  template: string | null;
  excerpt: string;
}

export interface PruneRequest {
  occurrencesBefore: number;
  eventsBefore: number;
  repliesBefore: number;
}

export interface PruneResult {
  occurrences: number;
  events: number;
  replies: number;
}

export type StoreKind = "sqlite" | "postgres";

export interface StoreHealth {
  kind: StoreKind;
  /** The database answered and accepts writes. */
  ok: boolean;
  /** Why not, in one line (no credentials). */
  error?: string;
}

/**
 * Occurrences, Slack claims, votes and digests here; notes, mutes, gaps, "seen before" and channel
 * settings in TeamStore; answers waiting to be posted in OutboxStore.
 */
export interface Store extends TeamStore, OutboxStore {
  readonly kind: StoreKind;
  /** Where it is, safe to log: the SQLite path or the PostgreSQL URL without its password. */
  readonly location: string;
  now(): number;

  /**
   * Claims a Slack event for handling: true for the first delivery, and for a redelivery whose
   * earlier claim was released or is older than `staleMs` without being completed (that handler died).
   * `payload` (the event as received) lets another replica answer it if this one dies before finishing.
   */
  claimEvent(eventId: string, opts?: { staleMs?: number; payload?: string }): Promise<boolean>;
  /** The event's answer was posted: redeliveries are ignored from now on. */
  completeEvent(eventId: string): Promise<void>;
  /** The answer failed: Slack's next redelivery gets another try. */
  releaseEvent(eventId: string): Promise<void>;

  /** One locked decision per channel: already replied, capped, pointer or card (claimed unless capped). */
  claimReply(key: ReplyKey, request: ReplyClaimRequest): Promise<ReplyClaim>;
  setReplyTs(key: ReplyKey, replyTs: string): Promise<void>;
  /**
   * Claims a compact one-line reply (past the card cap): the thread and record get no second reply, and
   * nothing counts against the cap. False when the thread already has a reply for the record.
   */
  claimCompactReply(key: ReplyKey): Promise<boolean>;
  /** After a failed post: forgets a claim that never got a reply ts (and its place under the cap). */
  releaseReply(key: ReplyKey): Promise<void>;
  /** Full cards posted or claimed in the channel since `since` (reports and tests). */
  countFullCardsSince(channelId: string, since: number): Promise<number>;

  /**
   * Logs one answered or auto-detected error. Idempotent per (channel, message ts, record), whichever
   * entry point logs it (one unique index, so across replicas too): a retried Slack event, or the
   * shortcut on a message the auto-reply already counted, returns the first row with
   * `inserted: false`. Without a message ts
   * (console, CLI) every call is a new row. Redacts and cuts the excerpt; fingerprints unmatched errors.
   */
  recordOccurrence(input: OccurrenceInput): Promise<{ id: number; inserted: boolean }>;
  /**
   * Bulk load (a copy from another store, a benchmark's history): one transaction per batch, each
   * row redacted and deduplicated like recordOccurrence. Returns how many rows were new.
   */
  importOccurrences(inputs: Iterable<OccurrenceInput>): Promise<number>;
  /** The newest occurrences first (CLI inspection and tests). */
  listOccurrences(opts?: { limit?: number }): Promise<StoredOccurrence[]>;
  countOccurrences(range: { from: number; to: number }): Promise<number>;
  anyOccurrenceBefore(at: number): Promise<boolean>;
  /** One pass over [from, to): per record and per unmatched fingerprint, optionally bucketed by `edges`. */
  scanPeriod(range: { from: number; to: number; edges?: readonly number[] }): Promise<PeriodScan>;
  /** When each group was first logged ever (record id, or '#' + fingerprint). */
  firstSeen(groupKeys: readonly string[]): Promise<Map<string, number>>;
  /** The latest template and excerpt of each unmatched fingerprint within [from, to). */
  unmatchedExamples(
    fingerprints: readonly string[],
    range: { from: number; to: number },
  ): Promise<Map<string, UnmatchedExample>>;

  /** One vote per user, record and message; voting again replaces the earlier vote. */
  recordFeedback(input: FeedbackInput): Promise<void>;
  /** Votes, oldest first (CLI inspection and tests). */
  listFeedback(opts?: { limit?: number }): Promise<StoredVote[]>;
  /** Who voted on one posted card (a message and its record), oldest vote first. */
  votesOnMessage(query: { recordId: string; channelId: string; messageTs: string }): Promise<StoredVote[]>;
  /** Records voted Not helpful in [from, to), most Not-helpful votes first. */
  notHelpfulRecords(query: { from: number; to: number; limit?: number }): Promise<FeedbackTally[]>;

  /**
   * Claims a digest period before posting: exactly one caller across processes gets it. A claim
   * left unposted for `staleMs` (the claimer died) can be taken over.
   */
  claimDigest(
    periodKey: string,
    cover: { from: number; to: number; channel?: string | null },
    opts?: { staleMs?: number },
  ): Promise<DigestClaim | undefined>;
  markDigestPosted(claim: DigestClaim, posted: { channel: string; messageTs?: string }): Promise<void>;
  /** Gives the period back after a failed post so the next run (or restart) tries again. */
  releaseDigest(claim: DigestClaim): Promise<void>;
  getDigest(periodKey: string): Promise<DigestRow | undefined>;

  /** Retention: plain range deletes, safe when several replicas run them at once. */
  prune(request: PruneRequest): Promise<PruneResult>;

  /** Can the database be read and written right now? Never throws. */
  health(): Promise<StoreHealth>;
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}
