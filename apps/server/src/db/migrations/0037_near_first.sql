-- Issue 24, ADR 0068: a search carries its searcher's home point, so Best Matches lists the people within the
-- viewer's travel distance of the trailhead first.
CREATE TABLE "city_points" (
	"country" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "city_points_country_city_pk" PRIMARY KEY("country","city")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_latitude" double precision;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "searcher_longitude" double precision;--> statement-breakpoint
-- The points of the profile's cities, as packages/shared/src/data/city-coordinates.ts has them (GeoNames,
-- CC BY 4.0, ADR 0057), keyed as a profile stores its place: the country's name and the canonical city.
-- city-points.db.test.ts holds this table equal to the shared one.
INSERT INTO "city_points" ("country", "city", "latitude", "longitude") VALUES
  ('Portugal', 'Aveiro', 40.6457, -8.6464),
  ('Portugal', 'Beja', 38.0147, -7.8628),
  ('Portugal', 'Braga', 41.5514, -8.4231),
  ('Portugal', 'Bragança', 41.8072, -6.759),
  ('Portugal', 'Castelo Branco', 39.8236, -7.491),
  ('Portugal', 'Coimbra', 40.2069, -8.42),
  ('Portugal', 'Évora', 38.5659, -7.904),
  ('Portugal', 'Faro', 37.0187, -7.9272),
  ('Portugal', 'Guarda', 40.5375, -7.2663),
  ('Portugal', 'Leiria', 39.7436, -8.8071),
  ('Portugal', 'Lisbon', 38.7251, -9.1498),
  ('Portugal', 'Portalegre', 39.2938, -7.4312),
  ('Portugal', 'Porto', 41.1485, -8.611),
  ('Portugal', 'Santarém', 39.2338, -8.6862),
  ('Portugal', 'Setúbal', 38.5244, -8.8882),
  ('Portugal', 'Viana do Castelo', 41.6932, -8.8329),
  ('Portugal', 'Vila Real', 41.3001, -7.7432),
  ('Portugal', 'Viseu', 40.6617, -7.909),
  ('Portugal', 'Funchal', 32.6657, -16.9255),
  ('Portugal', 'Ponta Delgada', 37.7395, -25.6687),
  ('Portugal', 'Angra do Heroísmo', 38.6539, -27.2184),
  ('Portugal', 'Sintra', 38.801, -9.3783),
  ('Spain', 'Madrid', 40.4165, -3.7026),
  ('Spain', 'Barcelona', 41.3888, 2.159),
  ('Spain', 'Valencia', 39.4739, -0.3797),
  ('Spain', 'Seville', 37.3828, -5.9732),
  ('Spain', 'Granada', 37.1882, -3.6067),
  ('Spain', 'Bilbao', 43.2627, -2.9253),
  ('France', 'Paris', 48.8534, 2.3488),
  ('France', 'Lyon', 45.7491, 4.8479),
  ('France', 'Marseille', 43.297, 5.3811),
  ('France', 'Toulouse', 43.6043, 1.4437),
  ('France', 'Nice', 43.7031, 7.2661),
  ('France', 'Bordeaux', 44.8412, -0.5805),
  ('France', 'Grenoble', 45.1787, 5.7148),
  ('Germany', 'Berlin', 52.5244, 13.4105),
  ('Germany', 'Munich', 48.1374, 11.5755),
  ('Germany', 'Hamburg', 53.5507, 9.993),
  ('Germany', 'Frankfurt', 50.1155, 8.6842),
  ('Germany', 'Cologne', 50.9333, 6.95),
  ('Germany', 'Stuttgart', 48.7823, 9.177),
  ('Germany', 'Freiburg', 47.9959, 7.8522),
  ('Italy', 'Rome', 41.8919, 12.5113),
  ('Italy', 'Milan', 45.4643, 9.1895),
  ('Italy', 'Florence', 43.7792, 11.2463),
  ('Italy', 'Turin', 45.0705, 7.6868),
  ('Italy', 'Naples', 40.8522, 14.2681),
  ('Italy', 'Bologna', 44.4938, 11.3387),
  ('Netherlands', 'Amsterdam', 52.374, 4.8897),
  ('Netherlands', 'Rotterdam', 51.9225, 4.4792),
  ('Netherlands', 'The Hague', 52.0767, 4.2986),
  ('Netherlands', 'Utrecht', 52.0908, 5.1222),
  ('Netherlands', 'Eindhoven', 51.4408, 5.4778),
  ('Netherlands', 'Groningen', 53.2192, 6.5667),
  ('Belgium', 'Brussels', 50.8505, 4.3488),
  ('Belgium', 'Antwerp', 51.2205, 4.4003),
  ('Belgium', 'Ghent', 51.05, 3.7167),
  ('Belgium', 'Bruges', 51.2089, 3.2242),
  ('Belgium', 'Liège', 50.6337, 5.5675),
  ('Belgium', 'Namur', 50.4669, 4.8675),
  ('Greece', 'Athens', 37.9838, 23.7278),
  ('Greece', 'Thessaloniki', 40.6407, 22.9349),
  ('Greece', 'Patras', 38.2462, 21.7351),
  ('Greece', 'Heraklion', 35.3279, 25.1434),
  ('Greece', 'Ioannina', 39.6634, 20.8519),
  ('Greece', 'Chania', 35.5112, 24.0292),
  ('Ireland', 'Dublin', 53.3331, -6.2489),
  ('Ireland', 'Cork', 51.898, -8.4706),
  ('Ireland', 'Galway', 53.2724, -9.051),
  ('Ireland', 'Limerick', 52.6647, -8.6231),
  ('Ireland', 'Waterford', 52.2583, -7.1119),
  ('Ireland', 'Killarney', 52.0598, -9.5086),
  ('Sweden', 'Stockholm', 59.3294, 18.0687),
  ('Sweden', 'Gothenburg', 57.7072, 11.9668),
  ('Sweden', 'Malmö', 55.6059, 13.0007),
  ('Sweden', 'Uppsala', 59.8588, 17.6389),
  ('Sweden', 'Umeå', 63.8284, 20.2597),
  ('Sweden', 'Kiruna', 67.8557, 20.2251),
  ('Denmark', 'Copenhagen', 55.6759, 12.5655),
  ('Denmark', 'Aarhus', 56.1567, 10.2108),
  ('Denmark', 'Odense', 55.3959, 10.3883),
  ('Denmark', 'Aalborg', 57.048, 9.9187),
  ('Denmark', 'Esbjerg', 55.4703, 8.4519),
  ('Norway', 'Oslo', 59.9127, 10.7461),
  ('Norway', 'Bergen', 60.393, 5.3242),
  ('Norway', 'Trondheim', 63.4305, 10.3951),
  ('Norway', 'Stavanger', 58.9701, 5.7333),
  ('Norway', 'Tromsø', 69.6489, 18.9551),
  ('Norway', 'Ålesund', 62.4723, 6.1549),
  ('Finland', 'Helsinki', 60.1695, 24.9354),
  ('Finland', 'Espoo', 60.2052, 24.6522),
  ('Finland', 'Tampere', 61.4991, 23.7871),
  ('Finland', 'Turku', 60.4515, 22.2687),
  ('Finland', 'Oulu', 65.0124, 25.4682),
  ('Finland', 'Rovaniemi', 66.499, 25.6887),
  ('Switzerland', 'Zurich', 47.3667, 8.55),
  ('Switzerland', 'Geneva', 46.2022, 6.1457),
  ('Switzerland', 'Basel', 47.5584, 7.5733),
  ('Switzerland', 'Bern', 46.9481, 7.4474),
  ('Switzerland', 'Lausanne', 46.516, 6.6328),
  ('Switzerland', 'Lucerne', 47.0505, 8.3064),
  ('Switzerland', 'Interlaken', 46.6839, 7.8664),
  ('Brazil', 'São Paulo', -23.5475, -46.6361),
  ('Brazil', 'Rio de Janeiro', -22.9064, -43.1822),
  ('Brazil', 'Brasília', -15.7797, -47.9297),
  ('Brazil', 'Salvador', -12.9756, -38.491),
  ('Brazil', 'Belo Horizonte', -19.9208, -43.9378),
  ('Brazil', 'Florianópolis', -27.5967, -48.5492),
  ('Brazil', 'Curitiba', -25.4278, -49.2731),
  ('United States', 'New York', 40.7143, -74.006),
  ('United States', 'Los Angeles', 34.0522, -118.2437),
  ('United States', 'San Francisco', 37.7749, -122.4194),
  ('United States', 'Seattle', 47.6062, -122.3321),
  ('United States', 'Denver', 39.7392, -104.9847),
  ('United States', 'Salt Lake City', 40.7608, -111.8911),
  ('United States', 'Chicago', 41.85, -87.65),
  ('United Kingdom', 'London', 51.5085, -0.1257),
  ('United Kingdom', 'Edinburgh', 55.9521, -3.1965),
  ('United Kingdom', 'Manchester', 53.4809, -2.2374),
  ('United Kingdom', 'Bristol', 51.4552, -2.5966),
  ('United Kingdom', 'Glasgow', 55.8651, -4.2576),
  ('United Kingdom', 'Cardiff', 51.48, -3.18),
  ('Canada', 'Toronto', 43.7064, -79.3986),
  ('Canada', 'Vancouver', 49.2497, -123.1193),
  ('Canada', 'Montreal', 45.5088, -73.5878),
  ('Canada', 'Calgary', 51.0501, -114.0853),
  ('Canada', 'Ottawa', 45.4112, -75.6981),
  ('Canada', 'Quebec City', 46.8123, -71.2145),
  ('Austria', 'Vienna', 48.2085, 16.3721),
  ('Austria', 'Salzburg', 47.7994, 13.044),
  ('Austria', 'Innsbruck', 47.2627, 11.3945),
  ('Austria', 'Graz', 47.0673, 15.442),
  ('Austria', 'Linz', 48.3064, 14.2861),
  ('Australia', 'Sydney', -33.8678, 151.2073),
  ('Australia', 'Melbourne', -37.814, 144.9633),
  ('Australia', 'Brisbane', -27.4679, 153.0281),
  ('Australia', 'Perth', -31.9522, 115.8614),
  ('Australia', 'Adelaide', -34.9287, 138.5986),
  ('Australia', 'Hobart', -42.8794, 147.3294),
  ('New Zealand', 'Auckland', -36.8485, 174.7635),
  ('New Zealand', 'Wellington', -41.2866, 174.7756),
  ('New Zealand', 'Christchurch', -43.5333, 172.6333),
  ('New Zealand', 'Queenstown', -45.0302, 168.6627),
  ('New Zealand', 'Dunedin', -45.8742, 170.5036);--> statement-breakpoint
