import { fingerprintError } from "./fingerprint.ts";
import { excerptOf, redactSecrets } from "./redact.ts";
import type { OccurrenceInput } from "./types.ts";

/** An occurrence as both backends store it: redacted, cut, fingerprinted, every field present. */
export interface OccurrenceRow {
  recordId: string | null;
  source: string;
  teamId: string | null;
  channelId: string | null;
  userId: string | null;
  messageTs: string | null;
  threadTs: string | null;
  confidence: number | null;
  matchKind: string | null;
  excerpt: string;
  fingerprint: string | null;
  template: string | null;
  occurredAt: number;
}

export function occurrenceRow(input: OccurrenceInput, now: number): OccurrenceRow {
  const fp =
    input.recordId === null ? fingerprintError(redactSecrets((input.errorText ?? input.text).slice(0, 4000))) : null;
  return {
    recordId: input.recordId,
    source: input.source,
    teamId: input.teamId ?? null,
    channelId: input.channelId ?? null,
    userId: input.userId ?? null,
    messageTs: input.messageTs ?? null,
    threadTs: input.threadTs ?? null,
    confidence: input.confidence ?? null,
    matchKind: input.matchKind ?? null,
    excerpt: excerptOf(input.text),
    fingerprint: fp?.fingerprint ?? null,
    template: fp?.template ?? null,
    occurredAt: Math.floor(input.occurredAt ?? now),
  };
}

/** Groups of the reports: a record id, or '#' + fingerprint for an unmatched error. */
export function groupKeyOf(row: { recordId: string | null; fingerprint: string | null }): string | null {
  return row.recordId ?? (row.fingerprint === null ? null : `#${row.fingerprint}`);
}

/** Bucket index of `at` between `edges` (at >= edges[0] assumed); -1 without buckets. */
export function bucketOf(edges: readonly number[], at: number): number {
  if (edges.length < 2) return -1;
  let i = 0;
  while (i < edges.length - 2 && at >= (edges[i + 1] ?? Number.POSITIVE_INFINITY)) i++;
  return i;
}

/** A URL or path for logs: never the password of a postgres:// URL. */
export function safeLocation(location: string): string {
  return location.replace(/^(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/i, "$1:***@");
}
