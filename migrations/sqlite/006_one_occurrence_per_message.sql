-- A paste is one occurrence whichever entry point saw it (the auto-reply, the message shortcut, a
-- mention): one row per message, channel and record, decided by the unique index in one statement,
-- so two replicas handling the same message through different entry points cannot both count it.
-- Until now the index held the source too, and a check before the insert kept it to one row.

-- Rows that counted one message again under another source (found through the old index, which
-- leads with the message ts): the later ones go, with the "seen before" counts they added.
CREATE TEMP TABLE duplicate_occurrences AS
  SELECT o.id, o.record_id, coalesce(o.channel_id, '') AS channel_id FROM occurrences o
  WHERE o.message_ts IS NOT NULL AND EXISTS (
    SELECT 1 FROM occurrences p
    WHERE p.message_ts = o.message_ts AND coalesce(p.channel_id, '') = coalesce(o.channel_id, '')
      AND coalesce(p.record_id, '') = coalesce(o.record_id, '') AND p.id < o.id
  );

UPDATE record_channels SET n = n - (
  SELECT count(*) FROM duplicate_occurrences d
  WHERE d.record_id = record_channels.record_id AND d.channel_id = record_channels.channel_id
)
WHERE EXISTS (
  SELECT 1 FROM duplicate_occurrences d
  WHERE d.record_id = record_channels.record_id AND d.channel_id = record_channels.channel_id
);
DELETE FROM record_channels WHERE n <= 0;
DELETE FROM occurrences WHERE id IN (SELECT id FROM duplicate_occurrences);
DROP TABLE duplicate_occurrences;

DROP INDEX occurrences_dedupe_by_time;
CREATE UNIQUE INDEX occurrences_dedupe_by_time
  ON occurrences (message_ts, coalesce(channel_id, ''), coalesce(record_id, ''))
  WHERE message_ts IS NOT NULL;
