-- A paste is one occurrence whichever entry point saw it (the auto-reply, the message shortcut, a
-- mention): one row per message, channel and record, decided by the unique index in one statement,
-- so two replicas handling the same message through different entry points cannot both count it.
-- Until now the index held the source too, and a check before the insert kept it to one row.

-- Rows that counted one message again under another source: the later ones go, and the "seen
-- before" counts they added with them (first_seen keeps the earliest, which stays).
UPDATE record_channels SET n = n - (
  SELECT count(*) FROM occurrences o
  WHERE o.message_ts IS NOT NULL AND o.record_id = record_channels.record_id
    AND coalesce(o.channel_id, '') = record_channels.channel_id
    AND EXISTS (
      SELECT 1 FROM occurrences p
      WHERE p.message_ts = o.message_ts AND coalesce(p.channel_id, '') = coalesce(o.channel_id, '')
        AND p.record_id = o.record_id AND p.id < o.id
    )
);
DELETE FROM record_channels WHERE n <= 0;

DELETE FROM occurrences
WHERE message_ts IS NOT NULL AND EXISTS (
  SELECT 1 FROM occurrences p
  WHERE p.message_ts = occurrences.message_ts
    AND coalesce(p.channel_id, '') = coalesce(occurrences.channel_id, '')
    AND coalesce(p.record_id, '') = coalesce(occurrences.record_id, '')
    AND p.id < occurrences.id
);

DROP INDEX occurrences_dedupe_by_time;
CREATE UNIQUE INDEX occurrences_dedupe_by_time
  ON occurrences (message_ts, coalesce(channel_id, ''), coalesce(record_id, ''))
  WHERE message_ts IS NOT NULL;
