-- A message send is one statement, committed on its own (ADR 0081): no BEGIN, no COMMIT, no
-- connection held idle in a transaction between the read and the write. What the send's second
-- statement used to learn after taking the sender's lock, this function learns: called from that
-- statement, it takes the lock and then reads with a snapshot of its own, taken after the lock is
-- held (each query of a VOLATILE function takes one), so it sees every send of the same person
-- that held the lock before. The statement's own snapshot, taken when it started, would not.
--   recent: how many of the sender's messages are newer than `since`, counted up to `max_recent`;
--   oldest: the oldest of those, which leaves the window first (the 429's "try again in");
--   earlier: the sender's message with this clientId as row_to_json gives it, or NULL.
CREATE FUNCTION "message_send_gate"(sender text, client uuid, since timestamptz, max_recent int)
RETURNS TABLE (recent int, oldest timestamptz, earlier json)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('messages:' || sender, 0));
  RETURN QUERY
    SELECT count(*)::int, min(r.created_at),
      (SELECT row_to_json(e) FROM "messages" AS e WHERE e.sender_id = sender AND e.client_id = client)
    FROM (
      SELECT m.created_at FROM "messages" AS m
      WHERE m.sender_id = sender AND m.created_at > since
      ORDER BY m.created_at DESC LIMIT max_recent
    ) AS r;
END;
$$;
