CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"legacy_base32_secret" boolean DEFAULT false NOT NULL,
	"totp_uid" text,
	"totp_display_name" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_pending_until" timestamp with time zone,
	"phone_uid" text,
	"phone_number" text,
	"phone_display_name" text,
	"phone_enrolled_at" timestamp with time zone,
	"pending_phone_number" text,
	"pending_phone_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factors_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Enrolled factors move into the twoFactor plugin's table, one row per account (ADR 0043): its
-- first authenticator app and its first phone keep their uids (mailed revert links still name
-- them). The TOTP secret keeps its ciphertext; it holds base32 text, which the plugin reads only
-- once re-encrypted with its prefix (done on first use). Unfinished enrollments are not moved.
INSERT INTO "two_factors" ("id", "user_id", "secret", "backup_codes", "verified", "legacy_base32_secret",
  "totp_uid", "totp_display_name", "totp_enrolled_at", "phone_uid", "phone_number", "phone_display_name", "phone_enrolled_at", "created_at")
SELECT gen_random_uuid()::text, u."user_id", coalesce(t."secret", ''), '', t."id" IS NOT NULL, t."id" IS NOT NULL,
  t."id", t."display_name", t."enrolled_at", p."id", p."phone_number", p."display_name", p."enrolled_at",
  least(t."enrolled_at", p."enrolled_at")
FROM (SELECT DISTINCT "user_id" FROM "identity_second_factors" WHERE "enrolled_at" IS NOT NULL) u
LEFT JOIN LATERAL (SELECT * FROM "identity_second_factors" f WHERE f."user_id" = u."user_id" AND f."factor_id" = 'totp'
  AND f."enrolled_at" IS NOT NULL ORDER BY f."enrolled_at" LIMIT 1) t ON true
LEFT JOIN LATERAL (SELECT * FROM "identity_second_factors" f WHERE f."user_id" = u."user_id" AND f."factor_id" = 'phone'
  AND f."enrolled_at" IS NOT NULL ORDER BY f."enrolled_at" LIMIT 1) p ON true;
--> statement-breakpoint
UPDATE "users" SET "two_factor_enabled" = true WHERE "id" IN (SELECT "user_id" FROM "two_factors");
--> statement-breakpoint
DROP TABLE "identity_second_factors" CASCADE;
