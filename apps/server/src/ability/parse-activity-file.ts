import { gpx, tcx } from '@tmcw/togeojson';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import FitParser from 'fit-file-parser';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import { activityFromName } from './activity-types.js';
import { metersBetween, type TrackSample } from './track-figures.js';

/** An activity as read from a file: its type if the file names one, when it began, its samples. */
export interface ParsedActivity {
  format: 'gpx' | 'tcx' | 'fit';
  activity: Activity | null;
  startedAt: Date | null;
  samples: TrackSample[];
}

/** Why a file cannot be read, in words for the person who sent it. */
export class UnreadableActivityFile extends Error {}

const isFit = (buffer: Buffer) => buffer.length >= 12 && buffer.toString('latin1', 8, 12) === '.FIT';

/**
 * Reads a GPX, TCX or FIT file into samples: positions become distances at once and go no
 * further, times become seconds since the start. The format is told by the content, not by the
 * name. Throws UnreadableActivityFile when the file is none of these or has no usable track.
 */
export async function parseActivityFile(buffer: Buffer): Promise<ParsedActivity> {
  const format = isFit(buffer) ? 'fit' : formatOfXml(buffer.toString('utf8', 0, Math.min(buffer.length, 2048)));
  if (!format) throw new UnreadableActivityFile('This is not a GPX, TCX or FIT file.');
  try {
    return format === 'fit' ? await parseFit(buffer) : parseXml(buffer, format);
  } catch (err) {
    // Whatever else a parser trips on in a file is the file's fault, never a server error.
    if (err instanceof UnreadableActivityFile) throw err;
    throw new UnreadableActivityFile(`The ${format.toUpperCase()} file cannot be read.`);
  }
}

function formatOfXml(head: string): 'gpx' | 'tcx' | null {
  if (/<gpx[\s>]/.test(head)) return 'gpx';
  if (/<TrainingCenterDatabase[\s>]/.test(head)) return 'tcx';
  return null;
}

interface Point {
  lat: number;
  lon: number;
  ele: number | null;
  time: number | null;
}

function samplesFrom(points: Point[]): TrackSample[] {
  const timed = points.every((p) => p.time !== null);
  const start = timed ? points[0]!.time! : null;
  let distance = 0;
  return points.map((p, i) => {
    if (i > 0) distance += metersBetween(points[i - 1]!, p);
    return {
      distanceMeters: distance,
      elevationMeters: p.ele,
      elapsedSeconds: start === null ? null : (p.time! - start) / 1000,
    };
  });
}

function finish(format: ParsedActivity['format'], activity: Activity | null, points: Point[]): ParsedActivity {
  const usable = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180);
  if (usable.length < 2) throw new UnreadableActivityFile('The file has no track with at least two positions.');
  const timed = usable.every((p) => p.time !== null);
  if (timed) usable.sort((a, b) => a.time! - b.time!);
  return {
    format,
    activity,
    startedAt: timed ? new Date(usable[0]!.time!) : null,
    samples: samplesFrom(timed ? usable : usable.map((p) => ({ ...p, time: null }))),
  };
}

/**
 * Any XML error, not only a fatal one, makes the document unusable for us. (Typed loosely: the
 * workspace also holds xmldom 0.8 for SAML, whose ambient declarations merge with 0.9's.)
 */
const STRICT_XML = { onError: onErrorStopParsing } as unknown as ConstructorParameters<typeof DOMParser>[0];

function parseXml(buffer: Buffer, format: 'gpx' | 'tcx'): ParsedActivity {
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    doc = new DOMParser(STRICT_XML).parseFromString(buffer.toString('utf8'), 'text/xml');
  } catch {
    throw new UnreadableActivityFile(`The ${format.toUpperCase()} file is not well-formed XML.`);
  }
  const collection = format === 'gpx' ? gpx(doc) : tcx(doc);
  const points: Point[] = [];
  let named: string | null = null;
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    if (!geometry || (geometry.type !== 'LineString' && geometry.type !== 'MultiLineString')) continue;
    const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
    const rawTimes = (feature.properties?.coordinateProperties as { times?: unknown } | undefined)?.times;
    const timesPerLine = (lines.length === 1 ? [rawTimes] : ((rawTimes as unknown[] | undefined) ?? [])) as (string[] | undefined)[];
    named ??= typeof feature.properties?.type === 'string' ? feature.properties.type : null;
    lines.forEach((line, l) => {
      const times = timesPerLine[l];
      // togeojson lists only the times present: a line with some points untimed is untimed.
      const timed = Array.isArray(times) && times.length === line.length;
      line.forEach((c, i) => {
        const time = timed ? Date.parse(times[i]!) : NaN;
        points.push({ lon: c[0]!, lat: c[1]!, ele: c[2] ?? null, time: Number.isNaN(time) ? null : time });
      });
    });
  }
  if (format === 'tcx') named = doc.getElementsByTagName('Activity')[0]?.getAttribute('Sport') ?? null;
  return finish(format, activityFromName(named), points);
}

async function parseFit(buffer: Buffer): Promise<ParsedActivity> {
  let fit: Awaited<ReturnType<FitParser['parseAsync']>>;
  try {
    // Raw units (semicircles, metres): no unit conversion, and records as a flat list.
    fit = await new FitParser({ force: false, mode: 'list', lengthUnit: 'm', speedUnit: 'm/s' }).parseAsync(
      buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer,
    );
  } catch (err) {
    throw new UnreadableActivityFile(`The FIT file cannot be read (${typeof err === 'string' ? err : 'it is damaged'}).`);
  }
  const records = fit.records ?? [];
  const points: Point[] = [];
  for (const r of records) {
    if (r.position_lat == null || r.position_long == null) continue;
    const time = r.timestamp ? new Date(r.timestamp as unknown as string | Date).getTime() : NaN;
    const ele = r.enhanced_altitude ?? r.altitude;
    points.push({
      lat: r.position_lat,
      lon: r.position_long,
      ele: typeof ele === 'number' ? ele : null,
      time: Number.isNaN(time) ? null : time,
    });
  }
  const sport = fit.sessions?.[0]?.sport ?? fit.sports?.[0]?.sport;
  return finish('fit', activityFromName(typeof sport === 'string' ? sport : null), points);
}
