-- The dedupe key of 001 starts with the source and channel, so on a large table every insert
-- lands on a random index page (a cache miss and a page write). Leading with the message ts,
-- which grows with time, makes inserts append to the index instead.
DROP INDEX occurrences_dedupe;
ALTER TABLE occurrences DROP COLUMN dedupe_key;
CREATE UNIQUE INDEX occurrences_dedupe_by_time
  ON occurrences (message_ts, source, coalesce(channel_id, ''), coalesce(record_id, ''))
  WHERE message_ts IS NOT NULL;
