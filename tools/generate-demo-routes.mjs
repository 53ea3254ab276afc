#!/usr/bin/env node
// Writes apps/server/src/db/seed/routes/<trail>.gpx: a synthetic route for each demo trail
// (apps/server/src/db/seed/demo-trails.ts), made procedurally from its trailhead, length,
// difficulty and activity. They are not surveyed paths: a wobbly loop from the trailhead whose
// climbing is sized so that the route suggests the trail's listed difficulty (the rule in
// packages/shared/src/domain/route-facts.ts), with a metre or so of GPS-like noise on every
// elevation. Seeded pseudo-random numbers: running it again writes the same files. ADR 0057.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'apps/server/src/db/seed/routes');

const { trails, effortKm } = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `Promise.all([import('./apps/server/src/db/seed/demo-trails.ts'), import('./packages/shared/src/domain/route-facts.ts')]).then(([d, r]) =>
        console.log(JSON.stringify({ trails: d.DEMO_TRAILS.map((t) => ({ ...t, file: d.demoRouteFile(t) })), effortKm: r.DIFFICULTY_EFFORT_KM })))`,
    ],
    { cwd: root, encoding: 'utf8' },
  ),
);

/** Approximate elevation of each trailhead above sea level, metres (from the places' own descriptions and maps). */
const BASE_ELEVATION = {
  'Sintra Palaces Loop': 200,
  'Tagus Riverside Run': 5,
  'Seven Hanging Valleys': 40,
  'Gerês Waterfalls Circuit': 350,
  'Douro Vineyard Ride': 80,
  'Camí de Ronda Coastal Path': 10,
  'Retiro Park Morning Run': 660,
  'Calanques Ridge Trail': 60,
  'Lac d’Annecy Lakeside Loop': 450,
  'Sentiero degli Dei': 600,
  'Dolomites Meadow Circuit': 1900,
  'Lavaux Terraces Run': 400,
  'Zermatt Five Lakes Walk': 2570,
  'Preikestolen Cliff Hike': 270,
};

/** The effort (km + 1 per 100 m of climbing, bikes' flat km a third) each difficulty aims at: inside its band. */
const TARGET_EFFORT = {
  Easy: effortKm.moderate * 0.7,
  Moderate: (effortKm.moderate + effortKm.challenging) / 2,
  Challenging: effortKm.challenging * 1.2,
};
const METERS_PER_DEGREE = 111_195;
const SPACING_METERS = 40;

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seedOf = (text) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.codePointAt(0)) | 0, 7);

function route(trail) {
  const random = mulberry32(seedOf(trail.name));
  const km = Number.parseFloat(trail.length);
  const flatKm = trail.activity === 'biking' ? km / 3 : km;
  // Climbing sized to land the route's effort in its difficulty's band, within 5–160 m a km.
  const gain = Math.min(160 * km, Math.max(5 * km, (TARGET_EFFORT[trail.difficulty] - flatKm) * 100));

  // A loop through the trailhead: a wobbly ellipse, scaled to the trail's length.
  const phase = [random() * 6.28, random() * 6.28];
  const stretch = 0.6 + random() * 0.8;
  const heading = random() * Math.PI;
  const shape = (t) => {
    const angle = 2 * Math.PI * t;
    const r = 1 + 0.18 * Math.sin(3 * angle + phase[0]) + 0.09 * Math.sin(5 * angle + phase[1]);
    const x = r * Math.cos(angle) - (1 + 0.18 * Math.sin(phase[0]) + 0.09 * Math.sin(phase[1]));
    const y = r * Math.sin(angle) * stretch;
    return [x * Math.cos(heading) - y * Math.sin(heading), x * Math.sin(heading) + y * Math.cos(heading)];
  };
  const fine = Array.from({ length: 4001 }, (_, i) => shape(i / 4000));
  const perimeter = fine.slice(1).reduce((sum, p, i) => sum + Math.hypot(p[0] - fine[i][0], p[1] - fine[i][1]), 0);
  const scale = (km * 1000) / perimeter;
  const count = Math.max(50, Math.round((km * 1000) / SPACING_METERS));

  // Elevation: one main climb and a few smaller rises, back to the start, sized to the gain.
  const bumps = [1, 2 + Math.floor(random() * 2), 4 + Math.floor(random() * 3)].map((k, i) => ({
    k,
    weight: i === 0 ? 1 : 0.12 + random() * 0.25,
  }));
  const relief = (t) => bumps.reduce((sum, b) => sum + (b.weight * (1 - Math.cos(2 * Math.PI * b.k * t))) / 2, 0);
  const samples = Array.from({ length: count + 1 }, (_, i) => relief(i / count));
  const rise = samples.slice(1).reduce((sum, e, i) => sum + Math.max(0, e - samples[i]), 0);
  const height = gain / rise;
  const base = BASE_ELEVATION[trail.name] ?? 100;

  const lat0 = trail.trailhead.latitude;
  const lon0 = trail.trailhead.longitude;
  const points = samples.map((e, i) => {
    const [x, y] = shape(i / count);
    const noise = i === 0 || i === count ? 0 : (random() - 0.5) * 2.4;
    return {
      lat: (lat0 + (y * scale) / METERS_PER_DEGREE).toFixed(6),
      lon: (lon0 + (x * scale) / (METERS_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180))).toFixed(6),
      ele: Math.max(0, base + e * height + noise).toFixed(1),
    };
  });
  return points;
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

mkdirSync(outDir, { recursive: true });
for (const trail of trails) {
  const points = route(trail);
  const gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="TrailBuddy tools/generate-demo-routes.mjs" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata>
    <name>${escape(trail.name)}</name>
    <desc>Synthetic demo route made by tools/generate-demo-routes.mjs from the trail's trailhead, length and difficulty: not a surveyed path.</desc>
  </metadata>
  <trk>
    <name>${escape(trail.name)}</name>
    <trkseg>
${points.map((p) => `      <trkpt lat="${p.lat}" lon="${p.lon}"><ele>${p.ele}</ele></trkpt>`).join('\n')}
    </trkseg>
  </trk>
</gpx>
`;
  writeFileSync(join(outDir, trail.file), gpx);
}
console.log(`Wrote ${trails.length} routes to ${outDir}.`);
