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

-- "Seen before" on every card: how often each record was seen, per channel, first and last, kept by a
-- trigger in a small table (records x channels rows), as on SQLite. All-time counts: retention
-- pruning of the log leaves them (they hold no pasted text). Concurrent inserts of one record in one
-- channel take turns on its row; occurrence writes commit without waiting for the WAL flush, so a
-- turn lasts well under a millisecond.
CREATE TABLE record_channels (
  record_id  text NOT NULL,
  channel_id text NOT NULL,          -- '' for occurrences without a channel (console, CLI)
  n          bigint NOT NULL,
  first_at   bigint NOT NULL,
  last_at    bigint NOT NULL,
  PRIMARY KEY (record_id, channel_id)
);
CREATE INDEX record_channels_channel_last ON record_channels (channel_id, last_at);

INSERT INTO record_channels (record_id, channel_id, n, first_at, last_at)
  SELECT record_id, coalesce(channel_id, ''), count(*), min(occurred_at), max(occurred_at)
  FROM occurrences WHERE record_id IS NOT NULL GROUP BY record_id, coalesce(channel_id, '');

CREATE FUNCTION occurrences_record_channels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_channels AS rc (record_id, channel_id, n, first_at, last_at)
  VALUES (NEW.record_id, coalesce(NEW.channel_id, ''), 1, NEW.occurred_at, NEW.occurred_at)
  ON CONFLICT (record_id, channel_id) DO UPDATE SET
    n = rc.n + 1, first_at = least(rc.first_at, excluded.first_at), last_at = greatest(rc.last_at, excluded.last_at);
  RETURN NULL;
END $$;

CREATE TRIGGER occurrences_record_channels AFTER INSERT ON occurrences
FOR EACH ROW WHEN (NEW.record_id IS NOT NULL) EXECUTE FUNCTION occurrences_record_channels();

-- "Seen before" links earlier answered threads of a record, Helpful-voted first.
CREATE INDEX replies_record_time ON replies (record_id, created_at);
CREATE INDEX feedback_record_message ON feedback (record_id, channel_id, message_ts);
