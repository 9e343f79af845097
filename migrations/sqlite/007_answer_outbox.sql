-- The answer outbox: every answer to an acknowledged event (and every digest) is written here before it
-- is posted, so a Slack outage, a crash or a restart delays it instead of losing it. The key is the
-- idempotency key the post carries in its message metadata: before posting again after a timeout, a
-- lost response or a takeover, the deliverer looks for that key in Slack.
CREATE TABLE outbox (
  key          TEXT PRIMARY KEY,
  channel_id   TEXT NOT NULL,
  thread_ts    TEXT,
  message      TEXT NOT NULL,                 -- JSON: text and blocks, as chat.postMessage takes them
  reply_key    TEXT,                          -- JSON: the reply claim (channel, thread, record) whose ts the post sets
  state        TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'posted', 'undelivered')),
  attempts     INTEGER NOT NULL DEFAULT 0,
  next_at      INTEGER NOT NULL,              -- not retried before this (backoff, Retry-After)
  lease_until  INTEGER NOT NULL DEFAULT 0,    -- a replica delivering it holds it until then
  created_at   INTEGER NOT NULL,
  posted_ts    TEXT,
  last_error   TEXT
) WITHOUT ROWID;
CREATE INDEX outbox_due ON outbox (state, next_at);

-- The event as received (kind, event, team): a replica that finds the claim unfinished after its lease
-- (the handler's process died after the ack) answers it from here; Slack never redelivers an acked event.
ALTER TABLE seen_events ADD COLUMN payload TEXT;
CREATE INDEX seen_events_unfinished ON seen_events (seen_at) WHERE handled_at IS NULL AND payload IS NOT NULL;

-- Which handling claimed a reply: the same event answered again after a takeover finds its own claim
-- instead of "already replied".
ALTER TABLE replies ADD COLUMN claim_key TEXT;
