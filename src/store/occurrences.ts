import type { Store } from "./db.ts";
import { fingerprintError } from "./fingerprint.ts";
import { excerptOf, redactSecrets } from "./redact.ts";
import type { OccurrenceInput } from "./types.ts";

/**
 * Rows of one millisecond share an id block of this size, so ids sort like occurred_at and a
 * period is one rowid range (migration 005). A 1025th row in one millisecond spills into the next
 * block (counted a millisecond late); only when that slot is taken too is the insert refused.
 */
export const IDS_PER_MS = 1024;

// The id is the next free slot of the occurrence's millisecond, found in the same statement, so
// two processes cannot pick the same one (SQLite serialises writers).
const INSERT = `INSERT INTO occurrences
  (id, record_id, source, team_id, channel_id, user_id, message_ts, thread_ts, confidence, match_kind,
   excerpt, fingerprint, template, occurred_at)
  VALUES (
   (SELECT coalesce(max(id) + 1, @occurredAt * ${IDS_PER_MS}) FROM occurrences
     WHERE id >= @occurredAt * ${IDS_PER_MS} AND id < (@occurredAt + 1) * ${IDS_PER_MS}),
   @recordId, @source, @teamId, @channelId, @userId, @messageTs, @threadTs, @confidence, @matchKind,
   @excerpt, @fingerprint, @template, @occurredAt)
  ON CONFLICT DO NOTHING
  RETURNING id`;

// Matches the expressions of the unique index in migrations/004, so the lookup uses it.
const FIND_DUPLICATE = `SELECT id FROM occurrences WHERE message_ts = @messageTs AND source = @source
  AND coalesce(channel_id, '') = coalesce(@channelId, '') AND coalesce(record_id, '') = coalesce(@recordId, '')
  AND message_ts IS NOT NULL`;

/**
 * Logs one answered or auto-detected error. Idempotent per (source, channel, message ts, record):
 * a retried Slack event returns the first row with `inserted: false`. Without a message ts
 * (console, CLI) every call is a new row. The excerpt is redacted and cut to 500 chars here;
 * an unmatched error (recordId null) gets a fingerprint of its masked template.
 */
export function recordOccurrence(store: Store, input: OccurrenceInput): { id: number; inserted: boolean } {
  const excerpt = excerptOf(input.text);
  const fp =
    input.recordId === null ? fingerprintError(redactSecrets((input.errorText ?? input.text).slice(0, 4000))) : null;
  const params = {
    recordId: input.recordId,
    source: input.source,
    teamId: input.teamId ?? null,
    channelId: input.channelId ?? null,
    userId: input.userId ?? null,
    messageTs: input.messageTs ?? null,
    threadTs: input.threadTs ?? null,
    confidence: input.confidence ?? null,
    matchKind: input.matchKind ?? null,
    excerpt,
    fingerprint: fp?.fingerprint ?? null,
    template: fp?.template ?? null,
    occurredAt: Math.floor(input.occurredAt ?? store.now()),
  };
  const row = store.prepare(INSERT).get(params) as { id: number } | undefined;
  if (row) return { id: row.id, inserted: true };
  const existing = store.prepare(FIND_DUPLICATE).get(params) as { id: number } | undefined;
  // Only a full id block collides without a duplicate: ids are per-millisecond slots (migration 005).
  if (!existing) {
    throw new RangeError(
      `occurrence not stored: more than ${IDS_PER_MS} occurrences logged in the same millisecond (${params.occurredAt})`,
    );
  }
  return { id: existing.id, inserted: false };
}

export interface StoredOccurrence {
  id: number;
  recordId: string | null;
  source: string;
  channelId: string | null;
  messageTs: string | null;
  excerpt: string;
  fingerprint: string | null;
  template: string | null;
  occurredAt: number;
}

/** The newest occurrences first (CLI inspection and tests). */
export function listOccurrences(store: Store, { limit = 50 }: { limit?: number } = {}): StoredOccurrence[] {
  return store
    .prepare(
      `SELECT id, record_id AS recordId, source, channel_id AS channelId, message_ts AS messageTs, excerpt,
        fingerprint, template, occurred_at AS occurredAt FROM occurrences ORDER BY id DESC LIMIT ?`,
    )
    .all(limit) as StoredOccurrence[];
}

/** Deletes occurrences older than the retention window; returns how many went. */
export function pruneOccurrences(store: Store, retentionDays = 365): number {
  const cutoff = Math.floor(store.now() - retentionDays * 86_400_000);
  return store.prepare("DELETE FROM occurrences WHERE id < ?").run(cutoff * IDS_PER_MS).changes;
}
