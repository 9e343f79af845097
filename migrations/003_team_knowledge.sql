-- What the team learned: "Add what fixed it" notes, shown on later cards of the record and in the digest.
CREATE TABLE notes (
  id          INTEGER PRIMARY KEY,
  record_id   TEXT NOT NULL,
  text        TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),  -- redacted before insert
  link        TEXT CHECK (link IS NULL OR length(link) <= 1000),
  user_id     TEXT NOT NULL,
  team_id     TEXT,
  channel_id  TEXT,
  thread_ts   TEXT,                 -- the thread the note was written from, for "seen before" links
  created_at  INTEGER NOT NULL
);
CREATE INDEX notes_record_time ON notes (record_id, created_at);
CREATE INDEX notes_time ON notes (created_at);

-- `/rwerror mute`: no auto-replies for a record in a channel until `until` (ms since epoch).
CREATE TABLE mutes (
  channel_id  TEXT NOT NULL,
  record_id   TEXT NOT NULL,
  until       INTEGER NOT NULL,
  user_id     TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (channel_id, record_id)
) WITHOUT ROWID;

-- "Report as a new error" on a not-sure or no-match answer: the digest lists these as gaps.
CREATE TABLE gap_reports (
  id          INTEGER PRIMARY KEY,
  error_text  TEXT NOT NULL CHECK (length(error_text) <= 1500),  -- redacted before insert
  fingerprint TEXT NOT NULL,
  template    TEXT NOT NULL,
  user_id     TEXT NOT NULL,
  team_id     TEXT,
  channel_id  TEXT,
  created_at  INTEGER NOT NULL
);
CREATE INDEX gap_reports_time ON gap_reports (created_at);

-- "Seen before" on every card reads one record's history; without this it would scan the whole log.
-- It covers the query (times come from the id, channels from the index), so no row is read.
CREATE INDEX occurrences_record ON occurrences (record_id, id, channel_id) WHERE record_id IS NOT NULL;

-- "Seen before" links earlier answered threads of a record, Helpful-voted first.
CREATE INDEX replies_record_time ON replies (record_id, created_at);
CREATE INDEX feedback_record_message ON feedback (record_id, channel_id, message_ts);