-- The searcher copy of migrations 0010, 0018 and 0030, with the searcher's home point beside the
-- other traits (ADR 0068): the point of their profile city, null when it has none.
CREATE OR REPLACE FUNCTION matches_searcher_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'searching' THEN
    SELECT p.skill_hiking, p.skill_running, p.skill_biking, p.pace, p.communication, p.adventure_level, p.reliable,
           p.gender, p.age, p.comfort_same_gender, p.comfort_age_min, p.comfort_age_max, p.languages, c.latitude, c.longitude
      INTO NEW.searcher_skill_hiking, NEW.searcher_skill_running, NEW.searcher_skill_biking, NEW.searcher_pace, NEW.searcher_communication,
           NEW.searcher_adventure_level, NEW.searcher_reliable, NEW.searcher_gender, NEW.searcher_age, NEW.searcher_same_gender,
           NEW.searcher_age_min, NEW.searcher_age_max, NEW.searcher_languages, NEW.searcher_latitude, NEW.searcher_longitude
      FROM profiles p LEFT JOIN city_points c ON c.country = p.country AND c.city = p.city
      WHERE p.user_id = NEW.id1
      FOR SHARE OF p;
  ELSE
    NEW.searcher_skill_hiking := NULL;
    NEW.searcher_skill_running := NULL;
    NEW.searcher_skill_biking := NULL;
    NEW.searcher_pace := NULL;
    NEW.searcher_communication := NULL;
    NEW.searcher_adventure_level := NULL;
    NEW.searcher_reliable := NULL;
    NEW.searcher_gender := NULL;
    NEW.searcher_age := NULL;
    NEW.searcher_same_gender := NULL;
    NEW.searcher_age_min := NULL;
    NEW.searcher_age_max := NULL;
    NEW.searcher_languages := NULL;
    NEW.searcher_latitude := NULL;
    NEW.searcher_longitude := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_searcher_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matches
     SET searcher_skill_hiking = NEW.skill_hiking, searcher_skill_running = NEW.skill_running, searcher_skill_biking = NEW.skill_biking,
         searcher_pace = NEW.pace, searcher_communication = NEW.communication, searcher_adventure_level = NEW.adventure_level,
         searcher_reliable = NEW.reliable, searcher_gender = NEW.gender, searcher_age = NEW.age,
         searcher_same_gender = NEW.comfort_same_gender, searcher_age_min = NEW.comfort_age_min,
         searcher_age_max = NEW.comfort_age_max, searcher_languages = NEW.languages,
         searcher_latitude = (SELECT c.latitude FROM city_points c WHERE c.country = NEW.country AND c.city = NEW.city),
         searcher_longitude = (SELECT c.longitude FROM city_points c WHERE c.country = NEW.country AND c.city = NEW.city)
   WHERE id1 = NEW.user_id AND status = 'searching';
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER profiles_searcher_traits ON profiles;--> statement-breakpoint
-- A move to another city moves the searcher's home point on their open searches.
CREATE TRIGGER profiles_searcher_traits AFTER UPDATE OF skill_hiking, skill_running, skill_biking, pace, communication, adventure_level,
    gender, age, comfort_same_gender, comfort_age_min, comfort_age_max, languages, reliability_reviews, reliability_good, late_cancels,
    country, city
  ON profiles
  FOR EACH ROW
  WHEN ((OLD.skill_hiking, OLD.skill_running, OLD.skill_biking, OLD.pace, OLD.communication, OLD.adventure_level, OLD.reliable, OLD.gender,
         OLD.age, OLD.comfort_same_gender, OLD.comfort_age_min, OLD.comfort_age_max, OLD.languages, OLD.country, OLD.city)
        IS DISTINCT FROM (NEW.skill_hiking, NEW.skill_running, NEW.skill_biking, NEW.pace, NEW.communication, NEW.adventure_level,
         NEW.reliable, NEW.gender, NEW.age, NEW.comfort_same_gender, NEW.comfort_age_min, NEW.comfort_age_max, NEW.languages,
         NEW.country, NEW.city))
  EXECUTE FUNCTION profiles_searcher_traits();--> statement-breakpoint
