import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client.js';
import { matches, trails } from '../db/schema/index.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import type { TestUser } from '../test/test-app.js';
import { expireMatches } from './match-expiry.js';
import { recurTrails } from './trail-recurrence.js';

let w: MatchWorld;
let ana: TestUser;
let bruno: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com');
  bruno = await registeredUser(w.t, 'bruno@example.com');
});
afterAll(async () => w.t.close());

describe('match expiry', () => {
  it('cancels searching and pending matches whose start has passed, as expired, once', async () => {
    const search = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match;
    const sundaySearch = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match;
    const pending = (await api(w.t, bruno).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'saturday' })).json();
    const confirmedInvite = (
      await api(w.t, bruno).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'sunday' })
    ).json();
    await api(w.t, ana).post(`/api/matches/${confirmedInvite.id}/accept`);

    // Before the start: nothing expires.
    expect(await expireMatches(w.t.database.db, new Date('2026-11-21T09:59:00Z'))).toBe(0);

    // Saturday 10:00 has passed; Sunday has not.
    const saturdayNoon = new Date('2026-11-21T12:00:00Z');
    expect(await expireMatches(w.t.database.db, saturdayNoon)).toBe(2);
    expect(await expireMatches(w.t.database.db, saturdayNoon)).toBe(0);
    const rows = await w.t.database.db.select().from(matches);
    const byId = new Map(rows.map((m) => [m.id, m]));
    expect(byId.get(search.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(byId.get(pending.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    // Accepting the Sunday invitation ended Ana's own Sunday search (ADR 0054: one hike at a time).
    expect(byId.get(sundaySearch.id)).toMatchObject({ status: 'cancelled', cancelReason: 'superseded' });
    expect(byId.get(confirmedInvite.id)?.status).toBe('confirmed');
  });

  it('expires each match once when two instances run the job at the same moment', async () => {
    // Someone else's Sunday search is left open.
    const carla = await registeredUser(w.t, 'carla@example.com');
    expect((await api(w.t, carla).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).statusCode).toBe(200);
    const other = connectDatabase(w.t.database.url);
    try {
      const late = new Date('2026-11-22T12:00:00Z');
      const results = await Promise.all([
        expireMatches(w.t.database.db, late),
        expireMatches(other.db, late),
        expireMatches(w.t.database.db, late),
      ]);
      // Only Carla's Sunday search is left open.
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
      const open = await w.t.database.db
        .select()
        .from(matches)
        .where(inArray(matches.status, ['searching', 'pending']));
      expect(open).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('trail recurrence', () => {
  it('creates the copy 7 days later, once, when a session has started', async () => {
    const [original] = await w.t.database.db.select().from(trails).where(eq(trails.id, w.trailId));
    expect(await recurTrails(w.t.database.db, new Date('2026-11-21T09:00:00Z'), 'Europe/Lisbon')).toBe(0);

    const other = connectDatabase(w.t.database.url);
    try {
      const after = new Date('2026-11-21T10:30:00Z');
      const runs = await Promise.all([
        recurTrails(w.t.database.db, after, 'Europe/Lisbon'),
        recurTrails(other.db, after, 'Europe/Lisbon'),
        recurTrails(w.t.database.db, after, 'Europe/Lisbon'),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await recurTrails(other.db, after, 'Europe/Lisbon')).toBe(0);
    } finally {
      await other.close();
    }
    const copies = await w.t.database.db.select().from(trails).where(isNotNull(trails.recurredFromId));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      recurredFromId: original!.id,
      name: original!.name,
      weekendDay: 'saturday',
      startTime: new Date('2026-11-28T10:00:00Z'),
      endTime: new Date('2026-11-28T13:00:00Z'),
    });
  });

  it('catches up week by week after a long downtime; the list shows sessions that have not ended', async () => {
    const fourWeeksLater = new Date('2026-12-19T12:00:00Z');
    // Nov 28 → Dec 5 → Dec 12 → Dec 19 (started at 10:00 that day) → Dec 26: four copies.
    expect(await recurTrails(w.t.database.db, fourWeeksLater, 'Europe/Lisbon')).toBe(4);
    w.clock.now = fourWeeksLater;
    const listed = (await w.t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails;
    // Saturday 19 December 12:00: that day's 10:00–13:00 session is under way, the next one is a week on.
    expect(listed.map((t: { startTime: string }) => t.startTime)).toEqual(['2026-12-19T10:00:00.000Z', '2026-12-26T10:00:00.000Z']);
  });
});
