/**
 * Synthetic but realistic activity recordings, made for the project: a person moving along a
 * path with a given profile, at a speed that depends on the grade, with stops, GPS jitter and a
 * noisy altimeter, written as the files real apps and devices export (GPX 1.1 and 1.0, GPX
 * without times, TCX, FIT). Seeded, so the same call writes the same bytes.
 *
 *   node tools/activity-samples.mjs   # (re)writes apps/server/src/ability/fixtures/
 *
 * The bench (bench/activity-import.mjs) uses the same functions for its 50 files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FitBaseType, FitEncoder } from 'fit-file-parser';

/** Mulberry32: a small seeded generator, so files are reproducible. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EARTH = 6_371_008.8;

/**
 * A recording: `legs` are stretches of [metres, climb in metres]; the person moves at
 * `flatSpeed` m/s on the flat, climbs at `climbRate` m/h on the way up (never faster than the
 * flat speed), goes a little faster down, and stops `stops` times for `stopSeconds`.
 * Returns points { lat, lon, ele, time } every `everySeconds`.
 */
export function synthTrack({
  seed = 1,
  start = { lat: 38.7876, lon: -9.3906 },
  startTime = new Date('2026-10-03T08:30:00Z'),
  startEle = 200,
  legs,
  flatSpeed,
  climbRate,
  stops = 1,
  stopSeconds = 300,
  everySeconds = 3,
  gpsJitterMeters = 2.5,
  eleJitterMeters = 0.8,
}) {
  const random = seeded(seed);
  const total = legs.reduce((s, [m]) => s + m, 0);
  const stopAt = new Set(Array.from({ length: stops }, (_, i) => Math.round(((i + 1) * total) / (stops + 1) / 50)));
  const heading = random() * 2 * Math.PI;
  const points = [];
  let along = 0;
  let t = 0;
  let legIndex = 0;
  let legStart = 0;
  let eleBase = startEle;
  // A meandering path: the heading turns slowly with the distance walked.
  let north = 0;
  let east = 0;
  const step = (meters) => {
    const h = heading + Math.sin(along / 900) * 0.8;
    north += meters * Math.cos(h);
    east += meters * Math.sin(h);
  };
  const position = () => ({
    lat: start.lat + (north / EARTH) * (180 / Math.PI),
    lon: start.lon + (east / (EARTH * Math.cos((start.lat * Math.PI) / 180))) * (180 / Math.PI),
  });
  const stopped = new Set();
  while (legIndex < legs.length) {
    const [meters, climb] = legs[legIndex];
    const grade = climb / meters;
    const ele = eleBase + (along - legStart) * grade;
    const p = position();
    const jitter = () => (((random() - 0.5) * 2 * gpsJitterMeters) / EARTH) * (180 / Math.PI);
    points.push({
      lat: p.lat + jitter(),
      lon: p.lon + jitter(),
      ele: ele + (random() - 0.5) * 2 * eleJitterMeters,
      time: new Date(startTime.getTime() + t * 1000),
    });
    const bucket = Math.round(along / 50);
    if (stopAt.has(bucket) && !stopped.has(bucket)) {
      stopped.add(bucket);
      // Standing still: the clock runs, the position only jitters.
      for (let s = 0; s < stopSeconds; s += everySeconds * 4) {
        t += everySeconds * 4;
        points.push({
          lat: p.lat + jitter(),
          lon: p.lon + jitter(),
          ele: ele + (random() - 0.5) * 2 * eleJitterMeters,
          time: new Date(startTime.getTime() + t * 1000),
        });
      }
    }
    const uphillSpeed = grade > 0.03 ? Math.min(flatSpeed, climbRate / 3600 / grade) : grade < -0.03 ? flatSpeed * 1.1 : flatSpeed;
    const speed = uphillSpeed * (0.95 + random() * 0.1);
    step(speed * everySeconds);
    along += speed * everySeconds;
    t += everySeconds;
    if (along - legStart >= meters) {
      eleBase += climb;
      legStart += meters;
      legIndex++;
    }
  }
  return points;
}

