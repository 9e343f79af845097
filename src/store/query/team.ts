/** What the team adds around the answers: notes, mutes, gap reports, and the "seen before" history. */
import { sql } from "kysely";
import { redactSecrets } from "../redact.ts";
import { gapRow, noteLink, noteRow } from "../team-input.ts";
import type { AnsweredThread, GapReport, Mute, StoredNote, TeamStore } from "../team-types.ts";
import type { Db, QueryContext } from "./context.ts";
import { countOf } from "./context.ts";
import { prepared, rowsOf } from "./prepared.ts";

const noteColumns = (db: Db) =>
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

/** Notes as read: redacted again, so a secret stored before a redaction rule existed is never shown or exported. */
function readNotes(rows: readonly StoredNote[]): StoredNote[] {
  return rows.map((n) => ({ ...n, text: redactSecrets(n.text), link: noteLink(n.link) }));
}

export function teamNotes({ db, now, dialect }: QueryContext): Pick<TeamStore, "addNote" | "notesFor" | "listNotes"> {
  const add = prepared(db, ["record", "text", "link", "user", "team", "channel", "thread", "at"], (p) =>
    db
      .insertInto("notes")
      .values({
        record_id: p.record,
        text: p.text,
        link: p.link,
        user_id: p.user,
        team_id: p.team,
        channel_id: p.channel,
        thread_ts: p.thread,
        created_at: p.at,
      })
      .returning("id"),
  );
  const forRecord = prepared(db, ["record", "limit"], (p) =>
    noteColumns(db)
      .where("record_id", "=", p.record)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(p.limit),
  );
  const written = prepared(db, ["from", "to"], (p) =>
    noteColumns(db)
      .where("created_at", ">=", p.from)
      .where("created_at", "<", p.to)
      .orderBy("created_at")
      .orderBy("id"),
  );
  const every = prepared(db, [], () => noteColumns(db).orderBy("record_id").orderBy("created_at").orderBy("id"));
  return {
    addNote: async (input) => {
      const n = noteRow(input, now());
      const values = { record: n.recordId, text: n.text, link: n.link, user: n.userId, team: n.teamId };
      const rows = await dialect.run(() =>
        rowsOf(add({ ...values, channel: n.channelId, thread: n.threadTs, at: n.at })),
      );
      return Number(rows[0]?.id);
    },
    notesFor: async (recordId, limit = 5) => readNotes(await rowsOf(forRecord({ record: recordId, limit }))),
    listNotes: async (range) =>
      readNotes(await rowsOf(range ? written({ from: range.from, to: range.to }) : every({}))),
  };
}

export function teamMutes({
  db,
  now,
  dialect,
}: QueryContext): Pick<TeamStore, "muteRecord" | "isMuted" | "activeMutes" | "unmuteRecord"> {
  // One upsert: muting again moves the end.
  const mute = prepared(db, ["channel", "record", "until", "user", "at"], (p) =>
    db
      .insertInto("mutes")
      .values({ channel_id: p.channel, record_id: p.record, until: p.until, user_id: p.user, created_at: p.at })
      .onConflict((oc) =>
        oc.columns(["channel_id", "record_id"]).doUpdateSet((eb) => ({
          until: eb.ref("excluded.until"),
          user_id: eb.ref("excluded.user_id"),
        })),
      ),
  );
  const muted = prepared(db, ["channel", "record", "at"], (p) =>
    db
      .selectFrom("mutes")
      .select((eb) => eb.lit(1).as("one"))
      .where("channel_id", "=", p.channel)
      .where("record_id", "=", p.record)
      .where("until", ">", p.at),
  );
  const active = (inChannel: boolean) =>
    prepared(db, ["at", "channel"], (p) =>
      db
        .selectFrom("mutes")
        .select(["channel_id as channelId", "record_id as recordId", "until", "user_id as userId"])
        .where("until", ">", p.at)
        .$if(inChannel, (q) => q.where("channel_id", "=", p.channel))
        .orderBy("until")
        .limit(100),
    );
  const [everywhere, inOne] = [active(false), active(true)];
  const lift = prepared(db, ["channel", "record", "at"], (p) =>
    db
      .deleteFrom("mutes")
      .where("channel_id", "=", p.channel)
      .where("record_id", "=", p.record)
      .where("until", ">", p.at)
      .returning("record_id"),
  );
  return {
    muteRecord: (m) =>
      dialect.run(async () => {
        await mute({ channel: m.channelId, record: m.recordId, until: m.until, user: m.userId, at: now() });
      }),
    isMuted: async (channelId, recordId, at = now()) =>
      (await rowsOf(muted({ channel: channelId, record: recordId, at }))).length > 0,
    unmuteRecord: async (channelId, recordId, at = now()) =>
      (await dialect.run(() => rowsOf(lift({ channel: channelId, record: recordId, at })))).length > 0,
    activeMutes: async (channelId, at = now()) =>
      (await rowsOf((channelId === undefined ? everywhere : inOne)({ at, channel: channelId ?? null }))) as Mute[],
  };
}

