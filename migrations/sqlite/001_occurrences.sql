-- Every answered or auto-detected error, one row per (source, channel, message, record).
-- Logging is one autocommit INSERT per occurrence, and every index is one more page written per
-- commit. Rows are stored in time order (id = occurred_at * 1024 + n, n counting rows of the same
-- millisecond; assigned by recordOccurrence), so a period is one rowid range of the table itself
-- and reports need no period, record or fingerprint index.
CREATE TABLE occurrences (
  id          INTEGER PRIMARY KEY,  -- occurred_at * 1024 + n; stays below 2^53 until year 2248
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
  occurred_at INTEGER NOT NULL      -- ms since epoch
);

-- Slack retries carry the same message: one row per message and record. Without a message ts
-- (console, CLI) every call is a new row. Leading with the message ts, which grows with time,
-- makes inserts append to the index instead of landing on a random page.
CREATE UNIQUE INDEX occurrences_dedupe_by_time
  ON occurrences (message_ts, source, coalesce(channel_id, ''), coalesce(record_id, ''))
  WHERE message_ts IS NOT NULL;

-- When each record (or unmatched fingerprint, as '#' || fingerprint) was first logged: "new this week".
CREATE TABLE first_seen (
  group_key TEXT PRIMARY KEY,
  first_at  INTEGER NOT NULL
) WITHOUT ROWID;

-- Only an earlier time writes: the usual insert of a known record leaves first_seen untouched.
CREATE TRIGGER occurrences_first_seen AFTER INSERT ON occurrences
WHEN NEW.record_id IS NOT NULL OR NEW.fingerprint IS NOT NULL
BEGIN
  INSERT INTO first_seen (group_key, first_at)
  VALUES (coalesce(NEW.record_id, '#' || NEW.fingerprint), NEW.occurred_at)
  ON CONFLICT (group_key) DO UPDATE SET first_at = excluded.first_at WHERE excluded.first_at < first_at;
END;
