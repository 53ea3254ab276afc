import { gpx } from '@tmcw/togeojson';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { ROUTE_MAX_POINTS } from '@trailbuddy/shared/contracts/trail-route';
import { isLatLng } from '@trailbuddy/shared/domain/distance';
import type { RoutePoint } from '@trailbuddy/shared/domain/route-facts';
import { invalidField } from '../errors.js';

/** The GeoJSON togeojson produces, as far as a route needs it (its own types name a package we do not install). */
interface GeoJsonLine {
  geometry: { type: string; coordinates: unknown } | null;
  properties: { _gpxType?: string } | null;
}

/**
 * The points of a GPX file's tracks (or, when it has none, of its routes), in order, parsed with
 * xmldom and togeojson. Anything that is not such a file is a 400 naming `field`. A DOCTYPE is
 * refused before parsing: GPX never has one, and it is how entity-expansion attacks arrive.
 */
export function readGpxPoints(file: Buffer, field: string): RoutePoint[] {
  const text = file.toString('utf8');
  const notGpx = () => invalidField(field, 'The file is not a GPX file with a track or a route.');
  if (/<!DOCTYPE/i.test(text)) throw notGpx();
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    // Any parse error stops the parse (the default only logs what it can recover from). Typed
    // loosely: a dependency's older xmldom declares the same module with other options.
    const options: object = { onError: onErrorStopParsing };
    doc = new DOMParser(options).parseFromString(text, 'application/xml');
  } catch {
    throw invalidField(field, 'The file is not readable XML.');
  }
  if (doc.documentElement?.localName !== 'gpx') throw notGpx();
  // togeojson reads any DOM Document; its types name the browser's and an older xmldom's.
  const features = (gpx(doc as unknown as Parameters<typeof gpx>[0]).features as GeoJsonLine[]).filter(
    (f) => f.geometry?.type === 'LineString' || f.geometry?.type === 'MultiLineString',
  );
  const tracks = features.filter((f) => f.properties?._gpxType === 'trk');
  const lines = (tracks.length > 0 ? tracks : features).flatMap((f) =>
    f.geometry!.type === 'LineString' ? [f.geometry!.coordinates] : (f.geometry!.coordinates as unknown[]),
  ) as unknown[][];
  const points: RoutePoint[] = [];
  for (const line of lines) {
    for (const position of line) {
      const [longitude, latitude, elevation] = position as number[];
      const point = { latitude: latitude!, longitude: longitude!, elevation: Number.isFinite(elevation) ? elevation! : null };
      if (!isLatLng(point)) throw invalidField(field, 'The file has a point outside the range of latitudes and longitudes.');
      points.push(point);
      if (points.length > ROUTE_MAX_POINTS)
        throw invalidField(field, `The route has more than ${ROUTE_MAX_POINTS.toLocaleString('en-US')} points.`);
    }
  }
  if (points.length < 2) throw notGpx();
  return points;
}
