-- The matcher has three kinds of match: exact, folded (exact once case, quotes and spacing are
-- folded) and fuzzy. Until now the column knew only exact and fuzzy, and a folded match was logged
-- as exact. SQLite cannot change a CHECK in place: the table is rebuilt with the same columns, rows
-- and ids, then its index and triggers are created again as 001, 005 and 006 left them.
CREATE TABLE occurrences_new (
  id          INTEGER PRIMARY KEY,  -- occurred_at * 1024 + n; stays below 2^53 until year 2248
  record_id   TEXT,                 -- NULL: looked like an error but matched no record
  source      TEXT NOT NULL CHECK (source IN ('slash', 'auto', 'shortcut', 'console')),
  team_id     TEXT,
  channel_id  TEXT,
  user_id     TEXT,
  message_ts  TEXT,
  thread_ts   TEXT,
  confidence  REAL,
  match_kind  TEXT CHECK (match_kind IS NULL OR match_kind IN ('exact', 'folded', 'fuzzy')),
  excerpt     TEXT NOT NULL CHECK (length(excerpt) <= 500),  -- redacted before insert
  fingerprint TEXT,                 -- groups unmatched variants of one error
  template    TEXT,                 -- the masked text the fingerprint hashes, for display
  occurred_at INTEGER NOT NULL      -- ms since epoch
);
INSERT INTO occurrences_new
  SELECT id, record_id, source, team_id, channel_id, user_id, message_ts, thread_ts, confidence, match_kind,
         excerpt, fingerprint, template, occurred_at
  FROM occurrences ORDER BY id;
-- Drops the table's index and both triggers with it.
DROP TABLE occurrences;
ALTER TABLE occurrences_new RENAME TO occurrences;

CREATE UNIQUE INDEX occurrences_dedupe_by_time
  ON occurrences (message_ts, coalesce(channel_id, ''), coalesce(record_id, ''))
  WHERE message_ts IS NOT NULL;

CREATE TRIGGER occurrences_first_seen AFTER INSERT ON occurrences
WHEN NEW.record_id IS NOT NULL OR NEW.fingerprint IS NOT NULL
BEGIN
  INSERT INTO first_seen (group_key, first_at)
  VALUES (coalesce(NEW.record_id, '#' || NEW.fingerprint), NEW.occurred_at)
  ON CONFLICT (group_key) DO UPDATE SET first_at = excluded.first_at WHERE excluded.first_at < first_at;
END;

CREATE TRIGGER occurrences_record_channels AFTER INSERT ON occurrences
WHEN NEW.record_id IS NOT NULL
BEGIN
  INSERT INTO record_channels (record_id, channel_id, n, first_at, last_at)
  VALUES (NEW.record_id, coalesce(NEW.channel_id, ''), 1, NEW.occurred_at, NEW.occurred_at)
  ON CONFLICT (record_id, channel_id) DO UPDATE SET
    n = n + 1, first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at);
END;
