/** Reply rows around the claim (the claim itself is each dialect's own locked step). */
import type { Store } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { countOf } from "./context.ts";
import { prepared, rowsOf } from "./prepared.ts";

const KEY = ["channel", "thread", "record"] as const;

export function replyRows({
  db,
  dialect,
  now,
}: QueryContext): Pick<Store, "setReplyTs" | "releaseReply" | "countFullCardsSince" | "claimCompactReply"> {
  const compact = prepared(db, [...KEY, "at"], (p) =>
    db
      .insertInto("replies")
      .values({ channel_id: p.channel, thread_ts: p.thread, record_id: p.record, full_card: 0, created_at: p.at })
      .onConflict((oc) => oc.columns(["channel_id", "thread_ts", "record_id"]).doNothing())
      .returning("id"),
  );
  const setTs = prepared(db, [...KEY, "ts"], (p) =>
    db
      .updateTable("replies")
      .set({ reply_ts: p.ts })
      .where("channel_id", "=", p.channel)
      .where("thread_ts", "=", p.thread)
      .where("record_id", "=", p.record),
  );
  // Only a claim that never got its reply: a posted card stays the thread's answer.
  const release = prepared(db, KEY, (p) =>
    db
      .deleteFrom("replies")
      .where("channel_id", "=", p.channel)
      .where("thread_ts", "=", p.thread)
      .where("record_id", "=", p.record)
      .where("reply_ts", "is", null),
  );
  const fullCards = prepared(db, ["channel", "since"], (p) =>
    db
      .selectFrom("replies")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("channel_id", "=", p.channel)
      .where("full_card", "=", 1)
      .where("created_at", ">=", p.since),
  );
  const keyOf = (k: { channelId: string; threadTs: string; recordId: string }) => ({
    channel: k.channelId,
    thread: k.threadTs,
    record: k.recordId,
  });
  return {
    setReplyTs: (key, replyTs) =>
      dialect.run(async () => {
        await setTs({ ...keyOf(key), ts: replyTs });
      }),
    releaseReply: (key) =>
      dialect.run(async () => {
        await release(keyOf(key));
      }),
    claimCompactReply: async (key) =>
      (await dialect.run(() => rowsOf(compact({ ...keyOf(key), at: now() })))).length > 0,
    countFullCardsSince: async (channelId, since) =>
      countOf((await rowsOf(fullCards({ channel: channelId, since })))[0]),
  };
}
