/** Helpful / Not helpful votes: one per user, record and message; voting again replaces the vote. */
import { sql } from "kysely";
import type { FeedbackTally, Store, StoredVote } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { prepared, rowsOf } from "./prepared.ts";

/** A vote as the store hands it out. */
const VOTE_COLUMNS = [
  "record_id as recordId",
  "helpful",
  "user_id as userId",
  "channel_id as channelId",
  "message_ts as messageTs",
  "created_at as createdAt",
] as const;
export function feedbackVotes({
  db,
  now,
  dialect,
}: QueryContext): Pick<Store, "recordFeedback" | "listFeedback" | "notHelpfulRecords" | "votesOnMessage"> {
  const vote = prepared(db, ["record", "helpful", "user", "team", "channel", "message", "at"], (p) =>
    db
      .insertInto("feedback")
      .values({
        record_id: p.record,
        helpful: p.helpful,
        user_id: p.user,
        team_id: p.team,
        channel_id: p.channel,
        message_ts: p.message,
        created_at: p.at,
      })
      .onConflict((oc) => {
        const target =
          dialect.voteConflict === "vote_key" ? oc.column("vote_key") : oc.expression(dialect.voteConflict);
        return target.doUpdateSet((eb) => ({
          helpful: eb.ref("excluded.helpful"),
          created_at: eb.ref("excluded.created_at"),
        }));
      }),
  );
  const votes = prepared(db, ["limit"], (p) =>
    db.selectFrom("feedback").select(VOTE_COLUMNS).orderBy("id").limit(p.limit),
  );
  const onMessage = prepared(db, ["record", "channel", "message"], (p) =>
    db
      .selectFrom("feedback")
      .select(VOTE_COLUMNS)
      .where("record_id", "=", p.record)
      .where("channel_id", "=", p.channel)
      .where("message_ts", "=", p.message)
      .orderBy("created_at")
      .orderBy("id")
      .limit(200),
  );
  const notHelpful = sql<number>`sum(case when helpful then 0 else 1 end)`;
  const tally = prepared(db, ["from", "to", "limit"], (p) =>
    db
      .selectFrom("feedback")
      .select([
        "record_id as recordId",
        sql<number>`sum(case when helpful then 1 else 0 end)`.as("helpful"),
        notHelpful.as("notHelpful"),
      ])
      .where("created_at", ">=", p.from)
      .where("created_at", "<", p.to)
      .groupBy("record_id")
      .having(notHelpful, ">", 0)
      .orderBy("notHelpful", "desc")
      .orderBy("helpful", "asc")
      .orderBy("record_id")
      .limit(p.limit),
  );
  return {
    recordFeedback: (input) =>
      dialect.run(async () => {
        await vote({
          record: input.recordId,
          // 0/1: SQLite's integer column and PostgreSQL's boolean both take it.
          helpful: input.helpful ? 1 : 0,
          user: input.userId,
          team: input.teamId ?? null,
          channel: input.channelId ?? null,
          message: input.messageTs ?? null,
          at: input.at ?? now(),
        });
      }),
    listFeedback: async ({ limit = 100 } = {}) =>
      (await rowsOf(votes({ limit }))).map((v): StoredVote => ({ ...v, helpful: Boolean(v.helpful) })),
    votesOnMessage: async ({ recordId, channelId, messageTs }) =>
      (await rowsOf(onMessage({ record: recordId, channel: channelId, message: messageTs }))).map(
        (v): StoredVote => ({ ...v, helpful: Boolean(v.helpful), createdAt: Number(v.createdAt) }),
      ),
    notHelpfulRecords: async ({ from, to, limit = 10 }) =>
      (await rowsOf(tally({ from, to, limit }))).map(
        (r): FeedbackTally => ({ ...r, helpful: Number(r.helpful), notHelpful: Number(r.notHelpful) }),
      ),
  };
}
