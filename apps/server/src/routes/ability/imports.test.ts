import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import { deleteAccount } from '../../account/delete-account.js';
import { activityFigures } from '../../db/schema/index.js';
import { multipartForm } from '../../test/multipart.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';

const FIXTURES = join(import.meta.dirname, '../../ability/fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
// "Today" for the summary's 12 months: the fixtures were recorded between July and October 2026.
const NOW = new Date('2026-11-28T12:00:00Z');

let t: TestApp;
let ana: TestUser;
let rui: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  ana = await signUp(t, 'ana@example.com');
  rui = await signUp(t, 'rui@example.com');
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.delete(activityFigures);
});

const upload = (user: TestUser | undefined, files: [string, Buffer | string][], activity?: string) => {
  const form = multipartForm([
    ...(activity ? [{ field: 'activity', value: activity }] : []),
    ...files.map(([filename, content]) => ({ field: 'files', filename, content })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/me/ability/imports',
    headers: { ...form.headers, ...(user && { cookie: user.cookie }) },
    payload: form.payload,
  });
};
const abilityOf = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/ability', headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { abilities: MeasuredAbility[]; providers: unknown[] };
};
const of = (abilities: MeasuredAbility[], activity: string) => abilities.find((a) => a.activity === activity);

describe('POST /api/me/ability/imports: files from several apps and devices', () => {
  it('reads a watch FIT, a phone GPX, a bike computer TCX, a multi-segment GPX and a route without times into one summary per activity', async () => {
    const names = readdirSync(FIXTURES).filter((n) => /\.(gpx|tcx|fit)$/.test(n));
    expect(names).toHaveLength(5);
    const res = await upload(
      ana,
      names.map((n) => [n, fixture(n)]),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { outcomes: { file: string; status: string; activity: string }[]; abilities: MeasuredAbility[] };
    expect(body.outcomes.map((o) => [o.file, o.status, o.activity]).sort()).toEqual([
      ['bike-computer-ride.tcx', 'imported', 'biking'],
      ['multi-segment-walk.gpx', 'imported', 'hiking'],
      ['phone-app-run.gpx', 'imported', 'running'],
      ['planned-route-no-times.gpx', 'imported', 'hiking'],
      ['watch-hike.fit', 'imported', 'hiking'],
    ]);
    // The generator walks the hikes at 1.35 m/s on the flat (741 s/km) and climbs at 420 m/h; GPS
    // jitter lengthens a track a little, so the measured pace is a few per cent quicker.
    const hiking = of(body.abilities, 'hiking')!;
    expect(hiking.activityCount).toBe(3);
    expect(hiking.flatPaceSecondsPerKm).toBeGreaterThan(680);
    expect(hiking.flatPaceSecondsPerKm).toBeLessThan(760);
    expect(hiking.climbRateMetersPerHour).toBeGreaterThan(380);
    expect(hiking.climbRateMetersPerHour).toBeLessThan(460);
    expect(hiking.longestDistanceMeters).toBeGreaterThan(9800);
    expect(hiking.longestDistanceMeters).toBeLessThan(11000);
    // Planned 330 m up in three legs (+10, +330, −20…): about 340 m of gain.
    expect(hiking.largestElevationGainMeters).toBeGreaterThan(320);
    expect(hiking.largestElevationGainMeters).toBeLessThan(370);
    const running = of(body.abilities, 'running')!;
    expect(running.flatPaceSecondsPerKm).toBeGreaterThan(290); // 3.2 m/s: 312 s/km
    expect(running.flatPaceSecondsPerKm).toBeLessThan(320);
    const biking = of(body.abilities, 'biking')!;
    expect(biking.climbRateMetersPerHour).toBeGreaterThan(740); // 800 m/h
    expect(biking.climbRateMetersPerHour).toBeLessThan(860);
    expect(biking.longestDistanceMeters).toBeGreaterThan(29_000);
    expect(await abilityOf(ana)).toEqual({ abilities: body.abilities, providers: [] });
  });

  it('takes distance and gain, and no pace, from a GPX without times', async () => {
    const res = await upload(ana, [['planned.gpx', fixture('planned-route-no-times.gpx')]]);
    expect(res.statusCode).toBe(200);
    const hiking = of(res.json().abilities, 'hiking')!;
    expect(hiking).toMatchObject({ activityCount: 1, flatPaceSecondsPerKm: null, climbRateMetersPerHour: null });
    expect(hiking.longestDistanceMeters).toBeGreaterThan(9500);
    expect(hiking.largestElevationGainMeters).toBeGreaterThan(300);
  });

  it('counts the same file once, however often it is sent', async () => {
    await upload(ana, [['watch-hike.fit', fixture('watch-hike.fit')]]);
    const again = await upload(ana, [['copy.fit', fixture('watch-hike.fit')]]);
    expect(again.json().outcomes).toEqual([{ file: 'copy.fit', status: 'duplicate', activity: 'hiking', reason: null }]);
    expect(of(again.json().abilities, 'hiking')!.activityCount).toBe(1);
  });

  it('keeps no file, no track and no position: only numbers per activity', async () => {
    await upload(ana, [
      ['watch-hike.fit', fixture('watch-hike.fit')],
      ['phone-app-run.gpx', fixture('phone-app-run.gpx')],
    ]);
    const [row] = await t.database.db
      .execute<{ row: string }>(sql`SELECT row_to_json(f)::text AS row FROM activity_figures f LIMIT 1`)
      .then((r) => r.rows);
    expect(Object.keys(JSON.parse(row!.row)).sort()).toEqual(
      [
        'activity',
        'climb_ascent_meters',
        'climb_moving_seconds',
        'distance_meters',
        'elevation_gain_meters',
        'flat_moving_meters',
        'flat_moving_seconds',
        'id',
        'imported_at',
        'source',
        'source_key',
        'started_on',
        'user_id',
      ].sort(),
    );
    // Every text and number in the whole database, searched for the fixtures' coordinates (the hike
    // starts at 38.7876, −9.3906; the run at 38.7071, −9.1355) and for any of the files' bytes.
    const dump = await t.database.db
      .execute<{ t: string }>(
        sql`SELECT string_agg(query_to_xml(format('SELECT * FROM %I.%I', table_schema::text, table_name::text), true, false, '')::text, ' ') AS t
            FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      )
      .then((r) => r.rows[0]!.t);
    expect(dump).toContain('<source_key>file:'); // the search did reach our table
    for (const coordinate of ['38.78', '-9.39', '38.70', '-9.13', '<trkpt', '.FIT']) expect(dump).not.toContain(coordinate);
    const storage = readdirSync(t.storageDir, { recursive: true });
    expect(storage).toEqual([]);
  });

  it('rejects a bad file by name and still counts the good ones', async () => {
    const res = await upload(ana, [
      ['notes.gpx', 'just some text, not XML'],
      ['broken.gpx', '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="38.7" lon="-9.1"></trkseg></gpx>'],
      ['one-point.gpx', '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="38.7" lon="-9.1"/></trkseg></trk></gpx>'],
      ['watch-hike.fit', fixture('watch-hike.fit')],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcomes).toEqual([
      { file: 'notes.gpx', status: 'rejected', activity: null, reason: 'This is not a GPX, TCX or FIT file.' },
      { file: 'broken.gpx', status: 'rejected', activity: null, reason: 'The GPX file is not well-formed XML.' },
      { file: 'one-point.gpx', status: 'rejected', activity: null, reason: 'The file has no track with at least two positions.' },
      { file: 'watch-hike.fit', status: 'imported', activity: 'hiking', reason: null },
    ]);
  });

  it('answers 400 naming the file when nothing in the import can be read, and keeps nothing', async () => {
    const truncated = fixture('watch-hike.fit').subarray(0, 600);
    const res = await upload(ana, [['cut.fit', truncated]]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(res.json().error.message).toMatch(/^cut\.fit: The FIT file cannot be read/);
    expect(res.json().error.fields.files).toMatch(/cut\.fit/);
    expect(await t.database.db.select().from(activityFigures)).toEqual([]);
  });

  it('asks which activity a file is when it does not say, and takes the form’s choice', async () => {
    const untyped = fixture('planned-route-no-times.gpx').toString('utf8').replace('<type>hiking</type>', '');
    const refused = await upload(ana, [['untyped.gpx', untyped]]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/untyped\.gpx: .*hike, a run or a ride/);
    const taken = await upload(ana, [['untyped.gpx', untyped]], 'running');
    expect(taken.json().outcomes[0]).toMatchObject({ status: 'imported', activity: 'running' });
    const wrong = await upload(ana, [['untyped.gpx', untyped]], 'swimming');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ activity: 'Choose hiking, running or biking.' });
  });

  it('refuses more than 50 files at once with a 413, keeping none of them', async () => {
    const many = Array.from({ length: 51 }, (_, i): [string, string] => [`f${i}.gpx`, `<gpx ${i}`]);
    const res = await upload(ana, many);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('At most 50 files at once: send the others in another import.');
  });

  it('rejects a file over 15 MB by name while counting the rest', async () => {
    const huge = Buffer.alloc(15 * 1024 * 1024 + 1, 0x20);
    const res = await upload(ana, [
      ['huge.gpx', huge],
      ['watch-hike.fit', fixture('watch-hike.fit')],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcomes.map((o: { file: string; status: string; reason: string | null }) => [o.file, o.status, o.reason])).toEqual([
      ['huge.gpx', 'rejected', 'The file is larger than 15 MB.'],
      ['watch-hike.fit', 'imported', null],
    ]);
  });

  it('asks a visitor to sign in before reading anything', async () => {
    const res = await upload(undefined, [['watch-hike.fit', fixture('watch-hike.fit')]]);
    expect(res.statusCode).toBe(401);
  });

  it('answers 400, not 500, to a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/ability/imports',
      headers: { cookie: ana.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('files');
  });
});

describe('owning, deleting, exporting and erasing the measured ability', () => {
  it('is the member’s own: another member sees none of it', async () => {
    await upload(ana, [['watch-hike.fit', fixture('watch-hike.fit')]]);
    expect((await abilityOf(ana)).abilities).toHaveLength(1);
    expect((await abilityOf(rui)).abilities).toEqual([]);
  });

  it('DELETE /api/me/ability removes every figure of the member, and only theirs', async () => {
    await upload(ana, [['watch-hike.fit', fixture('watch-hike.fit')]]);
    await upload(rui, [['watch-hike.fit', fixture('watch-hike.fit')]]);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me/ability', headers: { cookie: ana.cookie } });
    expect(res.statusCode).toBe(204);
    expect((await abilityOf(ana)).abilities).toEqual([]);
    expect((await abilityOf(rui)).abilities).toHaveLength(1);
  });

  it('is in the account export, and goes with the account', async () => {
    const eva = await signUp(t, 'eva@example.com');
    await upload(eva, [['phone-app-run.gpx', fixture('phone-app-run.gpx')]]);
    const exported = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: eva.cookie } });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().measuredAbility).toEqual((await abilityOf(eva)).abilities);
    expect(exported.json().measuredAbility[0]).toMatchObject({ activity: 'running', activityCount: 1 });
    expect(exported.json().activityConnections).toEqual([]);

    await deleteAccount(t.database.db, eva.id, NOW);
    const left = await t.database.db.execute(sql`SELECT 1 FROM activity_figures WHERE user_id = ${eva.id}`);
    expect(left.rows).toEqual([]);
  });
});
