import { date, index, integer, pgTable, primaryKey, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * What one imported activity contributes to its owner's measured ability (issue 24, ADR 0056):
 * the numbers the summary is recomputed from, and nothing else. No file, no track, no position,
 * no time of day: only the day it started, so the summary can keep to the last 12 months.
 * `source_key` recognises an activity imported twice (a file's SHA-256, or `strava:<id>`).
 */
export const activityFigures = pgTable(
  'activity_figures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `file` or a provider's id (`strava`). */
    source: text('source').notNull(),
    sourceKey: text('source_key').notNull(),
    activity: text('activity').notNull(),
    startedOn: date('started_on', { mode: 'date' }),
    distanceMeters: real('distance_meters').notNull(),
    elevationGainMeters: real('elevation_gain_meters').notNull(),
    flatMovingSeconds: real('flat_moving_seconds').notNull(),
    flatMovingMeters: real('flat_moving_meters').notNull(),
    climbMovingSeconds: real('climb_moving_seconds').notNull(),
    climbAscentMeters: real('climb_ascent_meters').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('activity_figures_source_uq').on(t.userId, t.sourceKey), index('activity_figures_user_idx').on(t.userId, t.activity)],
);

/**
 * A member's link to an activity service (Strava), with its OAuth tokens encrypted at rest
 * (AES-256-GCM under a key derived from the auth secret); never sent to a browser.
 */
export const activityConnections = pgTable(
  'activity_connections',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastImportAt: timestamp('last_import_at', { withTimezone: true }),
    lastImportCount: integer('last_import_count'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);
