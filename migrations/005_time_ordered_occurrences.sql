-- Logging is one autocommit INSERT per occurrence, and every index is one more page written per
-- commit. Storing rows in time order (id = occurred_at * 1024 + n, n counting rows of the same
-- millisecond) makes a period one rowid range of the table itself, so the period, record and
-- fingerprint indexes can go; "first seen ever" moves to a small table kept by a trigger.
CREATE TABLE occurrences_by_time (
  id          INTEGER PRIMARY KEY,  -- occurred_at * 1024 + n (see above); stays below 2^53 until year 2248
  record_id   TEXT,
  source      TEXT NOT NULL CHECK (source IN ('slash', 'auto', 'shortcut', 'console')),
  team_id     TEXT,
  channel_id  TEXT,
  user_id     TEXT,
  message_ts  TEXT,
  thread_ts   TEXT,
  confidence  REAL,
  match_kind  TEXT CHECK (match_kind IS NULL OR match_kind IN ('exact', 'fuzzy')),
  excerpt     TEXT NOT NULL CHECK (length(excerpt) <= 500),
  fingerprint TEXT,
  template    TEXT,
  occurred_at INTEGER NOT NULL
);

INSERT INTO occurrences_by_time
  (id, record_id, source, team_id, channel_id, user_id, message_ts, thread_ts, confidence, match_kind,
   excerpt, fingerprint, template, occurred_at)
SELECT occurred_at * 1024 + (row_number() OVER (PARTITION BY occurred_at ORDER BY id) - 1),
  record_id, source, team_id, channel_id, user_id, message_ts, thread_ts, confidence, match_kind,
  excerpt, fingerprint, template, occurred_at
FROM occurrences;

DROP TABLE occurrences;
ALTER TABLE occurrences_by_time RENAME TO occurrences;

CREATE UNIQUE INDEX occurrences_dedupe_by_time
  ON occurrences (message_ts, source, coalesce(channel_id, ''), coalesce(record_id, ''))
  WHERE message_ts IS NOT NULL;

-- When each record (or unmatched fingerprint, as '#' || fingerprint) was first logged: "new this week".
CREATE TABLE first_seen (
  group_key TEXT PRIMARY KEY,
  first_at  INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO first_seen (group_key, first_at)
SELECT coalesce(record_id, '#' || fingerprint), min(occurred_at) FROM occurrences
WHERE record_id IS NOT NULL OR fingerprint IS NOT NULL
GROUP BY 1;

-- Only an earlier time writes: the usual insert of a known record leaves first_seen untouched.
CREATE TRIGGER occurrences_first_seen AFTER INSERT ON occurrences
WHEN NEW.record_id IS NOT NULL OR NEW.fingerprint IS NOT NULL
BEGIN
  INSERT INTO first_seen (group_key, first_at)
  VALUES (coalesce(NEW.record_id, '#' || NEW.fingerprint), NEW.occurred_at)
  ON CONFLICT (group_key) DO UPDATE SET first_at = excluded.first_at WHERE excluded.first_at < first_at;
END;
