import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import type { trails } from '../db/schema/index.js';
import { fileUrl } from '../storage/file-url.js';
import { routeSummaryOf } from './trail-routes.js';

/**
 * The one presenter of a trail (ADR 0071): the whole trail as the list, its page and the admin
 * see it, and the short form a match carries. Files are presented as the addresses that serve
 * them, never as storage keys.
 */

type TrailRow = typeof trails.$inferSelect;
type MatchTrail = NonNullable<MatchView['trail']>;

/** A trail row as the list reads it: without the search vector, the route's file and its profile. */
export type ListedRow = Omit<TrailRow, 'search' | 'routeFile' | 'routeProfile'>;

export function toTrail(row: ListedRow): Trail {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    country: row.country,
    length: row.length,
    hours: row.hours,
    difficulty: row.difficulty,
    activity: row.activity,
    description: row.description,
    linkmap: row.linkmap,
    image: fileUrl(row.image),
    map: fileUrl(row.map),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    weekendDay: row.weekendDay,
    startTimes: row.startTimes,
    order: row.order,
    trailhead:
      row.trailheadLatitude !== null && row.trailheadLongitude !== null
        ? { latitude: row.trailheadLatitude, longitude: row.trailheadLongitude }
        : null,
    route: routeSummaryOf(row),
  };
}

/** The trail as a match names it: enough for its card and a link to the trail. */
export const matchTrail = (row: Pick<TrailRow, 'id' | 'name' | 'location' | 'activity' | 'image'>): MatchTrail => ({
  id: row.id,
  name: row.name,
  location: row.location,
  activity: row.activity,
  image: fileUrl(row.image),
});