const iso = (d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const f = (n, digits) => n.toFixed(digits);

/** GPX 1.1 as Strava and Garmin Connect export it: a <trk> with times, <type>, a heart-rate extension. */
export function toGpx(points, { creator = 'StravaGPX', name = 'Morning Run', type = 'running', withTime = true, segments = 1 } = {}) {
  const per = Math.ceil(points.length / segments);
  const segs = Array.from({ length: segments }, (_, i) => points.slice(i * per, (i + 1) * per));
  const pt = (p) =>
    `      <trkpt lat="${f(p.lat, 7)}" lon="${f(p.lon, 7)}">\n        <ele>${f(p.ele, 1)}</ele>\n` +
    (withTime
      ? `        <time>${iso(p.time)}</time>\n        <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${120 + (Math.round(p.ele) % 30)}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>\n`
      : '') +
    `      </trkpt>\n`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<gpx creator="${creator}" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n` +
    (withTime ? ` <metadata><time>${iso(points[0].time)}</time></metadata>\n` : ` <metadata><name>${name}</name></metadata>\n`) +
    ` <trk>\n  <name>${name}</name>\n  <type>${type}</type>\n` +
    segs.map((s) => `  <trkseg>\n${s.map(pt).join('')}  </trkseg>\n`).join('') +
    ` </trk>\n</gpx>\n`
  );
}

/** Metres along the track at each point (haversine between consecutive points), as devices log it. */
function cumulativeDistances(points) {
  const rad = Math.PI / 180;
  let distance = 0;
  return points.map((p, i) => {
    if (i > 0) {
      const a = points[i - 1];
      const h =
        Math.sin(((p.lat - a.lat) * rad) / 2) ** 2 +
        Math.cos(a.lat * rad) * Math.cos(p.lat * rad) * Math.sin(((p.lon - a.lon) * rad) / 2) ** 2;
      distance += 2 * EARTH * Math.asin(Math.sqrt(h));
    }
    return distance;
  });
}

/** TCX as Garmin Training Center and many watches' companion apps write it. */
export function toTcx(points, { sport = 'Biking' } = {}) {
  const along = cumulativeDistances(points);
  const distance = along.at(-1);
  const trackpoints = points.map((p, i) => {
    return (
      `          <Trackpoint>\n            <Time>${iso(p.time)}</Time>\n` +
      `            <Position><LatitudeDegrees>${f(p.lat, 7)}</LatitudeDegrees><LongitudeDegrees>${f(p.lon, 7)}</LongitudeDegrees></Position>\n` +
      `            <AltitudeMeters>${f(p.ele, 1)}</AltitudeMeters>\n            <DistanceMeters>${f(along[i], 1)}</DistanceMeters>\n          </Trackpoint>\n`
    );
  });
  const seconds = (points.at(-1).time - points[0].time) / 1000;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n` +
    `  <Activities>\n    <Activity Sport="${sport}">\n      <Id>${iso(points[0].time)}</Id>\n` +
    `      <Lap StartTime="${iso(points[0].time)}">\n        <TotalTimeSeconds>${f(seconds, 1)}</TotalTimeSeconds>\n        <DistanceMeters>${f(distance, 1)}</DistanceMeters>\n        <Intensity>Active</Intensity>\n        <TriggerMethod>Manual</TriggerMethod>\n` +
    `        <Track>\n${trackpoints.join('')}        </Track>\n      </Lap>\n` +
    `      <Creator xsi:type="Device_t"><Name>Edge 530</Name><UnitId>3999999999</UnitId><ProductID>3121</ProductID></Creator>\n` +
    `    </Activity>\n  </Activities>\n</TrainingCenterDatabase>\n`
  );
}

const FIT_SPORTS = { running: 1, cycling: 2, walking: 11, hiking: 17 };
const semicircles = (deg) => Math.round((deg * 2 ** 31) / 180);

