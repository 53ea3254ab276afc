import type { Activity } from '@trailbuddy/shared/contracts/enums';
import type { TrailQuery } from '../../../lib/queries/trails';

export type ActivityFilter = Activity | 'all';

/**
 * The location select's value: '' for everywhere, `country:<name>` for a whole country,
 * `place:<"City, Country">` for one place. A string so it can be a `<select>` value as is.
 */
export type LocationFilter = '' | `country:${string}` | `place:${string}`;

export interface TrailFilters {
  activity: ActivityFilter;
  location: LocationFilter;
  /** The search box's text, as typed. */
  search: string;
  /** Only my favourite trails (issue 23; signed in only). */
  favouritesOnly: boolean;
}

export const NO_FILTERS: TrailFilters = { activity: 'all', location: '', search: '', favouritesOnly: false };

export const hasFilters = (filters: TrailFilters) =>
  filters.activity !== 'all' || filters.location !== '' || filters.search.trim() !== '' || filters.favouritesOnly;

/** "Lisbon, Portugal" → "Lisbon" under the Portugal heading; anything else is shown whole. */
export function placeLabel(place: string, country: string): string {
  const suffix = `, ${country}`;
  return place.endsWith(suffix) && place.length > suffix.length ? place.slice(0, -suffix.length) : place;
}

/** The filters as GET /api/trails's query: the server filters (ADR 0022). */
export function toTrailQuery({ activity, location, search, favouritesOnly }: TrailFilters): TrailQuery {
  const query: TrailQuery = {};
  if (favouritesOnly) query.favourites = true;
  if (activity !== 'all') query.activity = activity;
  if (location.startsWith('country:')) query.country = location.slice('country:'.length);
  if (location.startsWith('place:')) query.location = location.slice('place:'.length);
  if (search.trim()) query.q = search.trim();
  return query;
}
