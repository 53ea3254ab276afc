import { index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  },
  (t) => [
    index('trails_order_idx').on(t.order, t.startTime),
    index('trails_activity_country_idx').on(t.activity, t.country),
    index('trails_start_time_idx').on(t.startTime),
    uniqueIndex('trails_recurred_from_uq').on(t.recurredFromId),
  ],
);
