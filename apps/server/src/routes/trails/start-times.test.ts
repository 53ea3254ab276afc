import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  START_TIME_FORMAT_MESSAGE,
  START_TIME_NOT_OFFERED_MESSAGE,
  START_TIMES_REPEATED_MESSAGE,
  START_TIMES_TOO_MANY_MESSAGE,
} from '@trailbuddy/shared/domain/schedule';
import { trails } from '../../db/schema/index.js';
import { recurTrails } from '../../jobs/trail-recurrence.js';
import { api, ARRABIDA_RIDGE, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

/**
 * A trail's start times (issue 23, ADR 0065), through the real routes and database: the
 * administrator sets them on add and edit, a search names one, and a slot is the trail, the day
 * and the start time. The trails' zone is Lisbon, UTC+0 in November.
 */

let w: MatchWorld;
let trailId: string;
const people: Record<string, TestUser> = {};

const put = (user: TestUser, url: string, payload: object) =>
  w.t.app.inject({ method: 'PUT', url, headers: { cookie: user.cookie }, payload });

beforeAll(async () => {
  w = await createMatchWorld();
  for (const name of ['ana', 'ben', 'cai', 'dee']) {
    people[name] = await registeredUser(w.t, `${name}@example.com`, { fullName: name[0]!.toUpperCase() + name.slice(1) });
  }
});
afterAll(async () => w.t.close());

describe('the administrator sets start times', () => {
  it('adds a trail with two times: its session is the first, the list is kept in the order of the day', async () => {
    const res = await api(w.t, w.admin).post('/api/trails', { ...ARRABIDA_RIDGE, name: 'Two Starts', startTimes: ['14:30', '08:00'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      startTimes: ['08:00', '14:30'],
      startTime: '2026-11-21T08:00:00.000Z',
      endTime: '2026-11-21T11:00:00.000Z',
    });
    trailId = res.json().id;
  });

  it('a trail added without times keeps the one time of before (10:00), stored as none', async () => {
    const [row] = await w.t.database.db.select().from(trails).where(eq(trails.id, w.trailId));
    expect(row).toMatchObject({ startTimes: [], startTime: new Date('2026-11-21T10:00:00Z') });
  });

  it('refuses bad lists with a 400 naming startTimes, and writes nothing', async () => {
    for (const [startTimes, message] of [
      [['25:00'], START_TIME_FORMAT_MESSAGE],
      [['9:00'], START_TIME_FORMAT_MESSAGE],
      [['10:00', '10:00'], START_TIMES_REPEATED_MESSAGE],
      [['07:00', '08:00', '09:00', '10:00', '11:00'], START_TIMES_TOO_MANY_MESSAGE],
    ] as const) {
      const res = await api(w.t, w.admin).post('/api/trails', { ...ARRABIDA_RIDGE, name: 'Refused', startTimes });
      expect(res.statusCode, JSON.stringify(startTimes)).toBe(400);
      expect(res.json().error.fields).toMatchObject({ startTimes: message });
      const edit = await put(w.admin, `/api/trails/${trailId}`, { ...ARRABIDA_RIDGE, name: 'Two Starts', startTimes });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().error.fields).toMatchObject({ startTimes: message });
    }
    expect(await w.t.database.db.select().from(trails).where(eq(trails.name, 'Refused'))).toEqual([]);
    const [row] = await w.t.database.db.select().from(trails).where(eq(trails.id, trailId));
    expect(row!.startTimes).toEqual(['08:00', '14:30']);
  });

  it('edits the times: the session moves to the first on its own day and keeps the trail’s duration', async () => {
    const res = await put(w.admin, `/api/trails/${trailId}`, {
      ...ARRABIDA_RIDGE,
      name: 'Two Starts',
      hours: 2.5,
      startTimes: ['15:00', '09:00'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      startTimes: ['09:00', '15:00'],
      startTime: '2026-11-21T09:00:00.000Z',
      endTime: '2026-11-21T11:30:00.000Z',
    });
    // Only an administrator sets them.
    expect((await put(people.ana!, `/api/trails/${trailId}`, { ...ARRABIDA_RIDGE, startTimes: ['06:00'] })).statusCode).toBe(403);
  });
});

describe('a slot is the trail, the day and the start time', () => {
  it('a search at the second time starts then, for the trail’s duration; a time the trail does not offer is a 400 naming time', async () => {
    const at15 = await api(w.t, people.ana).post('/api/matches/search', { trailId, day: 'saturday', time: '15:00' });
    expect(at15.statusCode).toBe(200);
    expect(at15.json().match).toMatchObject({ startTime: '2026-11-21T15:00:00.000Z', endTime: '2026-11-21T17:30:00.000Z' });
    const sunday = await api(w.t, people.cai).post('/api/matches/search', { trailId, day: 'sunday', time: '09:00' });
    expect(sunday.json().match).toMatchObject({ startTime: '2026-11-22T09:00:00.000Z' });

    for (const time of ['11:00', '10:00']) {
      const refused = await api(w.t, people.ben).post('/api/matches/search', { trailId, day: 'saturday', time });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ time: START_TIME_NOT_OFFERED_MESSAGE });
    }
    const malformed = await api(w.t, people.ben).post('/api/matches/search', { trailId, day: 'saturday', time: '3pm' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toMatchObject({ time: START_TIME_FORMAT_MESSAGE });
    const best = await api(w.t, people.ben).get(`/api/trails/${trailId}/best-matches?day=saturday&time=12:00`);
    expect(best.statusCode).toBe(400);
    expect(best.json().error.fields).toEqual({ time: START_TIME_NOT_OFFERED_MESSAGE });
  });

  it('Best Matches lists the searchers of the chosen time only', async () => {
    const { ana, ben, dee } = people as Record<string, TestUser>;
    expect((await api(w.t, dee).post('/api/matches/search', { trailId, day: 'saturday', time: '09:00' })).statusCode).toBe(200);
    // Everyone who may match is a candidate; the ones with an open search of the slot carry it.
    const searchers = async (query: string) =>
      (await api(w.t, ben).get(`/api/trails/${trailId}/best-matches?day=saturday${query}`))
        .json()
        .candidates.filter((c: { searchingMatchId: string | null }) => c.searchingMatchId !== null)
        .map((c: { profile: { id: string } }) => c.profile.id);
    expect(await searchers('&time=15:00')).toEqual([ana!.id]);
    expect(await searchers('&time=09:00')).toEqual([dee!.id]);
    // Without a time: the trail's first.
    expect(await searchers('')).toEqual([dee!.id]);
  });

  it('a hike is per start time: Ben accepted at 15:00 is on Ana’s hike, not on Dee’s at 09:00, and may still search 09:00', async () => {
    const { ana, ben } = people as Record<string, TestUser>;
    const search = (await api(w.t, ana).post('/api/matches/search', { trailId, day: 'saturday', time: '15:00' })).json().match;
    expect((await api(w.t, ben).post(`/api/matches/${search.id}/request`)).statusCode).toBe(200);
    const hike = await api(w.t, ana).post(`/api/matches/${search.id}/accept`);
    expect(hike.json()).toMatchObject({ status: 'confirmed', startTime: '2026-11-21T15:00:00.000Z' });
    // 09:00–11:30 does not overlap 15:00–17:30: one hike at a time still lets him look for the morning.
    expect((await api(w.t, ben).post('/api/matches/search', { trailId, day: 'saturday', time: '09:00' })).statusCode).toBe(200);
  });

  it('a time that has started is refused in words, the later one of the same day is still open', async () => {
    w.clock.now = new Date('2026-11-21T10:00:00Z');
    try {
      const started = await api(w.t, people.cai).post('/api/matches/search', { trailId, day: 'saturday', time: '09:00' });
      expect(started.statusCode).toBe(400);
      expect(started.json().error.fields).toHaveProperty('time');
      expect(started.json().error.message).toMatch(/already started/);
      expect((await api(w.t, people.cai).post('/api/matches/search', { trailId, day: 'saturday', time: '15:00' })).statusCode).toBe(200);
    } finally {
      w.clock.now = WEDNESDAY;
    }
  });

  it('recurrence copies the times with the session, a week later at the same clock time', async () => {
    await recurTrails(w.t.database.db, new Date('2026-11-21T09:30:00Z'), 'Europe/Lisbon');
    const copies = await w.t.database.db.select().from(trails).where(eq(trails.recurredFromId, trailId));
    expect(copies).toEqual([
      expect.objectContaining({
        startTimes: ['09:00', '15:00'],
        startTime: new Date('2026-11-28T09:00:00Z'),
        endTime: new Date('2026-11-28T11:30:00Z'),
      }),
    ]);
  });
});
