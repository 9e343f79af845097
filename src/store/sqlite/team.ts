import type { Statement } from "better-sqlite3";
import { gapRow, noteRow } from "../team-input.ts";
import type { AnsweredThread, ChannelVersion, GapReport, Mute, StoredNote, TeamStore } from "../team-types.ts";
import { IDS_PER_MS } from "./occurrences.ts";

export interface SqliteContext {
  prepare(sql: string): Statement;
  now(): number;
  /** Runs a statement, retrying a busy database asynchronously. */
  run<T>(op: () => T): Promise<T>;
}

const NOTE_COLUMNS = `id, record_id AS recordId, text, link, user_id AS userId, channel_id AS channelId,
  thread_ts AS threadTs, created_at AS at`;

export function sqliteTeamStore({ prepare, now, run }: SqliteContext): TeamStore {
  return {
    addNote: async (input) => {
      const n = noteRow(input, now());
      return run(
        () =>
          (
            prepare(
              `INSERT INTO notes (record_id, text, link, user_id, team_id, channel_id, thread_ts, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            ).get(n.recordId, n.text, n.link, n.userId, n.teamId, n.channelId, n.threadTs, n.at) as { id: number }
          ).id,
      );
    },
    notesFor: async (recordId, limit = 5) =>
      prepare(`SELECT ${NOTE_COLUMNS} FROM notes WHERE record_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`).all(
        recordId,
        limit,
      ) as StoredNote[],
    listNotes: async (range) =>
      (range
        ? prepare(
            `SELECT ${NOTE_COLUMNS} FROM notes WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id`,
          ).all(range.from, range.to)
        : prepare(`SELECT ${NOTE_COLUMNS} FROM notes ORDER BY record_id, created_at, id`).all()) as StoredNote[],

    muteRecord: (mute) =>
      run(() => {
        prepare(
          `INSERT INTO mutes (channel_id, record_id, until, user_id, created_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (channel_id, record_id) DO UPDATE SET until = excluded.until, user_id = excluded.user_id`,
        ).run(mute.channelId, mute.recordId, mute.until, mute.userId, now());
      }),
    isMuted: async (channelId, recordId, at = now()) =>
      prepare("SELECT 1 FROM mutes WHERE channel_id = ? AND record_id = ? AND until > ?").get(
        channelId,
        recordId,
        at,
      ) !== undefined,
    activeMutes: async (channelId, at = now()) => {
      const sql = `SELECT channel_id AS channelId, record_id AS recordId, until, user_id AS userId FROM mutes
        WHERE until > ? ${channelId ? "AND channel_id = ?" : ""} ORDER BY until LIMIT 100`;
      return (channelId ? prepare(sql).all(at, channelId) : prepare(sql).all(at)) as Mute[];
    },
    lastRecordInChannel: async (channelId) =>
      (
        prepare(
          "SELECT record_id AS recordId FROM record_channels WHERE channel_id = ? ORDER BY last_at DESC LIMIT 1",
        ).get(channelId) as { recordId: string } | undefined
      )?.recordId,

    reportGap: async (input) => {
      const g = gapRow(input, now());
      return run(() => {
        prepare(
          `INSERT INTO gap_reports (error_text, fingerprint, template, user_id, team_id, channel_id, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(g.text, g.fingerprint, g.template, g.userId, g.teamId, g.channelId, g.at);
      });
    },
    gapReports: async ({ from, to, limit = 10 }) =>
      prepare(
        `SELECT fingerprint, min(template) AS template, max(error_text) AS example, count(*) AS reports,
           count(DISTINCT user_id) AS reporters, max(created_at) AS lastAt
         FROM gap_reports WHERE created_at >= ? AND created_at < ?
         GROUP BY fingerprint ORDER BY reports DESC, lastAt DESC LIMIT ?`,
      ).all(from, to, limit) as GapReport[],

    recordHistory: async (recordId) => {
      const totals = prepare(
        `SELECT coalesce(sum(n), 0) AS count, min(first_at) AS firstAt, max(last_at) AS lastAt
         FROM record_channels WHERE record_id = ?`,
      ).get(recordId) as { count: number; firstAt: number | null; lastAt: number | null };
      const channels = prepare(
        `SELECT channel_id AS channelId FROM record_channels WHERE record_id = ? AND channel_id <> ''
         ORDER BY n DESC, last_at DESC LIMIT 10`,
      ).all(recordId) as { channelId: string }[];
      return {
        count: totals.count,
        firstAt: totals.firstAt ?? 0,
        lastAt: totals.lastAt ?? 0,
        channels: channels.map((c) => c.channelId),
      };
    },
    answeredThreads: async (recordId, { limit = 3, exclude } = {}) => {
      const rows = prepare(
        `SELECT r.channel_id AS channelId, r.thread_ts AS threadTs, r.reply_ts AS replyTs, r.created_at AS at,
           EXISTS (SELECT 1 FROM feedback f WHERE f.record_id = r.record_id AND f.channel_id = r.channel_id
                   AND f.message_ts = r.reply_ts AND f.helpful = 1) AS helpful,
           EXISTS (SELECT 1 FROM notes n WHERE n.record_id = r.record_id AND n.channel_id = r.channel_id
                   AND n.thread_ts IN (r.thread_ts, r.reply_ts)) AS noted
         FROM replies r WHERE r.record_id = ? AND r.full_card = 1
           AND NOT (r.channel_id = ? AND r.thread_ts = ?)
         ORDER BY (helpful OR noted) DESC, r.created_at DESC LIMIT ?`,
      ).all(recordId, exclude?.channelId ?? "", exclude?.threadTs ?? "", limit) as (Omit<
        AnsweredThread,
        "helpful" | "noted"
      > & { helpful: number; noted: number })[];
      return rows.map((r) => ({ ...r, helpful: r.helpful === 1, noted: r.noted === 1 }));
    },
    countInChannelSince: async (channelId, recordId, since) =>
      (
        prepare("SELECT count(*) AS n FROM occurrences WHERE record_id = ? AND channel_id = ? AND id >= ?").get(
          recordId,
          channelId,
          Math.floor(since) * IDS_PER_MS,
        ) as { n: number }
      ).n,
    getChannelVersion: async (channelId) =>
      (
        prepare("SELECT risingwave_version AS version FROM channel_settings WHERE channel_id = ?").get(channelId) as
          | { version: string }
          | undefined
      )?.version,
    setChannelVersion: (channelId, version, userId) =>
      run(() => {
        if (version === null) {
          prepare("DELETE FROM channel_settings WHERE channel_id = ?").run(channelId);
          return;
        }
        prepare(
          `INSERT INTO channel_settings (channel_id, risingwave_version, updated_by, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (channel_id) DO UPDATE SET risingwave_version = excluded.risingwave_version,
             updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        ).run(channelId, version, userId, now());
      }),
    listChannelVersions: async (limit = 20) =>
      prepare(
        `SELECT channel_id AS channelId, risingwave_version AS version, updated_by AS updatedBy, updated_at AS updatedAt
         FROM channel_settings ORDER BY updated_at DESC, channel_id LIMIT ?`,
      ).all(limit) as ChannelVersion[],
  };
}
