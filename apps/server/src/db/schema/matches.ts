import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { trails } from './trails.js';

/** A PostgreSQL time range, read and written as its text form (only SQL looks inside it). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/**
 * A match (product §3). `id1` is the creator and `id2` the partner once there is one;
 * `participants` mirrors them so "participants contains me" is one GIN-indexed query.
 */
type KindColumn = 'searcherPace' | 'searcherCommunication' | 'searcherAdventureLevel' | 'searcherReliable' | 'createdAt' | 'id';
/** A searching kind's preferences and badge, then the most recent search first (the keyset's tie-break). */
const searcherPreferencesThenRecent = (t: Record<KindColumn, ExtraConfigColumn>) =>
  [t.searcherPace, t.searcherCommunication, t.searcherAdventureLevel, t.searcherReliable, t.createdAt.desc(), t.id.desc()] as const;

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
    /**
     * How many people the hike takes (ADR 0054): 2 is "just the two of us", up to
     * HIKE_CAPACITY_MAX when the one who started the search left room for more.
     */
    capacity: integer('capacity').notNull().default(2),
    /** Who moved the match to pending (a request or an invite): the other participant accepts. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'cascade' }),
    compatibility: integer('compatibility'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', {
      enum: ['user_cancelled', 'expired', 'withdrawn', 'blocked', 'superseded', 'merged'],
    }),
    /** Who ended it (a withdrawal, a rejection, a cancelled hike); null for expiry and cancelled searches of old. */
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The short reason given when a confirmed hike was cancelled, shown to the partner. */
    cancelNote: text('cancel_note'),
    /**
     * A confirmed hike cancelled less than 24 hours before its start (ADR 0027): recorded at the
     * moment of cancelling, so a reliability signal counts `cancelled_by` + `late_cancel` rows
     * without re-deriving it from times that a moved session would change.
     */
    lateCancel: boolean('late_cancel').notNull().default(false),
    /** When the day-before reminder went out; set in the statement that claims it, so it goes once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /**
     * The exact meeting point (ADR 0033): plain text the pair (or a custom event's creator) sets,
     * shown only to the participants of a confirmed match, through routes/trips alone.
     */
    meetingPoint: text('meeting_point'),
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
    /** Copied by the triggers as migration 0030 extends them (issue 23). */
    searcherSkillBiking: text('searcher_skill_biking'),
    searcherPace: text('searcher_pace'),
    searcherCommunication: text('searcher_communication'),
    searcherAdventureLevel: text('searcher_adventure_level'),
    /** The searcher's badge and comfort facts, copied the same way (ADR 0031). */
    searcherReliable: boolean('searcher_reliable'),
    searcherGender: text('searcher_gender'),
    searcherAge: integer('searcher_age'),
    searcherSameGender: boolean('searcher_same_gender'),
    searcherAgeMin: integer('searcher_age_min'),
    searcherAgeMax: integer('searcher_age_max'),
    searcherLanguages: text('searcher_languages').array(),
    /**
     * The searcher's home point (their profile city's, from city_points), copied the same way
     * (migration 0037): Best Matches lists the searchers within the viewer's travel distance of
     * the trailhead first (ADR 0068). Null when the city has no point.
     */
    searcherLatitude: doublePrecision('searcher_latitude'),
    searcherLongitude: doublePrecision('searcher_longitude'),
  },
  (t) => [
    index('matches_id1_idx').on(t.id1),
    index('matches_id2_idx').on(t.id2),
    index('matches_participants_gin').using('gin', t.participants),
    index('matches_status_start_idx').on(t.status, t.startTime),
    index('matches_trail_status_idx').on(t.trailId, t.status),
    // Best Matches: a slot's searchers of one kind, the most recent search first, and the
    // keyset cursor's tie-break (matches/best-matches.ts, ADR 0022).
    index('matches_searching_kind_recent_idx')
      .on(t.trailId, t.startTime, t.searcherSkillHiking, t.searcherSkillRunning, ...searcherPreferencesThenRecent(t))
      .where(sql`status = 'searching'`),
    // The same for a biking trail, whose kinds are the biking skill and the preferences (migration 0030).
    index('matches_searching_biking_kind_recent_idx')
      .on(t.trailId, t.startTime, t.searcherSkillBiking, ...searcherPreferencesThenRecent(t))
      .where(sql`status = 'searching'`),
    // "never two": one open search per user, trail and day.
    uniqueIndex('matches_one_search_per_slot_uq')
      .on(t.id1, t.trailId, t.startTime)
      .where(sql`status = 'searching'`),
    // A person's own custom event exists once per trail and time (a double submit is a 409).
    uniqueIndex('matches_one_custom_event_uq')
      .on(t.id1, t.trailId, t.startTime)
      .where(sql`created_manually AND status = 'active'`),
    // The day-before reminder's scan: confirmed sessions not reminded yet, by start.
    index('matches_reminder_due_idx')
      .on(t.startTime)
      .where(sql`status = 'confirmed' AND reminded_at IS NULL`),
    // Late cancellations per person, for the reliability signal.
    index('matches_late_cancel_idx')
      .on(t.cancelledBy)
      .where(sql`late_cancel`),
  ],
);

/**
 * A request to join a confirmed hike that has room (ADR 0054): anyone already on the hike may
 * accept it; the first accept that finds a place wins. A person leaving a hike that goes on with
 * the others is recorded here too (`left`, with `late` for the reliability signal).
 */
export const hikeRequests = pgTable(
  'hike_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // `left-on-block`: the blocker of someone on a hike of three or more left it (ADR 0073).
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'withdrawn', 'closed', 'left', 'left-on-block'] })
      .notNull()
      .default('pending'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** A leave less than 24 hours before the start (ADR 0027's late cancellation). */
    late: boolean('late').notNull().default(false),
  },
  (t) => [
    index('hike_requests_match_idx').on(t.matchId),
    index('hike_requests_user_idx').on(t.userId),
    // One open request per person and hike.
    uniqueIndex('hike_requests_one_open_uq')
      .on(t.matchId, t.userId)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * Who is booked when (ADR 0054): one row per person and hike they search, asked to join or are
 * on, kept by triggers of migration 0028 from `matches` and `hike_requests` (never written by
 * the application). Two exclusion constraints there make "one hike at a time" atomic: a person's
 * active bookings of overlapping times are all for one slot (trail and start), and at most one
 * of them is confirmed. `active` is false only for clashes that existed before the rule.
 */
export const hikeBookings = pgTable(
  'hike_bookings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** The trail and start, as one key: bookings of the same slot may overlap. */
    slot: text('slot').notNull(),
    period: tstzrange('period').notNull(),
    confirmed: boolean('confirmed').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.matchId] }), index('hike_bookings_match_idx').on(t.matchId)],
);

/** Feedback per user on a match (product §3 "Feedback per user"). */
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
    /** The structured answers about the partner (ADR 0031); null when not asked or not answered. */
    partnerShowedUp: boolean('partner_showed_up'),
    partnerOnTime: boolean('partner_on_time'),
    partnerPaceAsDescribed: boolean('partner_pace_as_described'),
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
