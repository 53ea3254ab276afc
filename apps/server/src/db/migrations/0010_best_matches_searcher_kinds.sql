-- Best Matches at scale (ADR 0015): a searching match carries its searcher's compatibility traits,
-- so a slot's searchers of one kind are one index range, and ranking them never reads thousands of
-- profiles. The database keeps the copy, so no code path can forget or stale it.
ALTER TABLE "matches" ADD COLUMN "searcher_skill_hiking" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_skill_running" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_pace" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_communication" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_adventure_level" text;--> statement-breakpoint
-- A match entering `searching` takes its searcher's traits; leaving it, drops them. FOR SHARE waits
-- for a profile change in flight and reads its result, so a search and a profile change committing
-- together cannot leave an old copy (the profile trigger below covers the other order).
CREATE FUNCTION matches_searcher_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'searching' THEN
    SELECT p.skill_hiking, p.skill_running, p.pace, p.communication, p.adventure_level
      INTO NEW.searcher_skill_hiking, NEW.searcher_skill_running, NEW.searcher_pace, NEW.searcher_communication, NEW.searcher_adventure_level
      FROM profiles p WHERE p.user_id = NEW.id1
      FOR SHARE;
  ELSE
    NEW.searcher_skill_hiking := NULL;
    NEW.searcher_skill_running := NULL;
    NEW.searcher_pace := NULL;
    NEW.searcher_communication := NULL;
    NEW.searcher_adventure_level := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER matches_searcher_traits BEFORE INSERT OR UPDATE OF status, id1 ON matches
  FOR EACH ROW EXECUTE FUNCTION matches_searcher_traits();--> statement-breakpoint
CREATE FUNCTION profiles_searcher_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matches
     SET searcher_skill_hiking = NEW.skill_hiking, searcher_skill_running = NEW.skill_running, searcher_pace = NEW.pace,
         searcher_communication = NEW.communication, searcher_adventure_level = NEW.adventure_level
   WHERE id1 = NEW.user_id AND status = 'searching';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_searcher_traits AFTER UPDATE OF skill_hiking, skill_running, pace, communication, adventure_level ON profiles
  FOR EACH ROW
  WHEN ((OLD.skill_hiking, OLD.skill_running, OLD.pace, OLD.communication, OLD.adventure_level)
        IS DISTINCT FROM (NEW.skill_hiking, NEW.skill_running, NEW.pace, NEW.communication, NEW.adventure_level))
  EXECUTE FUNCTION profiles_searcher_traits();--> statement-breakpoint
-- A profile created after its user's search (the app never does it; a bulk load might) fills it too.
CREATE TRIGGER profiles_searcher_traits_on_insert AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_searcher_traits();--> statement-breakpoint
UPDATE matches m
   SET searcher_skill_hiking = p.skill_hiking, searcher_skill_running = p.skill_running, searcher_pace = p.pace,
       searcher_communication = p.communication, searcher_adventure_level = p.adventure_level
  FROM profiles p
 WHERE p.user_id = m.id1 AND m.status = 'searching';--> statement-breakpoint
CREATE INDEX "matches_searching_kind_idx" ON "matches" USING btree ("trail_id","start_time","searcher_skill_hiking","searcher_skill_running","searcher_pace","searcher_communication","searcher_adventure_level","id1") WHERE status = 'searching';
