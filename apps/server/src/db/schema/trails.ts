import { sql, type SQL } from 'drizzle-orm';
import { customType, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
 * A trail is one weekly session of a place (ARCHITECTURE §5): the place's fields plus the
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
    order: integer('order').notNull().default(0),
    recurredFromId: uuid('recurred_from_id'),
    createdBy: text('created_by'),
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
  ],
);
