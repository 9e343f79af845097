import { randomUUID } from "node:crypto";
import type { Store } from "./db.ts";

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

/** A claim not marked posted after this long is taken to be from a process that died mid-post. */
export const STALE_CLAIM_MS = 15 * 60_000;

/**
 * Claims a digest period before posting. The INSERT on the period's primary key is atomic across
 * connections and processes, so exactly one caller gets the claim; the rest get undefined.
 * A claim left unposted for `staleMs` (the claimer crashed) can be taken over.
 */
export function claimDigest(
  store: Store,
  periodKey: string,
  cover: { from: number; to: number; channel?: string | null },
  { staleMs = STALE_CLAIM_MS }: { staleMs?: number } = {},
): DigestClaim | undefined {
  const token = randomUUID();
  const now = store.now();
  const inserted = store
    .prepare(
      `INSERT OR IGNORE INTO digests (period_key, claim_token, claimed_at, channel, covers_from, covers_to)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(periodKey, token, now, cover.channel ?? null, cover.from, cover.to).changes;
  if (inserted === 1) return { periodKey, token };
  const takenOver = store
    .prepare(
      `UPDATE digests SET claim_token = ?, claimed_at = ?, channel = ?, covers_from = ?, covers_to = ?
       WHERE period_key = ? AND posted_at IS NULL AND claimed_at < ?`,
    )
    .run(token, now, cover.channel ?? null, cover.from, cover.to, periodKey, now - staleMs).changes;
  return takenOver === 1 ? { periodKey, token } : undefined;
}

export function markDigestPosted(store: Store, claim: DigestClaim, posted: { channel: string; messageTs?: string }) {
  store
    .prepare("UPDATE digests SET posted_at = ?, channel = ?, message_ts = ? WHERE period_key = ? AND claim_token = ?")
    .run(store.now(), posted.channel, posted.messageTs ?? null, claim.periodKey, claim.token);
}

/** Gives the period back after a failed post so the next run (or restart) tries again. */
export function releaseDigest(store: Store, claim: DigestClaim): void {
  store
    .prepare("DELETE FROM digests WHERE period_key = ? AND claim_token = ? AND posted_at IS NULL")
    .run(claim.periodKey, claim.token);
}

export function getDigest(store: Store, periodKey: string): DigestRow | undefined {
  return store
    .prepare(
      `SELECT period_key AS periodKey, claim_token AS claimToken, claimed_at AS claimedAt, posted_at AS postedAt,
        channel, message_ts AS messageTs, covers_from AS coversFrom, covers_to AS coversTo
       FROM digests WHERE period_key = ?`,
    )
    .get(periodKey) as DigestRow | undefined;
}
