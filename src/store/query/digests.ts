/** The weekly digest's periods: exactly one caller across processes claims a period and posts it. */
import { randomUUID } from "node:crypto";
import type { DigestRow, Store } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { touched } from "./context.ts";

export function digestClaims({
  db,
  now,
  dialect,
}: QueryContext): Pick<Store, "claimDigest" | "markDigestPosted" | "releaseDigest" | "getDigest"> {
  return {
    // One statement: a fresh claim, or the takeover of a stale unposted one; never both callers.
    claimDigest: (periodKey, cover, { staleMs = 15 * 60_000 } = {}) => {
      const token = randomUUID();
      const at = now();
      return dialect.run(async () => {
        const result = await db
          .insertInto("digests")
          .values({
            period_key: periodKey,
            claim_token: token,
            claimed_at: at,
            channel: cover.channel ?? null,
            covers_from: cover.from,
            covers_to: cover.to,
          })
          .onConflict((oc) =>
            oc
              .column("period_key")
              .doUpdateSet((eb) => ({
                claim_token: eb.ref("excluded.claim_token"),
                claimed_at: eb.ref("excluded.claimed_at"),
                channel: eb.ref("excluded.channel"),
                covers_from: eb.ref("excluded.covers_from"),
                covers_to: eb.ref("excluded.covers_to"),
              }))
              .where((eb) =>
                eb.and([eb("digests.posted_at", "is", null), eb("digests.claimed_at", "<", at - staleMs)]),
              ),
          )
          .executeTakeFirst();
        return touched(result) === 1 ? { periodKey, token } : undefined;
      });
    },
    markDigestPosted: (claim, posted) =>
      dialect.run(async () => {
        await db
          .updateTable("digests")
          .set({ posted_at: now(), channel: posted.channel, message_ts: posted.messageTs ?? null })
          .where("period_key", "=", claim.periodKey)
          .where("claim_token", "=", claim.token)
          .execute();
      }),
    releaseDigest: (claim) =>
      dialect.run(async () => {
        await db
          .deleteFrom("digests")
          .where("period_key", "=", claim.periodKey)
          .where("claim_token", "=", claim.token)
          .where("posted_at", "is", null)
          .execute();
      }),
    getDigest: async (periodKey) =>
      (await db
        .selectFrom("digests")
        .select([
          "period_key as periodKey",
          "claim_token as claimToken",
          "claimed_at as claimedAt",
          "posted_at as postedAt",
          "channel",
          "message_ts as messageTs",
          "covers_from as coversFrom",
          "covers_to as coversTo",
        ])
        .where("period_key", "=", periodKey)
        .executeTakeFirst()) as DigestRow | undefined,
  };
}
