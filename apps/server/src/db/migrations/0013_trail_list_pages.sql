-- Lists that can grow (ADR 0022). GET /api/trails walks trails_list_idx with a keyset cursor
-- (order, start_time, id); its text search matches prefixes of the words of a trail's name and place,
-- folded to lower case without accents, in a generated tsvector (full-text search: no extension).
-- Best Matches pages through a slot's searchers of each kind, the most recent search first.
DROP INDEX "trails_order_idx";--> statement-breakpoint
DROP INDEX "matches_searching_kind_idx";--> statement-breakpoint
ALTER TABLE "trails" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate(lower("name" || ' ' || "location"), 'áàâãäåāăąéèêëēėęíìîïīįóòôõöøōúùûüūųçćčñńýÿšžłđ', 'aaaaaaaaaeeeeeeeiiiiiiooooooouuuuuucccnnyyszld'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "trails_list_idx" ON "trails" USING btree ("order","start_time","id");--> statement-breakpoint
CREATE INDEX "trails_search_idx" ON "trails" USING gin ("search");--> statement-breakpoint
CREATE INDEX "matches_searching_kind_recent_idx" ON "matches" USING btree ("trail_id","start_time","searcher_skill_hiking","searcher_skill_running","searcher_pace","searcher_communication","searcher_adventure_level","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'searching';