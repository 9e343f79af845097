/** What the team adds around the answers: notes, mutes, gap reports, and the "seen before" history. */
import { sql } from "kysely";
import { gapRow, noteRow } from "../team-input.ts";
import type { AnsweredThread, GapReport, Mute, StoredNote, TeamStore } from "../team-types.ts";
import type { Db, QueryContext } from "./context.ts";
import { countOf } from "./context.ts";

const notes = (db: Db) =>
  db
    .selectFrom("notes")
    .select([
      "id",
      "record_id as recordId",
      "text",
      "link",
      "user_id as userId",
      "channel_id as channelId",
      "thread_ts as threadTs",
      "created_at as at",
    ]);

type TeamKnowledge = Omit<TeamStore, "getChannelVersion" | "setChannelVersion" | "listChannelVersions">;

export function teamNotes({ db, now, dialect }: QueryContext): Pick<TeamStore, "addNote" | "notesFor" | "listNotes"> {
  return {
    addNote: async (input) => {
      const n = noteRow(input, now());
      const row = await dialect.run(() =>
        db
          .insertInto("notes")
          .values({
            record_id: n.recordId,
            text: n.text,
            link: n.link,
            user_id: n.userId,
            team_id: n.teamId,
            channel_id: n.channelId,
            thread_ts: n.threadTs,
            created_at: n.at,
          })
          .returning("id")
          .executeTakeFirstOrThrow(),
      );
      return Number(row.id);
    },
    notesFor: async (recordId, limit = 5) =>
      (await notes(db)
        .where("record_id", "=", recordId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute()) as StoredNote[],
    listNotes: async (range) =>
      (await (range
        ? notes(db).where("created_at", ">=", range.from).where("created_at", "<", range.to).orderBy("created_at")
        : notes(db).orderBy("record_id").orderBy("created_at")
      )
        .orderBy("id")
        .execute()) as StoredNote[],
  };
}

export function teamMutes({
  db,
  now,
  dialect,
}: QueryContext): Pick<TeamStore, "muteRecord" | "isMuted" | "activeMutes"> {
  return {
    // One upsert: muting again moves the end.
    muteRecord: (mute) =>
      dialect.run(async () => {
        await db
          .insertInto("mutes")
          .values({
            channel_id: mute.channelId,
            record_id: mute.recordId,
            until: mute.until,
            user_id: mute.userId,
            created_at: now(),
          })
          .onConflict((oc) =>
            oc.columns(["channel_id", "record_id"]).doUpdateSet((eb) => ({
              until: eb.ref("excluded.until"),
              user_id: eb.ref("excluded.user_id"),
            })),
          )
          .execute();
      }),
    isMuted: async (channelId, recordId, at = now()) =>
      (await db
        .selectFrom("mutes")
        .select((eb) => eb.lit(1).as("one"))
        .where("channel_id", "=", channelId)
        .where("record_id", "=", recordId)
        .where("until", ">", at)
        .executeTakeFirst()) !== undefined,
    activeMutes: async (channelId, at = now()) =>
      (await db
        .selectFrom("mutes")
        .select(["channel_id as channelId", "record_id as recordId", "until", "user_id as userId"])
        .where("until", ">", at)
        .$if(channelId !== undefined, (q) => q.where("channel_id", "=", channelId ?? ""))
        .orderBy("until")
        .limit(100)
        .execute()) as Mute[],
  };
}

export function teamGaps({ db, now, dialect }: QueryContext): Pick<TeamStore, "reportGap" | "gapReports"> {
  return {
    reportGap: async (input) => {
      const g = gapRow(input, now());
      await dialect.run(() =>
        db
          .insertInto("gap_reports")
          .values({
            error_text: g.text,
            fingerprint: g.fingerprint,
            template: g.template,
            user_id: g.userId,
            team_id: g.teamId,
            channel_id: g.channelId,
            created_at: g.at,
          })
          .execute(),
      );
    },
    gapReports: async ({ from, to, limit = 10 }) => {
      const rows = await db
        .selectFrom("gap_reports")
        .select((eb) => [
          "fingerprint",
          eb.fn.min("template").as("template"),
          eb.fn.max("error_text").as("example"),
          eb.fn.countAll().as("reports"),
          eb.fn.count("user_id").distinct().as("reporters"),
          eb.fn.max("created_at").as("lastAt"),
        ])
        .where("created_at", ">=", from)
        .where("created_at", "<", to)
        .groupBy("fingerprint")
        .orderBy("reports", "desc")
        .orderBy("lastAt", "desc")
        .limit(limit)
        .execute();
      return rows.map(
        (r): GapReport => ({
          ...r,
          reports: Number(r.reports),
          reporters: Number(r.reporters),
          lastAt: Number(r.lastAt),
        }),
      );
    },
  };
}

export function teamHistory({
  db,
  dialect,
}: QueryContext): Pick<TeamStore, "recordHistory" | "answeredThreads" | "countInChannelSince" | "lastRecordInChannel"> {
  return {
    // All-time counts kept by a trigger (migration 005): retention pruning leaves them.
    recordHistory: async (recordId) => {
      const [totals, channels] = await Promise.all([
        db
          .selectFrom("record_channels")
          .select((eb) => [
            sql<number>`cast(coalesce(sum(n), 0) as bigint)`.as("count"),
            eb.fn.min("first_at").as("firstAt"),
            eb.fn.max("last_at").as("lastAt"),
          ])
          .where("record_id", "=", recordId)
          .executeTakeFirst(),
        db
          .selectFrom("record_channels")
          .select("channel_id")
          .where("record_id", "=", recordId)
          .where("channel_id", "<>", "")
          .orderBy("n", "desc")
          .orderBy("last_at", "desc")
          .limit(10)
          .execute(),
      ]);
      return {
        count: Number(totals?.count ?? 0),
        firstAt: Number(totals?.firstAt ?? 0),
        lastAt: Number(totals?.lastAt ?? 0),
        channels: channels.map((c) => c.channel_id),
      };
    },
    answeredThreads: async (recordId, { limit = 3, exclude } = {}) => {
      const threads = db
        .selectFrom("replies as r")
        .select((eb) => [
          "r.channel_id as channelId",
          "r.thread_ts as threadTs",
          "r.reply_ts as replyTs",
          "r.created_at as at",
          eb
            .exists(
              eb
                .selectFrom("feedback as f")
                .select("f.id")
                .whereRef("f.record_id", "=", "r.record_id")
                .whereRef("f.channel_id", "=", "r.channel_id")
                .whereRef("f.message_ts", "=", "r.reply_ts")
                .where("f.helpful", "=", 1),
            )
            .as("helpful"),
          eb
            .exists(
              eb
                .selectFrom("notes as n")
                .select("n.id")
                .whereRef("n.record_id", "=", "r.record_id")
                .whereRef("n.channel_id", "=", "r.channel_id")
                .where((w) =>
                  w.or([w("n.thread_ts", "=", w.ref("r.thread_ts")), w("n.thread_ts", "=", w.ref("r.reply_ts"))]),
                ),
            )
            .as("noted"),
        ])
        .where("r.record_id", "=", recordId)
        .where("r.full_card", "=", 1)
        .where((eb) =>
          eb.not(
            eb.and([
              eb("r.channel_id", "=", exclude?.channelId ?? ""),
              eb("r.thread_ts", "=", exclude?.threadTs ?? ""),
            ]),
          ),
        );
      // Helpful-voted or noted threads first, then the newest.
      const rows = await db
        .selectFrom(threads.as("t"))
        .selectAll()
        .orderBy(sql`(helpful or noted)`, "desc")
        .orderBy("at", "desc")
        .limit(limit)
        .execute();
      return rows.map(
        (r): AnsweredThread => ({ ...r, at: Number(r.at), helpful: Boolean(r.helpful), noted: Boolean(r.noted) }),
      );
    },
    countInChannelSince: async (channelId, recordId, since) =>
      countOf(
        await db
          .selectFrom("occurrences")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("record_id", "=", recordId)
          .where("channel_id", "=", channelId)
          .where(dialect.occurredFrom(Math.floor(since)))
          .executeTakeFirst(),
      ),
    lastRecordInChannel: async (channelId) =>
      (
        await db
          .selectFrom("record_channels")
          .select("record_id")
          .where("channel_id", "=", channelId)
          .orderBy("last_at", "desc")
          .limit(1)
          .executeTakeFirst()
      )?.record_id,
  };
}

export function teamKnowledge(ctx: QueryContext): TeamKnowledge {
  return { ...teamNotes(ctx), ...teamMutes(ctx), ...teamGaps(ctx), ...teamHistory(ctx) };
}
