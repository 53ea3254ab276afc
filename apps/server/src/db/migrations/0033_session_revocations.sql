CREATE TABLE "session_revocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_ids" text[] NOT NULL,
	"user_ids" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_revocations_created_at_idx" ON "session_revocations" USING btree ("created_at");--> statement-breakpoint
-- A revocation recorded and announced in the transaction that causes it: rolled back, it
-- announces nothing; committed, every instance's listener hears it (auth/session-revocations.ts).
-- The channel is the live events' hub's second one; oversized lists travel as the row's id.
CREATE FUNCTION "record_session_revocation"(revoked_session_ids text[], revoked_user_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  revocation_id bigint;
  body text;
BEGIN
  -- The statement's clock, not the transaction's start: the catch-up window counts from about the commit.
  INSERT INTO "session_revocations" ("session_ids", "user_ids", "created_at") VALUES (revoked_session_ids, revoked_user_ids, clock_timestamp())
  RETURNING "id" INTO revocation_id;
  body := json_build_object('id', revocation_id, 'sessionIds', revoked_session_ids, 'userIds', revoked_user_ids)::text;
  IF octet_length(body) > 7500 THEN
    body := json_build_object('id', revocation_id)::text;
  END IF;
  PERFORM pg_notify('tb_session_revocations', body);
END;
$$;
--> statement-breakpoint
-- Every deleted session, whoever deleted it (sign-out, revoke, a password reset, a ban, an account
-- deleted by cascade): one row and one NOTIFY per statement.
CREATE FUNCTION "sessions_revoked"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  revoked text[];
BEGIN
  SELECT array_agg("id") INTO revoked FROM revoked_sessions;
  IF revoked IS NOT NULL THEN
    PERFORM record_session_revocation(revoked, '{}');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER DELETE ON "sessions"
REFERENCING OLD TABLE AS revoked_sessions FOR EACH STATEMENT EXECUTE FUNCTION "sessions_revoked"();
--> statement-breakpoint
-- A user whose cached copy would now be wrong: disabled, or a field Better Auth caches beside the
-- session changed. A statement that changes none of them (updated_at alone) announces nothing.
CREATE FUNCTION "users_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  SELECT array_agg(n."id") INTO changed
  FROM changed_users n JOIN previous_users o ON o."id" = n."id"
  WHERE (o."name", o."email", o."email_verified", o."image", o."is_anonymous", o."disabled", o."ban_reason", o."ban_expires",
         o."two_factor_enabled", o."phone_number", o."phone_number_verified", o."tenant_id", o."tenant_email")
    IS DISTINCT FROM
        (n."name", n."email", n."email_verified", n."image", n."is_anonymous", n."disabled", n."ban_reason", n."ban_expires",
         n."two_factor_enabled", n."phone_number", n."phone_number_verified", n."tenant_id", n."tenant_email");
  IF changed IS NOT NULL THEN
    PERFORM record_session_revocation('{}', changed);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE ON "users"
REFERENCING OLD TABLE AS previous_users NEW TABLE AS changed_users FOR EACH STATEMENT EXECUTE FUNCTION "users_changed"();
--> statement-breakpoint
-- One NOTIFY per transaction, carrying every live event of it (ADR 0058): each event's id is
-- collected as it is inserted, and at COMMIT the first of the deferred triggers sends them all
-- (the others find the list empty). Still in the transaction, so a rollback announces nothing.
CREATE FUNCTION "live_events_collect"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('trailbuddy.live_event_ids',
    coalesce(current_setting('trailbuddy.live_event_ids', true), '') || (SELECT string_agg("id"::text || ',', '') FROM added_events), true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "live_events_collect" AFTER INSERT ON "live_events"
REFERENCING NEW TABLE AS added_events FOR EACH STATEMENT EXECUTE FUNCTION "live_events_collect"();
--> statement-breakpoint
CREATE FUNCTION "live_events_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  body text;
BEGIN
  ids := string_to_array(rtrim(nullif(current_setting('trailbuddy.live_event_ids', true), ''), ','), ',')::bigint[];
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('trailbuddy.live_event_ids', '', true);
  SELECT json_build_object('events', json_agg(json_build_object('id', "id", 'type', "type", 'audience', "audience", 'payload', "payload") ORDER BY "id"))::text
  INTO body FROM "live_events" WHERE "id" = ANY (ids);
  IF body IS NULL THEN
    RETURN NULL;
  END IF;
  -- PostgreSQL refuses payloads of 8000 bytes: the ids alone then, which the hubs read back,
  -- 500 to a NOTIFY (a transaction with more events than that is the one exception to "one").
  IF octet_length(body) <= 7500 THEN
    PERFORM pg_notify('tb_live_events', body);
  ELSE
    FOR i IN 0 .. (cardinality(ids) - 1) / 500 LOOP
      PERFORM pg_notify('tb_live_events', json_build_object('ids', ids[i * 500 + 1 : i * 500 + 500])::text);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "live_events_notify" AFTER INSERT ON "live_events"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_events_notify"();
--> statement-breakpoint
-- A keyed job added only when none with its key is waiting (graphile-worker's add_job NOTIFYs on
-- every call). The waiting job will run and see what this transaction wrote, because the task
-- takes the key's advisory lock exclusively before it reads (jobs/queue.ts holdJobKey), and this
-- holds it shared until COMMIT: a job that started before this check is seen as locked (so a
-- new one is added), and one that starts after it waits for this transaction. The check is a
-- query of this function, so its snapshot is taken after the lock is held.
CREATE FUNCTION "add_job_unless_waiting"(task text, payload json, key text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('job:' || key, 0));
  IF EXISTS (SELECT 1 FROM graphile_worker.jobs AS j WHERE j.key = add_job_unless_waiting.key AND j.locked_at IS NULL) THEN
    RETURN false;
  END IF;
  PERFORM graphile_worker.add_job(identifier => task, payload => payload, job_key => key, job_key_mode => 'preserve_run_at');
  RETURN true;
END;
$$;
