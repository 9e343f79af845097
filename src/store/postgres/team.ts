import type { Pool } from "pg";
import { gapRow, noteRow } from "../team-input.ts";
import type { AnsweredThread, ChannelVersion, GapReport, Mute, StoredNote, TeamStore } from "../team-types.ts";

const NOTE_COLUMNS = `id, record_id AS "recordId", text, link, user_id AS "userId", channel_id AS "channelId",
  thread_ts AS "threadTs", created_at AS at`;

export function postgresTeamStore(pool: Pool, now: () => number): TeamStore {
  const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
    (await pool.query(sql, params)).rows as T[];
  return {
    addNote: async (input) => {
      const n = noteRow(input, now());
      const [row] = await rows<{ id: number }>(
        `INSERT INTO notes (record_id, text, link, user_id, team_id, channel_id, thread_ts, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [n.recordId, n.text, n.link, n.userId, n.teamId, n.channelId, n.threadTs, n.at],
      );
      return (row as { id: number }).id;
    },
    notesFor: (recordId, limit = 5) =>
      rows<StoredNote>(
        `SELECT ${NOTE_COLUMNS} FROM notes WHERE record_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [recordId, limit],
      ),
    listNotes: (range) =>
      range
        ? rows<StoredNote>(
            `SELECT ${NOTE_COLUMNS} FROM notes WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at, id`,
            [range.from, range.to],
          )
        : rows<StoredNote>(`SELECT ${NOTE_COLUMNS} FROM notes ORDER BY record_id, created_at, id`),

    muteRecord: async (mute) => {
      await pool.query(
        `INSERT INTO mutes (channel_id, record_id, until, user_id, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (channel_id, record_id) DO UPDATE SET until = excluded.until, user_id = excluded.user_id`,
        [mute.channelId, mute.recordId, mute.until, mute.userId, now()],
      );
    },
    isMuted: async (channelId, recordId, at = now()) =>
      (
        await rows("SELECT 1 FROM mutes WHERE channel_id = $1 AND record_id = $2 AND until > $3", [
          channelId,
          recordId,
          at,
        ])
      ).length > 0,
    activeMutes: (channelId, at = now()) =>
      rows<Mute>(
        `SELECT channel_id AS "channelId", record_id AS "recordId", until, user_id AS "userId" FROM mutes
         WHERE until > $1 AND ($2::text IS NULL OR channel_id = $2) ORDER BY until LIMIT 100`,
        [at, channelId ?? null],
      ),
    lastRecordInChannel: async (channelId) =>
      (
        await rows<{ recordId: string }>(
          `SELECT record_id AS "recordId" FROM record_channels WHERE channel_id = $1 ORDER BY last_at DESC LIMIT 1`,
          [channelId],
        )
      )[0]?.recordId,

    reportGap: async (input) => {
      const g = gapRow(input, now());
      await pool.query(
        `INSERT INTO gap_reports (error_text, fingerprint, template, user_id, team_id, channel_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [g.text, g.fingerprint, g.template, g.userId, g.teamId, g.channelId, g.at],
      );
    },
    gapReports: ({ from, to, limit = 10 }) =>
      rows<GapReport>(
        `SELECT fingerprint, min(template) AS template, max(error_text) AS example, count(*) AS reports,
           count(DISTINCT user_id) AS reporters, max(created_at) AS "lastAt"
         FROM gap_reports WHERE created_at >= $1 AND created_at < $2
         GROUP BY fingerprint ORDER BY reports DESC, "lastAt" DESC LIMIT $3`,
        [from, to, limit],
      ),

    recordHistory: async (recordId) => {
      const [totals] = await rows<{ count: number; firstAt: number | null; lastAt: number | null }>(
        `SELECT coalesce(sum(n), 0)::bigint AS count, min(first_at) AS "firstAt", max(last_at) AS "lastAt"
         FROM record_channels WHERE record_id = $1`,
        [recordId],
      );
      const channels = await rows<{ channelId: string }>(
        `SELECT channel_id AS "channelId" FROM record_channels WHERE record_id = $1 AND channel_id <> ''
         ORDER BY n DESC, last_at DESC LIMIT 10`,
        [recordId],
      );
      return {
        count: totals?.count ?? 0,
        firstAt: totals?.firstAt ?? 0,
        lastAt: totals?.lastAt ?? 0,
        channels: channels.map((c) => c.channelId),
      };
    },
    answeredThreads: (recordId, { limit = 3, exclude } = {}) =>
      rows<AnsweredThread>(
        `SELECT * FROM (
           SELECT r.channel_id AS "channelId", r.thread_ts AS "threadTs", r.reply_ts AS "replyTs", r.created_at AS at,
             EXISTS (SELECT 1 FROM feedback f WHERE f.record_id = r.record_id AND f.channel_id = r.channel_id
                     AND f.message_ts = r.reply_ts AND f.helpful) AS helpful,
             EXISTS (SELECT 1 FROM notes n WHERE n.record_id = r.record_id AND n.channel_id = r.channel_id
                     AND n.thread_ts IN (r.thread_ts, r.reply_ts)) AS noted
           FROM replies r WHERE r.record_id = $1 AND r.full_card
             AND NOT (r.channel_id = $2 AND r.thread_ts = $3)) t
         ORDER BY (helpful OR noted) DESC, at DESC LIMIT $4`,
        [recordId, exclude?.channelId ?? "", exclude?.threadTs ?? "", limit],
      ),
    countInChannelSince: async (channelId, recordId, since) =>
      (
        await rows<{ n: number }>(
          "SELECT count(*) AS n FROM occurrences WHERE record_id = $1 AND channel_id = $2 AND occurred_at >= $3",
          [recordId, channelId, Math.floor(since)],
        )
      )[0]?.n ?? 0,
    getChannelVersion: async (channelId) =>
      (
        await rows<{ version: string }>(
          "SELECT risingwave_version AS version FROM channel_settings WHERE channel_id = $1",
          [channelId],
        )
      )[0]?.version,
    setChannelVersion: async (channelId, version, userId) => {
      if (version === null) {
        await pool.query("DELETE FROM channel_settings WHERE channel_id = $1", [channelId]);
        return;
      }
      await pool.query(
        `INSERT INTO channel_settings (channel_id, risingwave_version, updated_by, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (channel_id) DO UPDATE SET risingwave_version = excluded.risingwave_version,
           updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [channelId, version, userId, now()],
      );
    },
    listChannelVersions: (limit = 20) =>
      rows<ChannelVersion>(
        `SELECT channel_id AS "channelId", risingwave_version AS version, updated_by AS "updatedBy",
           updated_at AS "updatedAt" FROM channel_settings ORDER BY updated_at DESC, channel_id LIMIT $1`,
        [limit],
      ),
  };
}
