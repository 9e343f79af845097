-- One reply per thread and record (auto-replies never answer the same thread twice).
CREATE TABLE replies (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel_id  text NOT NULL,
  thread_ts   text NOT NULL,
  record_id   text NOT NULL,
  reply_ts    text,
  full_card   boolean NOT NULL DEFAULT false,
  created_at  bigint NOT NULL,
  UNIQUE (channel_id, thread_ts, record_id)
);
CREATE INDEX replies_channel_record_time ON replies (channel_id, record_id, created_at);
CREATE INDEX replies_channel_time ON replies (channel_id, created_at);

-- Slack event ids already handled (retries arrive with the same id); pruned after a day.
CREATE TABLE seen_events (
  event_id text PRIMARY KEY,
  seen_at  bigint NOT NULL
);
CREATE INDEX seen_events_seen_at ON seen_events (seen_at);

-- Helpful / Not helpful votes: one per user, record and message; the last vote wins.
CREATE TABLE feedback (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  record_id   text NOT NULL,
  helpful     boolean NOT NULL,
  user_id     text NOT NULL,
  team_id     text,
  channel_id  text,
  message_ts  text,
  created_at  bigint NOT NULL
);
CREATE UNIQUE INDEX feedback_vote ON feedback (record_id, user_id, coalesce(channel_id, ''), coalesce(message_ts, ''));
CREATE INDEX feedback_time ON feedback (created_at);

-- Weekly digests: a period is claimed (unique) before posting, so it is posted once.
CREATE TABLE digests (
  period_key  text PRIMARY KEY,     -- ISO week the digest is due in, e.g. 2026-W49
  claim_token text NOT NULL,
  claimed_at  bigint NOT NULL,
  posted_at   bigint,
  channel     text,
  message_ts  text,
  covers_from bigint,
  covers_to   bigint
);
