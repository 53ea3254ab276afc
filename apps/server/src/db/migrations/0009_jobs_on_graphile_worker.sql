CREATE TABLE "outgoing_messages" (
	"channel" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "outgoing_messages_channel_idempotency_key_pk" PRIMARY KEY("channel","idempotency_key")
);
--> statement-breakpoint
-- The outboxes give way to the job queue (ADR 0011). What they still had to send moves into it as
-- jobs, and every key they knew into the ledger, so an upgrade neither loses nor repeats a message.
-- The queue's schema is installed before these migrations run (jobs/install.ts).
INSERT INTO "outgoing_messages" ("channel", "idempotency_key", "status", "attempts", "last_error", "queued_at", "finished_at")
  SELECT 'mail', "idempotency_key", CASE "status" WHEN 'pending' THEN 'queued' ELSE "status" END, "attempts", "last_error", "created_at", "sent_at"
  FROM "mail_outbox";--> statement-breakpoint
INSERT INTO "outgoing_messages" ("channel", "idempotency_key", "status", "attempts", "last_error", "queued_at", "finished_at")
  SELECT 'sms', "idempotency_key", CASE "status" WHEN 'pending' THEN 'queued' ELSE "status" END, "attempts", "last_error", "created_at", "sent_at"
  FROM "sms_outbox";--> statement-breakpoint
SELECT graphile_worker.add_job(
    identifier => 'send_mail',
    payload => json_build_object('template', "template", 'to', "to_email", 'params', "params", 'idempotencyKey', "idempotency_key"),
    max_attempts => 10,
    job_key => 'mail:' || "idempotency_key")
  FROM "mail_outbox" WHERE "status" = 'pending';--> statement-breakpoint
SELECT graphile_worker.add_job(
    identifier => 'send_sms',
    payload => json_build_object('to', "to_phone", 'body', "body", 'idempotencyKey', "idempotency_key"),
    max_attempts => 5,
    job_key => 'sms:' || "idempotency_key")
  FROM "sms_outbox" WHERE "status" = 'pending';--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
DROP TABLE "sms_outbox" CASCADE;