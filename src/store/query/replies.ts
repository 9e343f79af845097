/** Reply rows around the claim (the claim itself is each dialect's own locked step). */
import type { ReplyKey, Store } from "../types.ts";
import type { Db, QueryContext } from "./context.ts";
import { countOf } from "./context.ts";

const thisReply = (db: Db, key: ReplyKey) =>
  db
    .updateTable("replies")
    .where("channel_id", "=", key.channelId)
    .where("thread_ts", "=", key.threadTs)
    .where("record_id", "=", key.recordId);

export function replyRows({
  db,
  dialect,
}: QueryContext): Pick<Store, "setReplyTs" | "releaseReply" | "countFullCardsSince"> {
  return {
    setReplyTs: (key, replyTs) =>
      dialect.run(async () => {
        await thisReply(db, key).set({ reply_ts: replyTs }).execute();
      }),
    // Only a claim that never got its reply: a posted card stays the thread's answer.
    releaseReply: (key) =>
      dialect.run(async () => {
        await db
          .deleteFrom("replies")
          .where("channel_id", "=", key.channelId)
          .where("thread_ts", "=", key.threadTs)
          .where("record_id", "=", key.recordId)
          .where("reply_ts", "is", null)
          .execute();
      }),
    countFullCardsSince: async (channelId, since) =>
      countOf(
        await db
          .selectFrom("replies")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("channel_id", "=", channelId)
          .where("full_card", "=", 1)
          .where("created_at", ">=", since)
          .executeTakeFirst(),
      ),
  };
}
