import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { trails } from './trails.js';

/**
 * A match (SPEC §3). `id1` is the creator and `id2` the partner once there is one;
 * `participants` mirrors them so "participants contains me" is one GIN-indexed query.
 */
export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trailId: uuid('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['searching', 'pending', 'confirmed', 'completed', 'cancelled', 'active'],
    }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    id1: text('id1')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id2: text('id2').references(() => users.id, { onDelete: 'cascade' }),
    participants: text('participants')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who moved the match to pending (a request or an invite): the other participant accepts. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'cascade' }),
    compatibility: integer('compatibility'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: ['user_cancelled', 'expired'] }),
    fromMatchId: uuid('from_match_id'),
    createdManually: boolean('created_manually').notNull().default(false),
    /**
     * The searcher's compatibility traits (their profile's skills and preferences) while the
     * match is `searching`, else null: Best Matches ranks the searchers of a slot by them
     * through matches_searching_kind_idx without reading each searcher's profile (ADR 0015).
     * Kept by triggers of migration 0010 (on a search starting, on a profile changing), never
     * written by the application.
     */
    searcherSkillHiking: text('searcher_skill_hiking'),
    searcherSkillRunning: text('searcher_skill_running'),
    searcherPace: text('searcher_pace'),
    searcherCommunication: text('searcher_communication'),
    searcherAdventureLevel: text('searcher_adventure_level'),
  },
  (t) => [
    index('matches_id1_idx').on(t.id1),
    index('matches_id2_idx').on(t.id2),
    index('matches_participants_gin').using('gin', t.participants),
    index('matches_status_start_idx').on(t.status, t.startTime),
    index('matches_trail_status_idx').on(t.trailId, t.status),
    // Best Matches: a slot's searchers of one kind, the most recent search first, and the
    // keyset cursor's tie-break (services/best-matches.ts, ADR 0022).
    index('matches_searching_kind_recent_idx')
      .on(
        t.trailId,
        t.startTime,
        t.searcherSkillHiking,
        t.searcherSkillRunning,
        t.searcherPace,
        t.searcherCommunication,
        t.searcherAdventureLevel,
        t.createdAt.desc(),
        t.id.desc(),
      )
      .where(sql`status = 'searching'`),
    // "never two": one open search per user, trail and day.
    uniqueIndex('matches_one_search_per_slot_uq')
      .on(t.id1, t.trailId, t.startTime)
      .where(sql`status = 'searching'`),
  ],
);

/** Feedback per user on a match (SPEC §3 "Feedback per user"). */
export const matchFeedback = pgTable(
  'match_feedback',
  {
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attended: boolean('attended'),
    rating: integer('rating').default(5),
    comment: text('comment'),
    wouldHikeAgain: boolean('would_hike_again'),
    skipped: boolean('skipped').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] }), index('match_feedback_user_idx').on(t.userId)],
);

/** A user's favourite trails (the trail-detail favourite toggle, persisted per user). */
export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: uuid('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trailId] })],
);