/** A FIT activity file as a Garmin watch writes it: file_id, records, a session with its sport. */
export function toFit(points, { sport = 'hiking', product = 4315 } = {}) {
  const fit = new FitEncoder();
  const stamp = (d) => FitEncoder.toFitTimestamp(d);
  fit.writeMessage(0, [
    { number: 0, size: 1, baseType: FitBaseType.Enum, value: 4 }, // type: activity
    { number: 1, size: 2, baseType: FitBaseType.Uint16, value: 1 }, // manufacturer: garmin
    { number: 2, size: 2, baseType: FitBaseType.Uint16, value: product },
    { number: 4, size: 4, baseType: FitBaseType.Uint32, value: stamp(points[0].time) },
  ]);
  const along = cumulativeDistances(points);
  const distance = along.at(-1);
  points.forEach((p, i) => {
    fit.writeMessage(
      20,
      [
        { number: 253, size: 4, baseType: FitBaseType.Uint32, value: stamp(p.time) },
        { number: 0, size: 4, baseType: FitBaseType.Sint32, value: semicircles(p.lat) },
        { number: 1, size: 4, baseType: FitBaseType.Sint32, value: semicircles(p.lon) },
        { number: 2, size: 2, baseType: FitBaseType.Uint16, value: Math.round((p.ele + 500) * 5) }, // altitude: scale 5, offset 500
        { number: 5, size: 4, baseType: FitBaseType.Uint32, value: Math.round(along[i] * 100) }, // distance: scale 100
      ],
      1,
    );
  });
  fit.writeMessage(
    18,
    [
      { number: 253, size: 4, baseType: FitBaseType.Uint32, value: stamp(points.at(-1).time) },
      { number: 2, size: 4, baseType: FitBaseType.Uint32, value: stamp(points[0].time) }, // start_time
      { number: 5, size: 1, baseType: FitBaseType.Enum, value: FIT_SPORTS[sport] },
      { number: 9, size: 4, baseType: FitBaseType.Uint32, value: Math.round(distance * 100) }, // total_distance
    ],
    2,
  );
  return Buffer.from(fit.close());
}

/** The hike, run and ride the fixtures and the bench record: about 10, 8 and 30 km. */
export const SAMPLE_ACTIVITIES = {
  hike: {
    legs: [
      [2000, 10],
      [3000, 330],
      [1500, -20],
      [3500, -310],
    ],
    flatSpeed: 1.35,
    climbRate: 420,
    stops: 2,
    everySeconds: 5,
  },
  run: {
    legs: [
      [3000, 5],
      [1000, 60],
      [1000, -60],
      [3000, -5],
    ],
    flatSpeed: 3.2,
    climbRate: 700,
    stops: 1,
    stopSeconds: 60,
    everySeconds: 3,
  },
  ride: {
    legs: [
      [10000, 20],
      [6000, 420],
      [14000, -440],
    ],
    flatSpeed: 7.5,
    climbRate: 800,
    stops: 1,
    stopSeconds: 600,
    everySeconds: 5,
  },
};

/** The fixture files, one per app or device style, under apps/server/src/ability/fixtures/. */
export function fixtureFiles() {
  const hike = synthTrack({ seed: 11, ...SAMPLE_ACTIVITIES.hike });
  const run = synthTrack({
    seed: 12,
    start: { lat: 38.7071, lon: -9.1355 },
    startTime: new Date('2026-09-12T07:05:00Z'),
    startEle: 20,
    ...SAMPLE_ACTIVITIES.run,
  });
  const ride = synthTrack({
    seed: 13,
    start: { lat: 41.7333, lon: -8.1667 },
    startTime: new Date('2026-08-22T06:40:00Z'),
    startEle: 300,
    ...SAMPLE_ACTIVITIES.ride,
  });
  const walk = synthTrack({
    seed: 14,
    start: { lat: 46.5586, lon: 7.9486 },
    startTime: new Date('2026-07-18T09:10:00Z'),
    startEle: 1200,
    ...SAMPLE_ACTIVITIES.hike,
  });
  const planned = synthTrack({ seed: 15, start: { lat: 41.759, lon: -8.154 }, startEle: 700, ...SAMPLE_ACTIVITIES.hike, everySeconds: 20 });
  return {
    'watch-hike.fit': toFit(hike, { sport: 'hiking' }),
    'phone-app-run.gpx': toGpx(run, { creator: 'StravaGPX Android', name: 'Morning Run', type: 'running' }),
    'bike-computer-ride.tcx': toTcx(ride, { sport: 'Biking' }),
    'multi-segment-walk.gpx': toGpx(walk, { creator: 'OsmAnd~ 4.8.6', name: 'Walk', type: 'hiking', segments: 3 }),
    'planned-route-no-times.gpx': toGpx(planned, { creator: 'route planner', name: 'Planned hike', type: 'hiking', withTime: false }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/src/ability/fixtures');
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(fixtureFiles())) {
    writeFileSync(join(dir, name), content);
    console.log(`${name}: ${content.length} bytes`);
  }
}
