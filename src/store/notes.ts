import type { Store } from "./db.ts";
import { redactSecrets } from "./redact.ts";

export interface NoteInput {
  recordId: string;
  text: string;
  link?: string | null;
  userId: string;
  teamId?: string | null;
  channelId?: string | null;
  threadTs?: string | null;
  at?: number;
}

export interface StoredNote {
  id: number;
  recordId: string;
  text: string;
  link: string | null;
  userId: string;
  channelId: string | null;
  threadTs: string | null;
  at: number;
}

const COLUMNS = `id, record_id AS recordId, text, link, user_id AS userId, channel_id AS channelId,
  thread_ts AS threadTs, created_at AS at`;

/** Stores a team note; secrets are redacted and the text cut to 2000 chars. Returns its id. */
export function addNote(store: Store, input: NoteInput): number {
  const text = redactSecrets(input.text.trim()).slice(0, 2000);
  if (text === "") throw new RangeError("a note needs text");
  const link = input.link && /^https?:\/\/\S+$/.test(input.link) ? input.link.slice(0, 1000) : null;
  const row = store
    .prepare(
      `INSERT INTO notes (record_id, text, link, user_id, team_id, channel_id, thread_ts, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      input.recordId,
      text,
      link,
      input.userId,
      input.teamId ?? null,
      input.channelId ?? null,
      input.threadTs ?? null,
      input.at ?? store.now(),
    ) as { id: number };
  return row.id;
}

/** A record's notes, newest first. */
export function notesFor(store: Store, recordId: string, limit = 5): StoredNote[] {
  return store
    .prepare(`SELECT ${COLUMNS} FROM notes WHERE record_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
    .all(recordId, limit) as StoredNote[];
}

/** Notes written in [from, to), oldest first (the digest); without a range, every note (export). */
export function listNotes(store: Store, range?: { from: number; to: number }): StoredNote[] {
  if (!range)
    return store.prepare(`SELECT ${COLUMNS} FROM notes ORDER BY record_id, created_at, id`).all() as StoredNote[];
  return store
    .prepare(`SELECT ${COLUMNS} FROM notes WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id`)
    .all(range.from, range.to) as StoredNote[];
}
