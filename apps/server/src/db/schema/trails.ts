import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProfilePoint } from '@trailbuddy/shared/domain/route-facts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Accented letters of the trails' languages and the letters they fold to, position by position. */
const ACCENTED = 'áàâãäåāăąéèêëēėęíìîïīįóòôõöøōúùûüūųçćčñńýÿšžłđ';
const FOLDED = 'aaaaaaaaaeeeeeeeiiiiiiooooooouuuuuucccnnyyszld';

/**
 * Text as trail search compares it: lower case, accents folded (translate() is immutable, so a
 * generated column may use it, and no extension such as unaccent is needed). The stored
 * `search` column and every query go through this one expression (ADR 0022).
 */
export const searchFolded = (text: SQL): SQL => sql`translate(lower(${text}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${FOLDED}'`)})`;

/**
 * A trail is one weekly session of a place (architecture §5): the place's fields plus the
 * session's start, end and weekend day. `recurredFromId` links a copy made 7 days later to the
 * session it came from; its unique index makes "created once" hold whatever runs the job.
 */
export const trails = pgTable(
  'trails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    country: text('country').notNull(),
    length: text('length').notNull(),
    hours: real('hours').notNull().default(3),
    difficulty: text('difficulty', { enum: ['Easy', 'Moderate', 'Challenging'] }).notNull(),
    activity: text('activity', { enum: ['hiking', 'running', 'biking'] }).notNull(),
    description: text('description').notNull(),
    linkmap: text('linkmap').notNull(),
    image: text('image'),
    map: text('map'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    weekendDay: text('weekend_day', { enum: ['saturday', 'sunday'] }).notNull(),
    /**
     * The start times the administrator set, "HH:MM" on the trails' clock, in the order of the day
     * (ADR 0065); the first is the time of `startTime`. Empty: the session's own time only (the
     * seed's trails, and every trail made before there were several).
     */
    startTimes: text('start_times')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    order: integer('order').notNull().default(0),
    recurredFromId: uuid('recurred_from_id'),
    createdBy: text('created_by'),
    /** Where the trail starts (WGS 84 degrees): distance from a member's city (ADR 0057). Both or neither. */
    trailheadLatitude: doublePrecision('trailhead_latitude'),
    trailheadLongitude: doublePrecision('trailhead_longitude'),
    /**
     * The route's facts, computed from the GPX file an administrator uploaded (stored at
     * `routeFile`) when it was uploaded: all null, or all set (ADR 0057).
     */
    routeFile: text('route_file'),
    routeDistanceM: integer('route_distance_m'),
    routeGainM: integer('route_gain_m'),
    routeLossM: integer('route_loss_m'),
    routeHighestM: integer('route_highest_m'),
    routeLowestM: integer('route_lowest_m'),
    /** [metres along, metres high], at most 200 points: read by the trail's route only, never by the list. */
    routeProfile: jsonb('route_profile').$type<ProfilePoint[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The words of the name and place, folded (searchFolded), for GET /api/trails?q= (ADR 0022). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, ${searchFolded(sql`"name" || ' ' || "location"`)})`),
  },
  (t) => [
    // The list's order and its keyset cursor (ADR 0022): id breaks ties.
    index('trails_list_idx').on(t.order, t.startTime, t.id),
    index('trails_search_idx').using('gin', t.search),
    index('trails_activity_country_idx').on(t.activity, t.country),
    index('trails_start_time_idx').on(t.startTime),
    uniqueIndex('trails_recurred_from_uq').on(t.recurredFromId),
    // At most START_TIMES_MAX, each a time of day; a CHECK may not hold a subquery, so the services keep them distinct.
    check(
      'trails_start_times_ck',
      sql`cardinality(start_times) <= 4 AND array_to_string(start_times, ',') ~ '^(([01][0-9]|2[0-3]):[0-5][0-9](,|$))*$'`,
    ),
    check(
      'trails_trailhead_ck',
      sql`(trailhead_latitude IS NULL) = (trailhead_longitude IS NULL) AND trailhead_latitude BETWEEN -90 AND 90 AND trailhead_longitude BETWEEN -180 AND 180`,
    ),
    check(
      'trails_route_ck',
      sql`num_nulls(route_file, route_distance_m, route_gain_m, route_loss_m, route_highest_m, route_lowest_m, route_profile) IN (0, 7)`,
    ),
  ],
);
