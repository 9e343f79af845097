-- One reply per thread and record (auto-replies never answer the same thread twice).
CREATE TABLE replies (
  id          INTEGER PRIMARY KEY,
  channel_id  TEXT NOT NULL,
  thread_ts   TEXT NOT NULL,
  record_id   TEXT NOT NULL,
  reply_ts    TEXT,
  full_card   INTEGER NOT NULL DEFAULT 0 CHECK (full_card IN (0, 1)),
  created_at  INTEGER NOT NULL,
  UNIQUE (channel_id, thread_ts, record_id)
);
CREATE INDEX replies_channel_record_time ON replies (channel_id, record_id, created_at);
CREATE INDEX replies_channel_time ON replies (channel_id, created_at);

-- Slack event ids already handled (retries arrive with the same id); pruned after a day.
CREATE TABLE seen_events (
  event_id TEXT PRIMARY KEY,
  seen_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX seen_events_seen_at ON seen_events (seen_at);

-- Helpful / Not helpful votes: one per user, record and message; the last vote wins.
CREATE TABLE feedback (
  id          INTEGER PRIMARY KEY,
  record_id   TEXT NOT NULL,
  helpful     INTEGER NOT NULL CHECK (helpful IN (0, 1)),
  user_id     TEXT NOT NULL,
  team_id     TEXT,
  channel_id  TEXT,
  message_ts  TEXT,
  created_at  INTEGER NOT NULL,
  vote_key    TEXT GENERATED ALWAYS AS (
    record_id || char(31) || user_id || char(31) || coalesce(channel_id, '') || char(31) || coalesce(message_ts, '')
  ) VIRTUAL
);
CREATE UNIQUE INDEX feedback_vote ON feedback (vote_key);
CREATE INDEX feedback_time ON feedback (created_at);

-- Weekly digests: a period is claimed (unique) before posting, so it is posted once.
CREATE TABLE digests (
  period_key  TEXT PRIMARY KEY,     -- ISO week the digest is due in, e.g. 2026-W49
  claim_token TEXT NOT NULL,
  claimed_at  INTEGER NOT NULL,
  posted_at   INTEGER,
  channel     TEXT,
  message_ts  TEXT,
  covers_from INTEGER,
  covers_to   INTEGER
) WITHOUT ROWID;
