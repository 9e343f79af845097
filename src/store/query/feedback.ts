/** Helpful / Not helpful votes: one per user, record and message; voting again replaces the vote. */
import { sql } from "kysely";
import type { FeedbackTally, Store, StoredVote } from "../types.ts";
import type { QueryContext } from "./context.ts";

export function feedbackVotes({
  db,
  now,
  dialect,
}: QueryContext): Pick<Store, "recordFeedback" | "listFeedback" | "notHelpfulRecords"> {
  return {
    recordFeedback: (input) =>
      dialect.run(async () => {
        await db
          .insertInto("feedback")
          .values({
            record_id: input.recordId,
            helpful: input.helpful ? 1 : 0,
            user_id: input.userId,
            team_id: input.teamId ?? null,
            channel_id: input.channelId ?? null,
            message_ts: input.messageTs ?? null,
            created_at: input.at ?? now(),
          })
          .onConflict((oc) => {
            const target =
              dialect.voteConflict === "vote_key" ? oc.column("vote_key") : oc.expression(dialect.voteConflict);
            return target.doUpdateSet((eb) => ({
              helpful: eb.ref("excluded.helpful"),
              created_at: eb.ref("excluded.created_at"),
            }));
          })
          .execute();
      }),
    listFeedback: async ({ limit = 100 } = {}) => {
      const rows = await db
        .selectFrom("feedback")
        .select([
          "record_id as recordId",
          "helpful",
          "user_id as userId",
          "channel_id as channelId",
          "message_ts as messageTs",
          "created_at as createdAt",
        ])
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((v): StoredVote => ({ ...v, helpful: Boolean(v.helpful) }));
    },
    notHelpfulRecords: async ({ from, to, limit = 10 }) => {
      const notHelpful = sql<number>`sum(case when helpful then 0 else 1 end)`;
      const rows = await db
        .selectFrom("feedback")
        .select([
          "record_id as recordId",
          sql<number>`sum(case when helpful then 1 else 0 end)`.as("helpful"),
          notHelpful.as("notHelpful"),
        ])
        .where("created_at", ">=", from)
        .where("created_at", "<", to)
        .groupBy("record_id")
        .having(notHelpful, ">", 0)
        .orderBy("notHelpful", "desc")
        .orderBy("helpful", "asc")
        .orderBy("record_id")
        .limit(limit)
        .execute();
      return rows.map((r): FeedbackTally => ({ ...r, helpful: Number(r.helpful), notHelpful: Number(r.notHelpful) }));
    },
  };
}
