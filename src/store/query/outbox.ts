/**
 * The answer outbox: answers written before they are posted, leased to one replica at a time (a lease is
 * taken in one conditional update, so two replicas never deliver the same answer at once), retried with
 * backoff until posted or given up. Full durability (the main pool): an answer must survive a crash.
 */
import type { OutboxStore } from "../outbox-types.ts";
import type { ReplyKey } from "../types.ts";
import type { QueryContext } from "./context.ts";
import { countOf, type Db } from "./context.ts";
import { prepared, rowsOf, touchedBy } from "./prepared.ts";

const ENTRY = [
  "key",
  "channel_id as channelId",
  "thread_ts as threadTs",
  "message",
  "reply_key as replyKey",
  "attempts",
  "created_at as createdAt",
] as const;

function replyKeyOf(json: string | null): ReplyKey | null {
  if (json === null) return null;
  const k = JSON.parse(json) as Partial<ReplyKey>;
  return typeof k.channelId === "string" && typeof k.threadTs === "string" && typeof k.recordId === "string"
    ? { channelId: k.channelId, threadTs: k.threadTs, recordId: k.recordId }
    : null;
}

function leaseQuery(db: Db) {
  // Only a pending answer whose lease ran out (or was given back): the update is the lease.
  return prepared(db, ["key", "at", "until"], (p) =>
    db
      .updateTable("outbox")
      .set((eb) => ({ lease_until: p.until, attempts: eb("attempts", "+", 1) }))
      .where("key", "=", p.key)
      .where("state", "=", "pending")
      .where("lease_until", "<=", p.at)
      .where("next_at", "<=", p.at),
  );
}

export function outboxRows({ db, now, dialect }: QueryContext): Omit<OutboxStore, "unfinishedEvents"> {
  const insert = prepared(db, ["key", "channel", "thread", "message", "reply", "at", "until"], (p) =>
    db
      .insertInto("outbox")
      .values({
        key: p.key,
        channel_id: p.channel,
        thread_ts: p.thread,
        message: p.message,
        reply_key: p.reply,
        state: "pending",
        attempts: 1,
        next_at: p.at,
        lease_until: p.until,
        created_at: p.at,
      })
      .onConflict((oc) => oc.column("key").doNothing()),
  );
  const due = prepared(db, ["at", "limit"], (p) =>
    db
      .selectFrom("outbox")
      .select(ENTRY)
      .where("state", "=", "pending")
      .where("next_at", "<=", p.at)
      .where("lease_until", "<=", p.at)
      .orderBy("next_at")
      .limit(p.limit),
  );
  const lease = leaseQuery(db);
  const posted = prepared(db, ["key", "ts"], (p) =>
    db
      .updateTable("outbox")
      .set({ state: "posted", posted_ts: p.ts, lease_until: 0, last_error: null })
      .where("key", "=", p.key),
  );
  const retryAt = prepared(db, ["key", "next", "error"], (p) =>
    db
      .updateTable("outbox")
      .set({ next_at: p.next, lease_until: 0, last_error: p.error })
      .where("key", "=", p.key)
      .where("state", "=", "pending"),
  );
  const undelivered = prepared(db, ["key", "error"], (p) =>
    db
      .updateTable("outbox")
      .set({ state: "undelivered", lease_until: 0, last_error: p.error })
      .where("key", "=", p.key)
      .where("state", "=", "pending"),
  );
  const depth = prepared(db, [], () =>
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("state", "=", "pending"),
  );
  return {
    enqueueAnswer: (entry, leaseMs) => {
      const at = now();
      const values = {
        key: entry.key,
        channel: entry.channelId,
        thread: entry.threadTs,
        message: entry.message,
        reply: entry.replyKey ? JSON.stringify(entry.replyKey) : null,
        at,
        until: at + leaseMs,
      };
      return dialect.run(async () => (await touchedBy(insert(values))) === 1);
    },
    leaseDueAnswers: async (leaseMs, limit) => {
      const at = now();
      const candidates = await rowsOf(due({ at, limit }));
      const leased = [];
      for (const row of candidates) {
        const won = await dialect.run(
          async () => (await touchedBy(lease({ key: row.key, at, until: at + leaseMs }))) === 1,
        );
        if (won) {
          leased.push({
            ...row,
            replyKey: replyKeyOf(row.replyKey),
            attempts: Number(row.attempts) + 1,
            createdAt: Number(row.createdAt),
          });
        }
      }
      return leased;
    },
    answerPosted: (key, ts) =>
      dialect.run(async () => {
        await posted({ key, ts });
      }),
    answerRetryAt: (key, nextAt, error) =>
      dialect.run(async () => {
        await retryAt({ key, next: Math.ceil(nextAt), error: error.slice(0, 500) });
      }),
    answerUndelivered: (key, error) =>
      dialect.run(async () => {
        await undelivered({ key, error: error.slice(0, 500) });
      }),
    outboxDepth: async () => countOf((await rowsOf(depth({})))[0]),
  };
}
