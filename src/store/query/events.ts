/** Slack event claims: one live delivery handled at a time, decided by one upsert (the burst path). */
import type { Store } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { touched } from "./context.ts";

export function eventClaims({
  fast,
  db,
  now,
  dialect,
}: QueryContext): Pick<Store, "claimEvent" | "completeEvent" | "releaseEvent"> {
  return {
    // A first delivery inserts; a redelivery takes over only a claim released or gone stale unhandled.
    claimEvent: (eventId, { staleMs = 60_000 } = {}) => {
      const at = now();
      return dialect.run(async () => {
        const result = await fast
          .insertInto("seen_events")
          .values({ event_id: eventId, seen_at: at })
          .onConflict((oc) =>
            oc
              .column("event_id")
              .doUpdateSet((eb) => ({ seen_at: eb.ref("excluded.seen_at") }))
              .where((eb) =>
                eb.and([eb("seen_events.handled_at", "is", null), eb("seen_events.seen_at", "<", at - staleMs)]),
              ),
          )
          .executeTakeFirst();
        return touched(result) === 1;
      });
    },
    completeEvent: (eventId) =>
      dialect.run(async () => {
        await db.updateTable("seen_events").set({ handled_at: now() }).where("event_id", "=", eventId).execute();
      }),
    releaseEvent: (eventId) =>
      dialect.run(async () => {
        await db.deleteFrom("seen_events").where("event_id", "=", eventId).where("handled_at", "is", null).execute();
      }),
  };
}
