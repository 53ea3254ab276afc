ALTER TABLE "users" DROP CONSTRAINT "users_phone_number_unique";--> statement-breakpoint
DROP INDEX "accounts_provider_account_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tenant_email" text;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD COLUMN "tenant_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_tenant_idx" ON "accounts" USING btree ("provider_id","account_id",coalesce("tenant_id", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email_idx" ON "users" USING btree ("tenant_id","tenant_email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_phone_number_idx" ON "users" USING btree (coalesce("tenant_id", ''),"phone_number");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_email_check" CHECK ("users"."tenant_email" IS NULL OR "users"."tenant_id" IS NOT NULL);