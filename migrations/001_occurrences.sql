-- Every answered or auto-detected error, one row per (source, channel, message, record).
CREATE TABLE occurrences (
  id          INTEGER PRIMARY KEY,
  record_id   TEXT,                 -- NULL: looked like an error but matched no record
  source      TEXT NOT NULL CHECK (source IN ('slash', 'auto', 'shortcut', 'console')),
  team_id     TEXT,
  channel_id  TEXT,
  user_id     TEXT,
  message_ts  TEXT,
  thread_ts   TEXT,
  confidence  REAL,
  match_kind  TEXT CHECK (match_kind IS NULL OR match_kind IN ('exact', 'fuzzy')),
  excerpt     TEXT NOT NULL CHECK (length(excerpt) <= 500),  -- redacted before insert
  fingerprint TEXT,                 -- groups unmatched variants of one error
  template    TEXT,                 -- the masked text the fingerprint hashes, for display
  occurred_at INTEGER NOT NULL,     -- ms since epoch
  -- Slack retries carry the same message: one row per message and record. Without a
  -- message ts (console, CLI) the key is NULL and every call is a new row.
  dedupe_key  TEXT GENERATED ALWAYS AS (
    CASE WHEN message_ts IS NULL THEN NULL
    ELSE source || char(31) || coalesce(channel_id, '') || char(31) || message_ts || char(31) || coalesce(record_id, '')
    END
  ) VIRTUAL
);

CREATE UNIQUE INDEX occurrences_dedupe ON occurrences (dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX occurrences_occurred_at ON occurrences (occurred_at);
CREATE INDEX occurrences_record_time ON occurrences (record_id, occurred_at);
CREATE INDEX occurrences_fingerprint_time ON occurrences (fingerprint, occurred_at) WHERE fingerprint IS NOT NULL;