export function teamGaps({ db, now, dialect }: QueryContext): Pick<TeamStore, "reportGap" | "gapReports"> {
  const report = prepared(db, ["text", "fingerprint", "template", "user", "team", "channel", "at"], (p) =>
    db.insertInto("gap_reports").values({
      error_text: p.text,
      fingerprint: p.fingerprint,
      template: p.template,
      user_id: p.user,
      team_id: p.team,
      channel_id: p.channel,
      created_at: p.at,
    }),
  );
  const reported = prepared(db, ["from", "to", "limit"], (p) =>
    db
      .selectFrom("gap_reports")
      .select((eb) => [
        "fingerprint",
        eb.fn.min("template").as("template"),
        eb.fn.max("error_text").as("example"),
        eb.fn.countAll().as("reports"),
        eb.fn.count("user_id").distinct().as("reporters"),
        eb.fn.max("created_at").as("lastAt"),
      ])
      .where("created_at", ">=", p.from)
      .where("created_at", "<", p.to)
      .groupBy("fingerprint")
      .orderBy("reports", "desc")
      .orderBy("lastAt", "desc")
      .limit(p.limit),
  );
  return {
    reportGap: async (input) => {
      const g = gapRow(input, now());
      const values = { text: g.text, fingerprint: g.fingerprint, template: g.template, user: g.userId };
      await dialect.run(() => report({ ...values, team: g.teamId, channel: g.channelId, at: g.at }));
    },
    gapReports: async ({ from, to, limit = 10 }) =>
      (await rowsOf(reported({ from, to, limit }))).map(
        (r): GapReport => ({
          ...r,
          reports: Number(r.reports),
          reporters: Number(r.reporters),
          lastAt: Number(r.lastAt),
        }),
      ),
  };
}

/** Earlier threads that answered the record, Helpful-voted or noted first, then the newest. */
function answeredThreadsQuery(db: Db) {
  return prepared(db, ["record", "channel", "thread", "limit"], (p) => {
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
      .where("r.record_id", "=", p.record)
      .where("r.full_card", "=", 1)
      .where((eb) => eb.not(eb.and([eb("r.channel_id", "=", p.channel), eb("r.thread_ts", "=", p.thread)])));
    return db
      .selectFrom(threads.as("t"))
      .selectAll()
      .orderBy(sql`(helpful or noted)`, "desc")
      .orderBy("at", "desc")
      .limit(p.limit);
  });
}

export function teamHistory({
  db,
  dialect,
}: QueryContext): Pick<TeamStore, "recordHistory" | "answeredThreads" | "countInChannelSince" | "lastCardInChannel"> {
  // All-time counts kept by a trigger (migration 005): retention pruning leaves them.
  const totals = prepared(db, ["record"], (p) =>
    db
      .selectFrom("record_channels")
      .select((eb) => [
        sql<number>`cast(coalesce(sum(n), 0) as bigint)`.as("count"),
        eb.fn.min("first_at").as("firstAt"),
        eb.fn.max("last_at").as("lastAt"),
      ])
      .where("record_id", "=", p.record),
  );
  const channels = prepared(db, ["record"], (p) =>
    db
      .selectFrom("record_channels")
      .select(["channel_id", "n", "first_at", "last_at"])
      .where("record_id", "=", p.record)
      .orderBy("n", "desc")
      .orderBy("last_at", "desc")
      .limit(200),
  );
  const threads = answeredThreadsQuery(db);
  const inChannel = prepared(db, ["record", "channel", "since"], (p) =>
    db
      .selectFrom("occurrences")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("record_id", "=", p.record)
      .where("channel_id", "=", p.channel)
      .where(dialect.timeColumn, ">=", p.since),
  );
  // What rwerror itself posted last (a capped or muted paste was never shown, so it is never "last").
  const lastInChannel = prepared(db, ["channel"], (p) =>
    db
      .selectFrom("replies")
      .select("record_id")
      .where("channel_id", "=", p.channel)
      .where("reply_ts", "is not", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1),
  );
  return {
    recordHistory: async (recordId) => {
      const [[t], seenIn] = await Promise.all([
        rowsOf(totals({ record: recordId })),
        rowsOf(channels({ record: recordId })),
      ]);
      return {
        count: Number(t?.count ?? 0),
        firstAt: Number(t?.firstAt ?? 0),
        lastAt: Number(t?.lastAt ?? 0),
        channels: seenIn
          .filter((c) => c.channel_id !== "")
          .map((c) => c.channel_id)
          .slice(0, 10),
        byChannel: seenIn.map((c) => ({
          channelId: c.channel_id,
          count: Number(c.n),
          firstAt: Number(c.first_at),
          lastAt: Number(c.last_at),
        })),
      };
    },
    answeredThreads: async (recordId, { limit = 3, exclude } = {}) =>
      (
        await rowsOf(
          threads({ record: recordId, channel: exclude?.channelId ?? "", thread: exclude?.threadTs ?? "", limit }),
        )
      ).map((r): AnsweredThread => ({ ...r, at: Number(r.at), helpful: Boolean(r.helpful), noted: Boolean(r.noted) })),
    countInChannelSince: async (channelId, recordId, since) =>
      countOf(
        (
          await rowsOf(inChannel({ record: recordId, channel: channelId, since: dialect.timeKey(Math.floor(since)) }))
        )[0],
      ),
    lastCardInChannel: async (channelId) => (await rowsOf(lastInChannel({ channel: channelId })))[0]?.record_id,
  };
}

type TeamKnowledge = Omit<TeamStore, "getChannelVersion" | "setChannelVersion" | "listChannelVersions">;

export function teamKnowledge(ctx: QueryContext): TeamKnowledge {
  return { ...teamNotes(ctx), ...teamMutes(ctx), ...teamGaps(ctx), ...teamHistory(ctx) };
}
