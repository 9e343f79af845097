/**
 * The tables as the query layer sees them, the same in both dialects (migrations/<dialect>/ make them).
 * Booleans are written as 0/1, which SQLite's integer columns and PostgreSQL's boolean columns both
 * take; they are read back through `Boolean()`. Times are ms since epoch.
 */
import type { Generated } from "kysely";

type Flag = number | boolean;

export interface OccurrencesTable {
  id: Generated<number>;
  record_id: string | null;
  source: string;
  team_id: string | null;
  channel_id: string | null;
  user_id: string | null;
  message_ts: string | null;
  thread_ts: string | null;
  confidence: number | null;
  match_kind: string | null;
  excerpt: string;
  fingerprint: string | null;
  template: string | null;
  occurred_at: number;
}

export interface Schema {
  occurrences: OccurrencesTable;
  first_seen: { group_key: string; first_at: number };
  replies: {
    id: Generated<number>;
    channel_id: string;
    thread_ts: string;
    record_id: string;
    reply_ts: string | null;
    full_card: Flag;
    created_at: number;
    claim_key: string | null;
  };
  seen_events: { event_id: string; seen_at: number; handled_at: number | null; payload: string | null };
  outbox: {
    key: string;
    channel_id: string;
    thread_ts: string | null;
    message: string;
    reply_key: string | null;
    state: "pending" | "posted" | "undelivered";
    attempts: number;
    next_at: number;
    lease_until: number;
    created_at: number;
    posted_ts: string | null;
    last_error: string | null;
  };
  feedback: {
    id: Generated<number>;
    record_id: string;
    helpful: Flag;
    user_id: string;
    team_id: string | null;
    channel_id: string | null;
    message_ts: string | null;
    created_at: number;
    /** SQLite only: the generated column its one-vote index is on. */
    vote_key: Generated<string>;
  };
  digests: {
    period_key: string;
    claim_token: string;
    claimed_at: number;
    posted_at: number | null;
    channel: string | null;
    message_ts: string | null;
    covers_from: number | null;
    covers_to: number | null;
  };
  channel_settings: {
    channel_id: string;
    risingwave_version: string;
    updated_by: string | null;
    updated_at: number;
  };
  notes: {
    id: Generated<number>;
    record_id: string;
    text: string;
    link: string | null;
    user_id: string;
    team_id: string | null;
    channel_id: string | null;
    thread_ts: string | null;
    created_at: number;
  };
  mutes: { channel_id: string; record_id: string; until: number; user_id: string; created_at: number };
  gap_reports: {
    id: Generated<number>;
    error_text: string;
    fingerprint: string;
    template: string;
    user_id: string;
    team_id: string | null;
    channel_id: string | null;
    created_at: number;
  };
  record_channels: { record_id: string; channel_id: string; n: number; first_at: number; last_at: number };
}
