/**
 * Reading the occurrence log, and retention. Logging itself is each dialect's own (SQLite's id blocks,
 * PostgreSQL's batched writer) and so is the period scan (grouped in JS over a rowid range, or by
 * PostgreSQL): see sqlite/occurrences.ts and postgres/.
 */
import type { Store, StoredOccurrence } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { countOf, touched } from "./context.ts";

/** `IN` lists stay well under SQLite's bound-parameter limit. */
const KEYS_PER_QUERY = 500;

export function occurrenceReads({
  db,
  dialect,
}: QueryContext): Pick<Store, "listOccurrences" | "countOccurrences" | "anyOccurrenceBefore" | "firstSeen" | "prune"> {
  return {
    listOccurrences: async ({ limit = 50 } = {}) => {
      let q = db
        .selectFrom("occurrences")
        .select([
          "id",
          "record_id as recordId",
          "source",
          "channel_id as channelId",
          "message_ts as messageTs",
          "excerpt",
          "fingerprint",
          "template",
          "confidence",
          "match_kind as matchKind",
          "occurred_at as occurredAt",
        ])
        .limit(limit);
      for (const column of dialect.newestFirst) q = q.orderBy(column, "desc");
      return (await q.execute()) as StoredOccurrence[];
    },
    countOccurrences: async ({ from, to }) =>
      countOf(
        await db
          .selectFrom("occurrences")
          .select((eb) => eb.fn.countAll().as("n"))
          .where(dialect.occurredFrom(Math.ceil(from)))
          .where(dialect.occurredBefore(Math.ceil(to)))
          .executeTakeFirst(),
      ),
    anyOccurrenceBefore: async (at) =>
      (await db
        .selectFrom("occurrences")
        .select((eb) => eb.lit(1).as("one"))
        .where(dialect.occurredBefore(Math.ceil(at)))
        .limit(1)
        .executeTakeFirst()) !== undefined,
    firstSeen: async (keys) => {
      const out = new Map<string, number>();
      for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
        const rows = await db
          .selectFrom("first_seen")
          .select(["group_key", "first_at"])
          .where("group_key", "in", keys.slice(i, i + KEYS_PER_QUERY))
          .execute();
        for (const r of rows) out.set(r.group_key, Number(r.first_at));
      }
      return out;
    },
    // Plain range deletes: a replica running the same prune at once waits on the rows, then finds them gone.
    prune: ({ occurrencesBefore, eventsBefore, repliesBefore }) =>
      dialect.run(async () => ({
        occurrences: touched(
          await db
            .deleteFrom("occurrences")
            .where(dialect.occurredBefore(Math.floor(occurrencesBefore)))
            .executeTakeFirst(),
        ),
        events: touched(await db.deleteFrom("seen_events").where("seen_at", "<", eventsBefore).executeTakeFirst()),
        replies: touched(await db.deleteFrom("replies").where("created_at", "<", repliesBefore).executeTakeFirst()),
      })),
  };
}
