-- The answer outbox: every answer to an acknowledged event (and every digest) is written here before it
-- is posted, so a Slack outage, a crash or a restart delays it instead of losing it. The key is the
-- idempotency key the post carries in its message metadata: before posting again after a timeout, a
-- lost response or a takeover, the deliverer looks for that key in Slack.
CREATE TABLE outbox (
  key          text PRIMARY KEY,
  channel_id   text NOT NULL,
  thread_ts    text,
  message      text NOT NULL,
  reply_key    text,
  state        text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'posted', 'undelivered')),
  attempts     integer NOT NULL DEFAULT 0,
  next_at      bigint NOT NULL,
  lease_until  bigint NOT NULL DEFAULT 0,
  created_at   bigint NOT NULL,
  posted_ts    text,
  last_error   text
);
CREATE INDEX outbox_due ON outbox (state, next_at);

-- The event as received, so a replica can answer it after the handler's process died (see sqlite/007).
ALTER TABLE seen_events ADD COLUMN payload text;
CREATE INDEX seen_events_unfinished ON seen_events (seen_at) WHERE handled_at IS NULL AND payload IS NOT NULL;

-- Which handling claimed a reply: the same event answered again after a takeover finds its own claim.
ALTER TABLE replies ADD COLUMN claim_key text;

-- rwerror_claim_reply with the claim's key: a thread whose reply was claimed under the same key (the
-- same event, answered again by the replica that took it over) is this caller's own claim, not
-- "already replied". The 7-argument function stays for replicas still running the previous release.
CREATE FUNCTION rwerror_claim_reply(
  p_channel text, p_thread text, p_record text, p_repeat_since bigint, p_cards_since bigint, p_max_cards integer,
  p_at bigint, p_claim_key text
) RETURNS TABLE (kind text, cards bigint, repeat_thread text, repeat_reply text)
LANGUAGE plpgsql AS $$
DECLARE
  recent record;
  own record;
  n bigint;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_advisory_xact_lock(hashtextextended('rwerror.replies:' || p_channel, 0));
  SELECT claim_key, full_card INTO own FROM replies
   WHERE channel_id = p_channel AND thread_ts = p_thread AND record_id = p_record;
  IF FOUND THEN
    IF p_claim_key IS NOT NULL AND own.claim_key = p_claim_key THEN
      IF own.full_card THEN
        RETURN QUERY SELECT 'card'::text, NULL::bigint, NULL::text, NULL::text;
        RETURN;
      END IF;
      SELECT thread_ts, reply_ts INTO recent FROM replies
       WHERE channel_id = p_channel AND record_id = p_record AND full_card AND thread_ts <> p_thread
       ORDER BY created_at DESC, id DESC LIMIT 1;
      RETURN QUERY SELECT 'pointer'::text, NULL::bigint, recent.thread_ts, recent.reply_ts;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'already-replied'::text, NULL::bigint, NULL::text, NULL::text;
    RETURN;
  END IF;
  SELECT thread_ts, reply_ts INTO recent FROM replies
   WHERE channel_id = p_channel AND record_id = p_record AND created_at >= p_repeat_since AND full_card
   ORDER BY created_at DESC, id DESC LIMIT 1;
  IF FOUND THEN
    INSERT INTO replies (channel_id, thread_ts, record_id, full_card, created_at, claim_key)
    VALUES (p_channel, p_thread, p_record, false, p_at, p_claim_key);
    RETURN QUERY SELECT 'pointer'::text, NULL::bigint, recent.thread_ts, recent.reply_ts;
    RETURN;
  END IF;
  SELECT count(*) INTO n FROM replies WHERE channel_id = p_channel AND full_card AND created_at >= p_cards_since;
  IF n >= p_max_cards THEN
    RETURN QUERY SELECT 'card-cap'::text, n, NULL::text, NULL::text;
    RETURN;
  END IF;
  INSERT INTO replies (channel_id, thread_ts, record_id, full_card, created_at, claim_key)
  VALUES (p_channel, p_thread, p_record, true, p_at, p_claim_key);
  RETURN QUERY SELECT 'card'::text, NULL::bigint, NULL::text, NULL::text;
END $$;
