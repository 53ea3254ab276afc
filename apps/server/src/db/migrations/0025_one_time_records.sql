CREATE TABLE "one_time_records" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "one_time_records_expires_idx" ON "one_time_records" USING btree ("expires_at");--> statement-breakpoint
-- Live records of ours move out of Better Auth's table under their new keys (auth/one-time-records.ts),
-- so links and tokens handed out before this release keep working: the same SHA-256 after the kind,
-- except the e-mail link's pointer, which kept its address in the clear and now keeps its hash.
INSERT INTO "one_time_records" ("key", "value", "created_at", "expires_at")
SELECT
  CASE split_part("identifier", ':', 1)
    WHEN 'email-link' THEN "identifier"
    WHEN 'email-link-latest' THEN 'email-link-latest:' || encode(sha256(convert_to(substring("identifier" from position(':' in "identifier") + 1), 'UTF8')), 'hex')
    WHEN 'identity-merge' THEN 'guest-merge:' || substring("identifier" from position(':' in "identifier") + 1)
    WHEN 'identity-federated-pending' THEN 'federated-pending:' || substring("identifier" from position(':' in "identifier") + 1)
    WHEN 'identity-federated-post' THEN 'federated-post:' || substring("identifier" from position(':' in "identifier") + 1)
  END,
  CASE WHEN "identifier" LIKE 'email-link-latest:%' THEN to_jsonb('email-link:' || "value") ELSE "value"::jsonb END,
  "created_at",
  "expires_at"
FROM "verifications"
WHERE split_part("identifier", ':', 1) IN ('email-link', 'email-link-latest', 'identity-merge', 'identity-federated-pending', 'identity-federated-post')
  AND "expires_at" > now()
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
DELETE FROM "verifications"
WHERE split_part("identifier", ':', 1) IN ('email-link', 'email-link-latest', 'identity-merge', 'identity-federated-pending', 'identity-federated-post');
