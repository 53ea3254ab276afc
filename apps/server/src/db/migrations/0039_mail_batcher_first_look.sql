CREATE TABLE "notification_mail_settings" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"delay_ms" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mail_settings_one_row" CHECK ("notification_mail_settings"."only"),
	CONSTRAINT "notification_mail_settings_delay" CHECK ("notification_mail_settings"."delay_ms" >= 0)
);
--> statement-breakpoint
-- The delay a person's mail batcher's first look waits (the table's comment, db/schema/notifications.ts):
-- none while no job runner has said, as before.
CREATE FUNCTION "notification_mail_delay"() RETURNS interval
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT make_interval(secs => "delay_ms" / 1000.0) FROM "notification_mail_settings"), interval '0');
$$;
--> statement-breakpoint
-- Migration 0033's function, with the time the job is first to run (ADR 0078). A job with its key
-- waiting already is still left as it is: a newer write never makes it run sooner.
DROP FUNCTION "add_job_unless_waiting"(text, json, text);
--> statement-breakpoint
CREATE FUNCTION "add_job_unless_waiting"(task text, payload json, key text, run_at timestamptz) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('job:' || key, 0));
  IF EXISTS (SELECT 1 FROM graphile_worker.jobs AS j WHERE j.key = add_job_unless_waiting.key AND j.locked_at IS NULL) THEN
    RETURN false;
  END IF;
  PERFORM graphile_worker.add_job(identifier => task, payload => payload, job_key => key, job_key_mode => 'preserve_run_at',
    run_at => add_job_unless_waiting.run_at);
  RETURN true;
END;
$$;
