CREATE TABLE "phone_code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"tenant_id" text,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "phone_code_sends_number_idx" ON "phone_code_sends" USING btree ("phone_number","sent_at");--> statement-breakpoint
CREATE INDEX "phone_code_sends_sent_idx" ON "phone_code_sends" USING btree ("sent_at");--> statement-breakpoint
-- Sends counted before this release, as rows of ours in Better Auth's table, keep counting here.
INSERT INTO "phone_code_sends" ("phone_number", "tenant_id", "sent_at")
SELECT substring("identifier" from length('trailbuddy-phone-send-') + 1), NULLIF("value", ''), "created_at"
FROM "verifications" WHERE "identifier" LIKE 'trailbuddy-phone-send-%';--> statement-breakpoint
DELETE FROM "verifications" WHERE "identifier" LIKE 'trailbuddy-phone-send-%';
