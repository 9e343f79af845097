-- What the team learned: "Add what fixed it" notes, shown on later cards of the record and in the digest.
CREATE TABLE notes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  record_id   text NOT NULL,
  text        text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),  -- redacted before insert
  link        text CHECK (link IS NULL OR char_length(link) <= 1000),
  user_id     text NOT NULL,
  team_id     text,
  channel_id  text,
  thread_ts   text,                 -- the thread the note was written from, for "seen before" links
  created_at  bigint NOT NULL
);
CREATE INDEX notes_record_time ON notes (record_id, created_at);
CREATE INDEX notes_time ON notes (created_at);

-- `/rwerror mute`: no auto-replies for a record in a channel until `until` (ms since epoch).
CREATE TABLE mutes (
  channel_id  text NOT NULL,
  record_id   text NOT NULL,
  until       bigint NOT NULL,
  user_id     text NOT NULL,
  created_at  bigint NOT NULL,
  PRIMARY KEY (channel_id, record_id)
);

-- "Report as a new error" on a not-sure or no-match answer: the digest lists these as gaps.
CREATE TABLE gap_reports (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  error_text  text NOT NULL CHECK (char_length(error_text) <= 1500),  -- redacted before insert
  fingerprint text NOT NULL,
  template    text NOT NULL,
  user_id     text NOT NULL,
  team_id     text,
  channel_id  text,
  created_at  bigint NOT NULL
);
CREATE INDEX gap_reports_time ON gap_reports (created_at);

-- "Seen before" on every card reads one record's history.
CREATE INDEX occurrences_record ON occurrences (record_id, occurred_at) INCLUDE (channel_id) WHERE record_id IS NOT NULL;

-- "Seen before" links earlier answered threads of a record, Helpful-voted first.
CREATE INDEX replies_record_time ON replies (record_id, created_at);
CREATE INDEX feedback_record_message ON feedback (record_id, channel_id, message_ts);
