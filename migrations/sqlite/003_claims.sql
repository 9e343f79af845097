-- An event is claimed when its handling starts and marked handled once its answer was posted; a
-- failed answer deletes the claim, and a claim never marked handled goes stale, so Slack's
-- redelivery gets another try instead of being ignored.
ALTER TABLE seen_events ADD COLUMN handled_at INTEGER;
