/**
 * Reading the occurrence log, and retention. Logging itself is each dialect's own (SQLite's id blocks,
 * PostgreSQL's batched writer) and so is the period scan (grouped in JS over a rowid range, or by
 * PostgreSQL): see sqlite/occurrences.ts and postgres/.
 */
import type { Store, StoredOccurrence } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { countOf } from "./context.ts";
import { prepared, rowsOf, touchedBy } from "./prepared.ts";

export function occurrenceReads({
  db,
  dialect,
}: QueryContext): Pick<Store, "listOccurrences" | "countOccurrences" | "anyOccurrenceBefore" | "firstSeen" | "prune"> {
  const time = dialect.timeColumn;
  const newest = prepared(db, ["limit"], (p) => {
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
      .limit(p.limit);
    for (const column of dialect.newestFirst) q = q.orderBy(column, "desc");
    return q;
  });
  const count = prepared(db, ["from", "to"], (p) =>
    db
      .selectFrom("occurrences")
      .select((eb) => eb.fn.countAll().as("n"))
      .where(time, ">=", p.from)
      .where(time, "<", p.to),
  );
  const anyBefore = prepared(db, ["before"], (p) =>
    db
      .selectFrom("occurrences")
      .select((eb) => eb.lit(1).as("one"))
      .where(time, "<", p.before)
      .limit(1),
  );
  const firstSeen = prepared(db, ["keys"], (p) =>
    db
      .selectFrom("first_seen")
      .select(["group_key", "first_at"])
      .where((eb) => dialect.inList(eb.ref("group_key"), eb.val(p.keys))),
  );
  const pruneLog = prepared(db, ["before"], (p) => db.deleteFrom("occurrences").where(time, "<", p.before));
  const pruneEvents = prepared(db, ["before"], (p) => db.deleteFrom("seen_events").where("seen_at", "<", p.before));
  // Answers posted or given up on are bookkeeping after a day, like event ids; pending ones stay.
  const pruneOutbox = prepared(db, ["before"], (p) =>
    db.deleteFrom("outbox").where("created_at", "<", p.before).where("state", "<>", "pending"),
  );
  const pruneReplies = prepared(db, ["before"], (p) => db.deleteFrom("replies").where("created_at", "<", p.before));
  return {
    listOccurrences: async ({ limit = 50 } = {}) => (await rowsOf(newest({ limit }))) as StoredOccurrence[],
    countOccurrences: async ({ from, to }) =>
      countOf((await rowsOf(count({ from: dialect.timeKey(Math.ceil(from)), to: dialect.timeKey(Math.ceil(to)) })))[0]),
    anyOccurrenceBefore: async (at) => (await rowsOf(anyBefore({ before: dialect.timeKey(Math.ceil(at)) }))).length > 0,
    firstSeen: async (keys) => {
      if (keys.length === 0) return new Map();
      const rows = await rowsOf(firstSeen({ keys: dialect.listValue(keys) }));
      return new Map(rows.map((r) => [r.group_key, Number(r.first_at)]));
    },
    // Plain range deletes: a replica running the same prune at once waits on the rows, then finds them gone.
    prune: ({ occurrencesBefore, eventsBefore, repliesBefore }) =>
      dialect.run(async () => ({
        occurrences: await touchedBy(pruneLog({ before: dialect.timeKey(Math.floor(occurrencesBefore)) })),
        events:
          (await touchedBy(pruneEvents({ before: eventsBefore }))) +
          (await touchedBy(pruneOutbox({ before: eventsBefore }))),
        replies: await touchedBy(pruneReplies({ before: repliesBefore })),
      })),
  };
}
