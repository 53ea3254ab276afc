import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '@trailbuddy/shared/contracts/comfort';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { users } from './auth.js';

/**
 * The product's user document (product §3 "User"), one row per account, keyed by the auth id.
 * Name and e-mail stay in Better Auth's `users` table; everything else the profile needs is
 * here, with the spec's defaults. `registrationCompletedAt` marks "Complete Your Profile" done.
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    image: text('image').notNull().default(DEFAULT_AVATAR),
    age: integer('age'),
    gender: text('gender', { enum: ['Male', 'Female', 'Other'] }),
    country: text('country'),
    city: text('city'),
    bio: text('bio'),
    instagram: text('instagram'),
    skillHiking: text('skill_hiking', { enum: ['beginner', 'intermediate', 'advanced'] })
      .notNull()
      .default('beginner'),
    skillRunning: text('skill_running', { enum: ['beginner', 'intermediate', 'advanced'] })
      .notNull()
      .default('beginner'),
    /** Issue 23: Best Matches uses it on biking trails (migration 0030). */
    skillBiking: text('skill_biking', { enum: ['beginner', 'intermediate', 'advanced'] })
      .notNull()
      .default('beginner'),
    pace: text('pace', { enum: ['relaxed', 'moderate', 'fast'] })
      .notNull()
      .default('moderate'),
    communication: text('communication', { enum: ['quiet', 'balanced', 'chatty'] })
      .notNull()
      .default('chatty'),
    adventureLevel: text('adventure_level', { enum: ['cautious', 'moderate', 'adventurous'] })
      .notNull()
      .default('moderate'),
    // Comfort preferences (ADR 0031): false, null and an empty list ask for nothing.
    comfortSameGender: boolean('comfort_same_gender').notNull().default(false),
    comfortAgeMin: integer('comfort_age_min'),
    comfortAgeMax: integer('comfort_age_max'),
    languages: text('languages')
      .array()
      .$type<Language[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The reliability signal (ADR 0031), kept by triggers of the comfort migration: hikes a partner
     * reported on (showed up answered), those that went well, and the person's late cancellations.
     * `reliable` is the badge, computed from them; the application never writes any of the four.
     */
    reliabilityReviews: integer('reliability_reviews').notNull().default(0),
    reliabilityGood: integer('reliability_good').notNull().default(0),
    lateCancels: integer('late_cancels').notNull().default(0),
    reliable: boolean('reliable')
      .notNull()
      .generatedAlwaysAs(sql`reliability_reviews >= 3 AND reliability_good * 5 >= (reliability_reviews + late_cancels) * 4`),
    /** How far the person will travel to a trailhead, km (issue 24; ADR 0057). */
    maxTravelKm: integer('max_travel_km').notNull().default(150),
    hasSeenOnboarding: boolean('has_seen_onboarding').notNull().default(false),
    registrationCompletedAt: timestamp('registration_completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Best Matches (architecture §5) ranks users with a complete profile.
  (t) => [
    index('profiles_complete_idx').on(t.registrationCompletedAt),
    // Best Matches takes the first users of each kind of candidate (matches/best-matches.ts).
    // The badge ranks within a kind, and the comfort columns ride along (INCLUDE, added by the
    // migration) so the filters are read from the index (ADR 0031).
    index('profiles_match_kind_idx')
      .on(t.skillHiking, t.skillRunning, t.pace, t.communication, t.adventureLevel, t.reliable, t.userId)
      .where(sql`registration_completed_at IS NOT NULL`),
    // A biking trail's kinds: the biking skill and the preferences (migration 0030).
    index('profiles_biking_kind_idx')
      .on(t.skillBiking, t.pace, t.communication, t.adventureLevel, t.reliable, t.userId)
      .where(sql`registration_completed_at IS NOT NULL`),
  ],
);

/**
 * The point of each city of the profile's list (packages/shared/src/data/city-coordinates.ts,
 * GeoNames, ADR 0057), keyed as a profile stores its place (country name, canonical city): the
 * database copies a searcher's home point onto their search with it (migration 0037, ADR 0068).
 * A db test holds it equal to the shared table, which stays the source.
 */
export const cityPoints = pgTable(
  'city_points',
  {
    country: text('country').notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.city] })],
);
