ALTER TABLE "profiles" ADD COLUMN "max_travel_km" integer DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "trailhead_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "trailhead_longitude" double precision;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "route_file" text;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "route_distance_m" integer;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "route_gain_m" integer;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "route_loss_m" integer;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "route_highest_m" integer;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "route_lowest_m" integer;--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "route_profile" jsonb;--> statement-breakpoint
ALTER TABLE "trails" ADD CONSTRAINT "trails_trailhead_ck" CHECK ((trailhead_latitude IS NULL) = (trailhead_longitude IS NULL) AND trailhead_latitude BETWEEN -90 AND 90 AND trailhead_longitude BETWEEN -180 AND 180);--> statement-breakpoint
ALTER TABLE "trails" ADD CONSTRAINT "trails_route_ck" CHECK (num_nulls(route_file, route_distance_m, route_gain_m, route_loss_m, route_highest_m, route_lowest_m, route_profile) IN (0, 7));