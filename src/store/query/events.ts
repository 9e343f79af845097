/** Slack event claims: one live delivery handled at a time, decided by one upsert (the burst path). */
import type { Store } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { prepared, rowsOf, touchedBy } from "./prepared.ts";

export function eventClaims({
  fast,
  db,
  now,
  dialect,
}: QueryContext): Pick<Store, "claimEvent" | "completeEvent" | "releaseEvent" | "unfinishedEvents"> {
  // A first delivery inserts; a redelivery takes over only a claim released or gone stale unhandled.
  // The payload stays with the claim (a takeover without one keeps the first).
  const claim = prepared(fast, ["id", "at", "staleBefore", "payload"], (p) =>
    fast
      .insertInto("seen_events")
      .values({ event_id: p.id, seen_at: p.at, payload: p.payload })
      .onConflict((oc) =>
        oc
          .column("event_id")
          .doUpdateSet((eb) => ({
            seen_at: eb.ref("excluded.seen_at"),
            payload: eb.fn.coalesce(eb.ref("excluded.payload"), eb.ref("seen_events.payload")),
          }))
          .where((eb) =>
            eb.and([eb("seen_events.handled_at", "is", null), eb("seen_events.seen_at", "<", p.staleBefore)]),
          ),
      ),
  );
  const complete = prepared(db, ["id", "at"], (p) =>
    db.updateTable("seen_events").set({ handled_at: p.at }).where("event_id", "=", p.id),
  );
  const release = prepared(db, ["id"], (p) =>
    db.deleteFrom("seen_events").where("event_id", "=", p.id).where("handled_at", "is", null),
  );
  const unfinished = prepared(db, ["staleBefore", "limit"], (p) =>
    db
      .selectFrom("seen_events")
      .select(["event_id as eventId", "payload", "seen_at as claimedAt"])
      .where("handled_at", "is", null)
      .where("payload", "is not", null)
      .where("seen_at", "<", p.staleBefore)
      .orderBy("seen_at")
      .limit(p.limit),
  );
  return {
    claimEvent: (eventId, { staleMs = 60_000, payload } = {}) => {
      const at = now();
      const values = { id: eventId, at, staleBefore: at - staleMs, payload: payload ?? null };
      return dialect.run(async () => (await touchedBy(claim(values))) === 1);
    },
    unfinishedEvents: async (staleBefore, limit) =>
      (await rowsOf(unfinished({ staleBefore, limit }))).map((r) => ({
        eventId: r.eventId,
        payload: r.payload ?? "",
        claimedAt: Number(r.claimedAt),
      })),
    completeEvent: (eventId) =>
      dialect.run(async () => {
        await complete({ id: eventId, at: now() });
      }),
    releaseEvent: (eventId) =>
      dialect.run(async () => {
        await release({ id: eventId });
      }),
  };
}
