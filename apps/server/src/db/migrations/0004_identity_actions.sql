CREATE TABLE "identity_action_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"operation" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"previous_email" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "identity_action_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "identity_second_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"factor_id" text NOT NULL,
	"display_name" text,
	"phone_number" text,
	"secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enrolled_at" timestamp with time zone,
	"pending_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_action_codes" ADD CONSTRAINT "identity_action_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_second_factors" ADD CONSTRAINT "identity_second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_action_codes_user_operation_idx" ON "identity_action_codes" USING btree ("user_id","operation");--> statement-breakpoint
CREATE INDEX "identity_second_factors_user_id_idx" ON "identity_second_factors" USING btree ("user_id");