/**
 * Great-circle distance between two points on the Earth (issue 24 "Distance counts"): the one
 * distance the product uses, between a member's city and a trailhead (the home's sort, Best
 * Matches) and between the points of a route (route facts).
 */

/** A point in WGS 84 degrees, as GPS files and the city table give them. */
export interface LatLng {
  readonly latitude: number;
  readonly longitude: number;
}

/** The IUGG mean Earth radius. A sphere errs by at most about 0.5% against the ellipsoid: plenty for "how far to the trailhead". */
export const EARTH_RADIUS_METERS = 6_371_008.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Haversine distance in metres. Well conditioned for the short distances between route points,
 * unlike the spherical law of cosines, and exact enough across a continent.
 */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // min() keeps rounding from pushing h past 1 for antipodal points (asin would give NaN).
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function distanceKm(a: LatLng, b: LatLng): number {
  return distanceMeters(a, b) / 1000;
}

/** Whether the numbers are a real point: finite, latitude within ±90 and longitude within ±180. */
export function isLatLng(point: Partial<LatLng> | null | undefined): point is LatLng {
  return (
    point != null &&
    typeof point.latitude === 'number' &&
    typeof point.longitude === 'number' &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/** "12 km", "850 m", "1,240 km": what a card or a trail page says of a distance. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters / 10) * 10} m`;
  const km = meters / 1000;
  return `${km < 10 ? km.toFixed(1).replace(/\.0$/, '') : Math.round(km).toLocaleString('en-US')} km`;
}

/** The profile's "how far will you travel to a trailhead" when a member has not said (issue 24). */
export const DEFAULT_MAX_TRAVEL_KM = 150;

/** How far a person lives from a trail's trailhead, as Best Matches shows it beside the viewer's travel distance. */
export interface TrailheadDistance {
  /** Kilometres, rounded; null when their city or the trailhead has no point. */
  km: number | null;
  /** Farther than the viewer will travel to a trailhead: listed after, and marked. */
  beyond: boolean;
}

export function trailheadDistance(home: LatLng | undefined, trailhead: LatLng | undefined, maxTravelKm: number): TrailheadDistance {
  if (!home || !trailhead) return { km: null, beyond: false };
  const km = Math.round(distanceKm(home, trailhead));
  return { km, beyond: km > maxTravelKm };
}

/**
 * A hike's distance (ADR 0068): its nearest person's, since whoever lives nearest of them is
 * "near" in the sense a person's card is; beyond the viewer's travel distance only when that
 * nearest one is. Unknown (null km) when nobody on it has a known distance.
 */
export function nearestOf(distances: readonly TrailheadDistance[]): TrailheadDistance {
  const known = distances.filter((d) => d.km !== null);
  if (known.length === 0) return { km: null, beyond: false };
  return known.reduce((nearest, d) => (d.km! < nearest.km! ? d : nearest));
}

/** A card's few words on it: "12 km from the trailhead", and whether that is farther than the viewer travels. */
export function trailheadDistanceText({ km, beyond }: TrailheadDistance): string | null {
  if (km === null) return null;
  const text = `${formatDistance(km * 1000)} from the trailhead`;
  return beyond ? `${text}, farther than you travel` : text;
}
