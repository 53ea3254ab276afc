import type { Activity } from '@trailbuddy/shared/contracts/enums';
import type { Trail } from '@trailbuddy/shared/contracts/trail';

export type ActivityFilter = Activity | 'all';

/**
 * The location select's value: '' for everywhere, `country:<name>` for a whole country,
 * `place:<"City, Country">` for one place. A string so it can be a `<select>` value as is.
 */
export type LocationFilter = '' | `country:${string}` | `place:${string}`;

export interface TrailFilters {
  activity: ActivityFilter;
  location: LocationFilter;
}

export const NO_FILTERS: TrailFilters = { activity: 'all', location: '' };

export interface CountryGroup {
  country: string;
  /** Places in this country that have at least one trail, as stored: "City, Country". */
  places: string[];
}

/** Countries that have trails, each with its places, both in alphabetical order. */
export function groupPlacesByCountry(trails: readonly Trail[]): CountryGroup[] {
  const byCountry = new Map<string, Set<string>>();
  for (const trail of trails) {
    const places = byCountry.get(trail.country) ?? new Set<string>();
    places.add(trail.location);
    byCountry.set(trail.country, places);
  }
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  return [...byCountry]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([country, places]) => ({ country, places: [...places].sort(collator.compare) }));
}

/** "Lisbon, Portugal" → "Lisbon" under the Portugal heading; anything else is shown whole. */
export function placeLabel(place: string, country: string): string {
  const suffix = `, ${country}`;
  return place.endsWith(suffix) && place.length > suffix.length ? place.slice(0, -suffix.length) : place;
}

export function filterTrails(trails: readonly Trail[], { activity, location }: TrailFilters): Trail[] {
  return trails.filter((trail) => {
    if (activity !== 'all' && trail.activity !== activity) return false;
    if (location.startsWith('country:')) return trail.country === location.slice('country:'.length);
    if (location.startsWith('place:')) return trail.location === location.slice('place:'.length);
    return true;
  });
}
