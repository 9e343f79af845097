/**
 * The answer outbox half of `Store`: answers written before they are posted, leased to one replica at a
 * time, retried until they land or are given up; and the events whose handling died after the ack.
 */
import type { ReplyKey } from "./types.ts";

export interface NewOutboxEntry {
  /** The idempotency key the post carries in its metadata (`ev:<event id>`, `digest:<period>`). */
  key: string;
  channelId: string;
  threadTs: string | null;
  /** The message as JSON (text, blocks); the store keeps it as given. */
  message: string;
  /** The reply claim whose ts the post sets once it lands (thread replies only). */
  replyKey: ReplyKey | null;
}

export interface OutboxEntry extends NewOutboxEntry {
  /** Delivery attempts so far, this one included. */
  attempts: number;
  createdAt: number;
}

/** A claimed event whose handling never finished, with what it received. */
export interface UnfinishedEvent {
  eventId: string;
  payload: string;
  claimedAt: number;
}

export interface OutboxStore {
  /**
   * Writes an answer before it is posted, leased to the caller for `leaseMs` (its first attempt).
   * False when the key is already there: this answer was written before (a takeover, a retry).
   */
  enqueueAnswer(entry: NewOutboxEntry, leaseMs: number): Promise<boolean>;
  /** Due answers (pending, past their backoff and any lease), each leased to the caller in one statement. */
  leaseDueAnswers(leaseMs: number, limit: number): Promise<OutboxEntry[]>;
  answerPosted(key: string, ts: string): Promise<void>;
  /** Gives the lease back and waits until `nextAt` (backoff, Retry-After). */
  answerRetryAt(key: string, nextAt: number, error: string): Promise<void>;
  /** Given up: a permanent error, or retried for too long. */
  answerUndelivered(key: string, error: string): Promise<void>;
  /** Answers not yet posted nor given up. */
  outboxDepth(): Promise<number>;
  /** Event claims older than `staleBefore`, never finished, with the payload to answer them from. */
  unfinishedEvents(staleBefore: number, limit: number): Promise<UnfinishedEvent[]>;
}