-- The kind indexes carry the home point (INCLUDE) so the band is read from the index alone, as
-- the comfort facts are (migration 0018).
DROP INDEX "matches_searching_kind_recent_idx";--> statement-breakpoint
CREATE INDEX "matches_searching_kind_recent_idx" ON "matches" USING btree ("trail_id","start_time","searcher_skill_hiking","searcher_skill_running","searcher_pace","searcher_communication","searcher_adventure_level","searcher_reliable","created_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("id1","searcher_gender","searcher_age","searcher_same_gender","searcher_age_min","searcher_age_max","searcher_languages","searcher_latitude","searcher_longitude") WHERE status = 'searching';--> statement-breakpoint
DROP INDEX "matches_searching_biking_kind_recent_idx";--> statement-breakpoint
CREATE INDEX "matches_searching_biking_kind_recent_idx" ON "matches" USING btree ("trail_id","start_time","searcher_skill_biking","searcher_pace","searcher_communication","searcher_adventure_level","searcher_reliable","created_at" DESC NULLS LAST,"id" DESC NULLS LAST)
  INCLUDE ("id1","searcher_gender","searcher_age","searcher_same_gender","searcher_age_min","searcher_age_max","searcher_languages","searcher_latitude","searcher_longitude") WHERE status = 'searching';--> statement-breakpoint
-- Existing searches get their searcher's home point.
UPDATE matches m SET searcher_latitude = c.latitude, searcher_longitude = c.longitude
  FROM profiles p JOIN city_points c ON c.country = p.country AND c.city = p.city
 WHERE p.user_id = m.id1 AND m.status = 'searching';
