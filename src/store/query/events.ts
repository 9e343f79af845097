/** Slack event claims: one live delivery handled at a time, decided by one upsert (the burst path). */
import type { Store } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { prepared, touchedBy } from "./prepared.ts";

export function eventClaims({
  fast,
  db,
  now,
  dialect,
}: QueryContext): Pick<Store, "claimEvent" | "completeEvent" | "releaseEvent"> {
  // A first delivery inserts; a redelivery takes over only a claim released or gone stale unhandled.
  const claim = prepared(fast, ["id", "at", "staleBefore"], (p) =>
    fast
      .insertInto("seen_events")
      .values({ event_id: p.id, seen_at: p.at })
      .onConflict((oc) =>
        oc
          .column("event_id")
          .doUpdateSet((eb) => ({ seen_at: eb.ref("excluded.seen_at") }))
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
  return {
    claimEvent: (eventId, { staleMs = 60_000 } = {}) => {
      const at = now();
      return dialect.run(async () => (await touchedBy(claim({ id: eventId, at, staleBefore: at - staleMs }))) === 1);
    },
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
