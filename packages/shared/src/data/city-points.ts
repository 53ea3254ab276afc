/**
 * Where the profile's cities are (issue 24 "Distance counts"): the generated table of
 * city-coordinates.ts read by a member's "City, Country". The server uses it; the web app need
 * not ship it (the home's distance sort sends the member's place and gets its point back).
 */
import type { LatLng } from '../domain/distance';
import { CITY_COORDINATES } from './city-coordinates';
import { canonicalCity, findCountry, parseLocation } from './locations';

/** The point of a listed city of a listed country (names as the profile stores them, any case). */
export function cityPoint(country: string | null | undefined, city: string | null | undefined): LatLng | undefined {
  const code = findCountry(country)?.code;
  const name = canonicalCity(code, city);
  const point = code && name ? CITY_COORDINATES[code]?.[name] : undefined;
  return point ? { latitude: point[0], longitude: point[1] } : undefined;
}

/** The point of a "City, Country" text, as a profile's location stores it; undefined for any other place. */
export function locationPoint(location: string | null | undefined): LatLng | undefined {
  const { city, country } = parseLocation(location);
  return cityPoint(country, city);
}
