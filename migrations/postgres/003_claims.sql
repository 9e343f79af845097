-- An event is claimed when its handling starts and marked handled once its answer was posted; a
-- failed answer deletes the claim, and a claim never marked handled goes stale, so Slack's
-- redelivery gets another try instead of being ignored.
ALTER TABLE seen_events ADD COLUMN handled_at bigint;

-- The auto-reply decision for one thread and record, in one round trip: already replied, capped,
-- a pointer to the channel's recent card, or a card. Replicas take turns per channel (a
-- transaction-scoped advisory lock), so two threads never both pass the cap. The lock is held
-- until commit; the commit does not wait for the WAL flush (a crash of the server may forget the
-- last claims, which costs at most a repeated answer), so a burst in one channel is not paced by fsync.
CREATE FUNCTION rwerror_claim_reply(
  p_channel text, p_thread text, p_record text, p_repeat_since bigint, p_cards_since bigint, p_max_cards integer,
  p_at bigint
) RETURNS TABLE (kind text, cards bigint, repeat_thread text, repeat_reply text)
LANGUAGE plpgsql AS $$
DECLARE
  recent record;
  n bigint;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_advisory_xact_lock(hashtextextended('rwerror.replies:' || p_channel, 0));
  IF EXISTS (SELECT 1 FROM replies WHERE channel_id = p_channel AND thread_ts = p_thread AND record_id = p_record) THEN
    RETURN QUERY SELECT 'already-replied'::text, NULL::bigint, NULL::text, NULL::text;
    RETURN;
  END IF;
  SELECT thread_ts, reply_ts INTO recent FROM replies
   WHERE channel_id = p_channel AND record_id = p_record AND created_at >= p_repeat_since AND full_card
   ORDER BY created_at DESC, id DESC LIMIT 1;
  IF FOUND THEN
    INSERT INTO replies (channel_id, thread_ts, record_id, full_card, created_at)
    VALUES (p_channel, p_thread, p_record, false, p_at);
    RETURN QUERY SELECT 'pointer'::text, NULL::bigint, recent.thread_ts, recent.reply_ts;
    RETURN;
  END IF;
  SELECT count(*) INTO n FROM replies WHERE channel_id = p_channel AND full_card AND created_at >= p_cards_since;
  IF n >= p_max_cards THEN
    RETURN QUERY SELECT 'card-cap'::text, n, NULL::text, NULL::text;
    RETURN;
  END IF;
  INSERT INTO replies (channel_id, thread_ts, record_id, full_card, created_at)
  VALUES (p_channel, p_thread, p_record, true, p_at);
  RETURN QUERY SELECT 'card'::text, NULL::bigint, NULL::text, NULL::text;
END $$;
