-- Every answered or auto-detected error, one row per (source, channel, message, record).
-- Several replicas insert at once: ids come from an identity sequence, and time order is kept by
-- the occurred_at index, which also covers the columns the reports group by (index-only scans).
CREATE TABLE occurrences (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  record_id   text,                 -- NULL: looked like an error but matched no record
  source      text NOT NULL CHECK (source IN ('slash', 'auto', 'shortcut', 'console')),
  team_id     text,
  channel_id  text,
  user_id     text,
  message_ts  text,
  thread_ts   text,
  confidence  double precision,
  match_kind  text CHECK (match_kind IS NULL OR match_kind IN ('exact', 'fuzzy')),
  excerpt     text NOT NULL CHECK (char_length(excerpt) <= 500),  -- redacted before insert
  fingerprint text,                 -- groups unmatched variants of one error
  template    text,                 -- the masked text the fingerprint hashes, for display
  occurred_at bigint NOT NULL       -- ms since epoch
);

CREATE INDEX occurrences_time ON occurrences (occurred_at) INCLUDE (record_id, fingerprint, channel_id);

-- Slack retries carry the same message: one row per message and record, across replicas.
CREATE UNIQUE INDEX occurrences_dedupe
  ON occurrences (message_ts, source, coalesce(channel_id, ''), coalesce(record_id, ''))
  WHERE message_ts IS NOT NULL;

-- When each record (or unmatched fingerprint, as '#' || fingerprint) was first logged: "new this week".
CREATE TABLE first_seen (
  group_key text PRIMARY KEY,
  first_at  bigint NOT NULL
);

-- The usual insert of a known record only reads first_seen: an upsert would lock the hot row of a
-- busy record and serialise concurrent inserts.
CREATE FUNCTION occurrences_first_seen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := coalesce(NEW.record_id, '#' || NEW.fingerprint);
BEGIN
  IF k IS NULL OR EXISTS (SELECT 1 FROM first_seen WHERE group_key = k AND first_at <= NEW.occurred_at) THEN
    RETURN NULL;
  END IF;
  INSERT INTO first_seen (group_key, first_at) VALUES (k, NEW.occurred_at)
  ON CONFLICT (group_key) DO UPDATE SET first_at = excluded.first_at WHERE excluded.first_at < first_seen.first_at;
  RETURN NULL;
END $$;

CREATE TRIGGER occurrences_first_seen AFTER INSERT ON occurrences
FOR EACH ROW EXECUTE FUNCTION occurrences_first_seen();
