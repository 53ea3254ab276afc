import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_ALARM_MINUTES_BEFORE, matchIcsPath } from '@trailbuddy/shared/contracts/calendar';
import { calendarFeeds } from '../../db/schema/index.js';
import { api, ARRABIDA_RIDGE, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let eve: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  w.clock.now = WEDNESDAY;
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Santos' });
  eve = await registeredUser(w.t, 'eve@example.com');
});
afterAll(async () => w.t.close());

/** Parses with ical.js, an iCalendar implementation independent of the one that wrote it. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: vevent.getFirstPropertyValue('status'),
      url: vevent.getFirstPropertyValue('url'),
      alarms: vevent.getAllSubcomponents('valarm').map((a) => ({
        action: a.getFirstPropertyValue('action'),
        trigger: String(a.getFirstPropertyValue('trigger')),
      })),
    };
  });
}

const feedPath = (url: string) => new URL(url).pathname;

describe('Add to calendar', () => {
  it('gives a participant of a confirmed match an .ics with the trail, times, place, buddy, link and alarm', async () => {
    const invitation = (await api(w.t, ana).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'saturday' })).json();
    expect((await api(w.t, ana).get(matchIcsPath(invitation.id))).statusCode).toBe(409);
    const hike = (await api(w.t, rui).post(`/api/matches/${invitation.id}/accept`)).json();

    expect((await api(w.t, undefined).get(matchIcsPath(hike.id))).statusCode).toBe(401);
    expect((await api(w.t, eve).get(matchIcsPath(hike.id))).statusCode).toBe(404);

    const res = await api(w.t, rui).get(matchIcsPath(hike.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="trailbuddy-arrabida-ridge.ics"');
    const [event, ...rest] = events(res.body);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      summary: `${ARRABIDA_RIDGE.name} with Ana (confirmed)`,
      location: ARRABIDA_RIDGE.location,
      start: hike.startTime,
      end: hike.endTime,
      status: 'CONFIRMED',
      alarms: [{ action: 'DISPLAY', trigger: `-PT${CALENDAR_ALARM_MINUTES_BEFORE / 60}H` }],
    });
    expect(event!.url).toMatch(new RegExp(`/matches/${hike.id}/accepted$`));
    expect(event!.description).toContain('Buddy: Ana');
    expect(event!.uid).toContain(hike.id);
  });
});

describe('the personal calendar feed', () => {
  it('lists searching, pending and confirmed sessions, and keeps a cancelled one as CANCELLED', async () => {
    expect((await api(w.t, undefined).post('/api/calendar/feed')).statusCode).toBe(401);
    expect((await api(w.t, ana).get('/api/calendar/feed')).json()).toEqual({ active: false, createdAt: null });
    const created = await api(w.t, ana).post('/api/calendar/feed');
    expect(created.statusCode).toBe(200);
    const { url } = created.json();
    expect((await api(w.t, ana).get('/api/calendar/feed')).json()).toMatchObject({ active: true });

    // Only a hash is stored: the token in the URL appears nowhere in the table.
    const token = feedPath(url)
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const stored = await w.t.database.db.select().from(calendarFeeds);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const sundaySearch = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match;
    const request = (await api(w.t, eve).post(`/api/matches/${sundaySearch.id}/request`)).json();
    const feed = await api(w.t, undefined).get(feedPath(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Calendar apps are asked to poll hourly; the feed is private to its URL.
    expect(feed.body).toContain('X-PUBLISHED-TTL:PT1H');
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    const byStatus = (list: ReturnType<typeof events>) => list.map((e) => `${e.status} ${e.summary}`).sort();
    const before = events(feed.body);
    expect(byStatus(before)).toEqual(
      [
        `CONFIRMED ${ARRABIDA_RIDGE.name} with Rui (confirmed)`,
        // Accepting gave the accepter a new search for the slot; Ana invited, so her search is the match.
        `TENTATIVE ${ARRABIDA_RIDGE.name} with eve (request pending)`,
      ].sort(),
    );
    expect(before.every((e) => e.alarms.length === 1)).toBe(true);

    const hike = before.find((e) => e.status === 'CONFIRMED')!;
    const hikeId = hike.uid.replace(/^match-/, '').split('@')[0]!;
    await api(w.t, rui).post(`/api/matches/${hikeId}/cancellation`, { reason: 'Knee trouble' });
    const after = events((await api(w.t, undefined).get(feedPath(url))).body);
    const cancelled = after.find((e) => e.uid === hike.uid)!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', alarms: [] });
    expect(cancelled.description).toContain('Why it was cancelled: Knee trouble');
    expect(after.find((e) => e.uid.includes(request.id))?.status).toBe('TENTATIVE');

    // A new search shows as searching.
    await api(w.t, ana).post(`/api/matches/${request.id}/reject`);
    const withSearch = events((await api(w.t, undefined).get(feedPath(url))).body);
    expect(withSearch.map((e) => e.summary)).toContain(`${ARRABIDA_RIDGE.name} (searching for a buddy)`);
  });

  it('refuses a wrong, rotated or revoked token alike, with a 404 that does not say which', async () => {
    const first = (await api(w.t, rui).post('/api/calendar/feed')).json().url;
    const rotated = (await api(w.t, rui).post('/api/calendar/feed')).json().url;
    expect(rotated).not.toBe(first);
    expect((await api(w.t, undefined).get(feedPath(rotated))).statusCode).toBe(200);

    const wrong = await api(w.t, undefined).get('/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics');
    const old = await api(w.t, undefined).get(feedPath(first));
    expect((await api(w.t, rui).delete('/api/calendar/feed')).statusCode).toBe(204);
    const revoked = await api(w.t, undefined).get(feedPath(rotated));
    const garbage = await api(w.t, undefined).get('/api/calendar/feed/%27%20OR%201=1');
    for (const res of [wrong, old, revoked, garbage]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(wrong.json());
    }
    expect((await api(w.t, rui).get('/api/calendar/feed')).json()).toEqual({ active: false, createdAt: null });
  });
});
