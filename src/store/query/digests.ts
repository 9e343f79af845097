/** The weekly digest's periods: exactly one caller across processes claims a period and posts it. */
import { randomUUID } from "node:crypto";
import type { DigestRow, Store } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { prepared, rowsOf, touchedBy } from "./prepared.ts";

export function digestClaims({
  db,
  now,
  dialect,
}: QueryContext): Pick<Store, "claimDigest" | "markDigestPosted" | "releaseDigest" | "getDigest"> {
  // One statement: a fresh claim, or the takeover of a stale unposted one; never both callers.
  const claim = prepared(db, ["period", "token", "at", "channel", "from", "to", "staleBefore"], (p) =>
    db
      .insertInto("digests")
      .values({
        period_key: p.period,
        claim_token: p.token,
        claimed_at: p.at,
        channel: p.channel,
        covers_from: p.from,
        covers_to: p.to,
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
          .where((eb) => eb.and([eb("digests.posted_at", "is", null), eb("digests.claimed_at", "<", p.staleBefore)])),
      ),
  );
  const posted = prepared(db, ["period", "token", "at", "channel", "ts"], (p) =>
    db
      .updateTable("digests")
      .set({ posted_at: p.at, channel: p.channel, message_ts: p.ts })
      .where("period_key", "=", p.period)
      .where("claim_token", "=", p.token),
  );
  const release = prepared(db, ["period", "token"], (p) =>
    db
      .deleteFrom("digests")
      .where("period_key", "=", p.period)
      .where("claim_token", "=", p.token)
      .where("posted_at", "is", null),
  );
  const byPeriod = prepared(db, ["period"], (p) =>
    db
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
      .where("period_key", "=", p.period),
  );
  return {
    claimDigest: (periodKey, cover, { staleMs = 15 * 60_000 } = {}) => {
      const token = randomUUID();
      const at = now();
      const values = { period: periodKey, token, at, channel: cover.channel ?? null, from: cover.from, to: cover.to };
      return dialect.run(async () =>
        (await touchedBy(claim({ ...values, staleBefore: at - staleMs }))) === 1 ? { periodKey, token } : undefined,
      );
    },
    markDigestPosted: (c, post) =>
      dialect.run(async () => {
        await posted({
          period: c.periodKey,
          token: c.token,
          at: now(),
          channel: post.channel,
          ts: post.messageTs ?? null,
        });
      }),
    releaseDigest: (c) =>
      dialect.run(async () => {
        await release({ period: c.periodKey, token: c.token });
      }),
    getDigest: async (periodKey) => (await rowsOf(byPeriod({ period: periodKey })))[0] as DigestRow | undefined,
  };
}
