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

-- "Seen before" on every card: how often each record was seen, per channel, first and last. Kept by a
-- trigger in a small table (records × channels rows) rather than an index on the log: an index on
-- occurrences.record_id cost about 35% more CPU per logged occurrence, this about 20% (2026-12-01, loaded).
-- All-time counts: retention pruning of the log leaves them (they hold no pasted text).
CREATE TABLE record_channels (
  record_id  TEXT NOT NULL,
  channel_id TEXT NOT NULL,          -- '' for occurrences without a channel (console, CLI)
  n          INTEGER NOT NULL,
  first_at   INTEGER NOT NULL,
  last_at    INTEGER NOT NULL,
  PRIMARY KEY (record_id, channel_id)
) WITHOUT ROWID;

INSERT INTO record_channels (record_id, channel_id, n, first_at, last_at)
  SELECT record_id, coalesce(channel_id, ''), count(*), min(occurred_at), max(occurred_at)
  FROM occurrences WHERE record_id IS NOT NULL GROUP BY record_id, coalesce(channel_id, '');

CREATE TRIGGER occurrences_record_channels AFTER INSERT ON occurrences
WHEN NEW.record_id IS NOT NULL
BEGIN
  INSERT INTO record_channels (record_id, channel_id, n, first_at, last_at)
  VALUES (NEW.record_id, coalesce(NEW.channel_id, ''), 1, NEW.occurred_at, NEW.occurred_at)
  ON CONFLICT (record_id, channel_id) DO UPDATE SET
    n = n + 1, first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at);
END;

-- "Seen before" links earlier answered threads of a record, Helpful-voted first.
CREATE INDEX replies_record_time ON replies (record_id, created_at);
CREATE INDEX feedback_record_message ON feedback (record_id, channel_id, message_ts);
