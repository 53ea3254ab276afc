import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hikeRequests, matches, notifications } from '../../db/schema/index.js';
import { remindHikes } from '../../jobs/hike-reminders.js';
import { tripCardOf } from '../../trips/trip-card.js';
import { api, ARRABIDA_RIDGE, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

/**
 * Hikes people join, one at a time (ADR 0054), through the real routes and database: every rule
 * here is the database's or the services', with the app's clock moved where time matters.
 */

let w: MatchWorld;
let sintraId: string;
const people: Record<string, TestUser> = {};
const SATURDAY_10 = '2026-11-21T10:00:00.000Z';

const kindsFor = async (user: TestUser) =>
  (await w.t.database.db.select().from(notifications).where(eq(notifications.recipientId, user.id))).map((n) => n.kind);

beforeAll(async () => {
  w = await createMatchWorld();
  // A second trail at the same hour (both sessions are the coming Saturday, 10:00–13:00).
  const sintra = await api(w.t, w.admin).post('/api/trails', { ...ARRABIDA_RIDGE, name: 'Sintra Loop', location: 'Sintra, Portugal' });
  sintraId = sintra.json().id;
  for (const name of ['sofia', 'miguel', 'noah', 'ana', 'rui', 'eva', 'fay', 'gil', 'hugo']) {
    people[name] = await registeredUser(w.t, `${name}@example.com`, { fullName: name[0]!.toUpperCase() + name.slice(1) });
  }
});
afterAll(async () => w.t.close());

describe('one hike at a time', () => {
  it('Sofia accepts Miguel: no new search for her, and Noah cannot invite her at that hour; he is told why', async () => {
    const { sofia, miguel, noah } = people as Record<string, TestUser>;
    const invited = await api(w.t, miguel).post('/api/matches/invite', { userId: sofia!.id, trailId: w.trailId, day: 'saturday' });
    expect(invited.statusCode).toBe(200);
    const accepted = await api(w.t, sofia).post(`/api/matches/${invited.json().id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'confirmed',
      people: [expect.objectContaining({ profile: expect.objectContaining({ id: miguel!.id }) })],
    });
    expect((await api(w.t, sofia).get('/api/matches/mine')).json().matches.map((m: { status: string }) => m.status)).toEqual(['confirmed']);

    // Another trail at the same hour, and the same trail: refused with 409, in words, naming only the time.
    for (const trailId of [sintraId, w.trailId]) {
      const refused = await api(w.t, noah).post('/api/matches/invite', { userId: sofia!.id, trailId, day: 'saturday' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'hike-conflict',
        message: 'Sofia already has a hike at that time (Saturday, 21 November 2026 at 10:00).',
      });
    }
    // Her own search on another trail at that hour is refused too, naming her hike in full.
    const own = await api(w.t, sofia).post('/api/matches/search', { trailId: sintraId, day: 'saturday' });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(
      'You already have a hike at that time: Arrábida Ridge, Saturday, 21 November 2026 at 10:00. One hike at a time.',
    );
    // Sunday is free.
    expect((await api(w.t, noah).post('/api/matches/invite', { userId: sofia!.id, trailId: w.trailId, day: 'sunday' })).statusCode).toBe(
      200,
    );
  });

  it('a search refuses a second slot at an overlapping time, in the database as well as in words', async () => {
    const { gil } = people as Record<string, TestUser>;
    expect((await api(w.t, gil).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).statusCode).toBe(200);
    const second = await api(w.t, gil).post('/api/matches/search', { trailId: sintraId, day: 'saturday' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toContain('You already have a hike at that time: Arrábida Ridge');
    // The constraint itself, without the services' check: a second slot written directly is refused.
    await expect(
      w.t.database.db.insert(matches).values({
        trailId: sintraId,
        status: 'searching',
        startTime: new Date(SATURDAY_10),
        endTime: new Date('2026-11-21T13:00:00Z'),
        id1: gil!.id,
        participants: [gil!.id],
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });

  it('accepting ends the accepter’s other plans at that time, and the people in them are told', async () => {
    const { hugo, fay, eva } = people as Record<string, TestUser>;
    // Hugo searches Sintra; Fay asks to hike it with him; Eva invites Hugo to Arrábida at the same hour.
    const search = (await api(w.t, hugo).post('/api/matches/search', { trailId: sintraId, day: 'saturday' })).json().match;
    expect((await api(w.t, fay).post(`/api/matches/${search.id}/request`)).statusCode).toBe(200);
    const invitation = (await api(w.t, eva).post('/api/matches/invite', { userId: hugo!.id, trailId: w.trailId, day: 'saturday' })).json();
    expect((await api(w.t, hugo).post(`/api/matches/${invitation.id}/accept`)).statusCode).toBe(200);

    const [ended] = await w.t.database.db.select().from(matches).where(eq(matches.id, search.id));
    expect(ended).toMatchObject({ status: 'cancelled', cancelReason: 'superseded', cancelledBy: hugo!.id });
    expect(await kindsFor(fay!)).toContain('request-ended');
    // Fay may now plan that hour elsewhere.
    expect((await api(w.t, fay).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).statusCode).toBe(200);
  });

  it('a session that has started is refused in words, with a moved clock', async () => {
    const { rui } = people as Record<string, TestUser>;
    w.clock.now = new Date('2026-11-21T10:30:00Z');
    try {
      const res = await api(w.t, rui).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'This session has already started. Choose another day or trail.',
        fields: { day: expect.any(String) },
      });
    } finally {
      w.clock.now = WEDNESDAY;
    }
  });
});

describe('a hike for three', () => {
  let hikeId: string;

  it('Ana opens a hike for three; Rui joins by request, then Eva through Best Matches; a full hike is offered to nobody', async () => {
    const { ana, rui, eva, fay } = people as Record<string, TestUser>;
    // Eva's and Fay's plans from above are on Arrábida; this hike is on Sintra on Sunday.
    const search = await api(w.t, ana).post('/api/matches/search', { trailId: sintraId, day: 'sunday', capacity: 3 });
    expect(search.json().match).toMatchObject({ status: 'searching', capacity: 3 });
    hikeId = search.json().match.id;
    expect((await api(w.t, rui).post(`/api/matches/${hikeId}/request`)).statusCode).toBe(200);
    expect((await api(w.t, ana).post(`/api/matches/${hikeId}/accept`)).json()).toMatchObject({ status: 'confirmed', placesLeft: 1 });

    const offered = (await api(w.t, eva).get(`/api/trails/${sintraId}/best-matches?day=sunday`)).json();
    expect(offered.hikes).toEqual([
      expect.objectContaining({
        matchId: hikeId,
        placesLeft: 1,
        requested: false,
        people: expect.arrayContaining([expect.objectContaining({ profile: expect.objectContaining({ id: ana!.id }) })]),
      }),
    ]);
    expect(offered.hikes[0].people).toHaveLength(2);
    const asked = await api(w.t, eva).post(`/api/matches/${hikeId}/join-requests`);
    expect(asked.statusCode).toBe(201);
    expect(await kindsFor(ana!)).toContain('join-requested');
    expect(await kindsFor(rui!)).toContain('join-requested');
    // Anyone on the hike may accept: Rui does.
    const joined = await api(w.t, rui).post(`/api/join-requests/${asked.json().requestId}/accept`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ placesLeft: 0, people: expect.any(Array) });
    expect(joined.json().people).toHaveLength(2);

    // Each sees everyone else, with their compatibility.
    const seenByEva = (await api(w.t, eva).get(`/api/matches/${hikeId}`)).json();
    expect(seenByEva.people.map((p: { profile: { id: string } }) => p.profile.id).sort()).toEqual([ana!.id, rui!.id].sort());
    expect(seenByEva.people.every((p: { compatibility: number }) => p.compatibility >= 0 && p.compatibility <= 100)).toBe(true);
    // Full: offered to nobody.
    expect((await api(w.t, fay).get(`/api/trails/${sintraId}/best-matches?day=sunday`)).json().hikes).toEqual([]);
    expect((await api(w.t, fay).post(`/api/matches/${hikeId}/join-requests`)).statusCode).toBe(409);
  });

  it('one conversation, one calendar event, one reminder and one trip card with everyone on it', async () => {
    const { ana, rui, eva } = people as Record<string, TestUser>;
    for (const [who, body] of [
      [ana, 'Meet at the station?'],
      [rui, 'Works for me.'],
      [eva, 'See you there!'],
    ] as const) {
      const sent = await api(w.t, who).post(`/api/matches/${hikeId}/messages`, { clientId: crypto.randomUUID(), body });
      expect(sent.statusCode).toBeLessThan(300);
    }
    // Each message is a notification to everyone else on the hike, not to one of them (ADR 0065).
    const told = await w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'message-received'), eq(notifications.matchId, hikeId)));
    const pairs = told.map((n) => `${n.actorId}→${n.recipientId}`).sort();
    const expected = [ana, rui, eva].flatMap((from) => [ana, rui, eva].filter((to) => to !== from).map((to) => `${from!.id}→${to!.id}`));
    expect(pairs).toEqual(expected.sort());
    for (const who of [ana, rui, eva]) {
      const thread = (await api(w.t, who).get(`/api/matches/${hikeId}/messages`)).json();
      expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(['Meet at the station?', 'Works for me.', 'See you there!']);
    }
    const ics = (await api(w.t, eva).get(`/api/calendar/matches/${hikeId}`)).body;
    expect(ics).toMatch(/SUMMARY:Sintra Loop with (Ana and Rui|Rui and Ana) \(confirmed\)/);

    // The day before (Saturday 11:00, the hike is Sunday 10:00): one reminder each, naming everyone else.
    expect(await remindHikes(w.t.database.db, new Date('2026-11-21T11:00:00Z'), 'Europe/Lisbon')).toBeGreaterThanOrEqual(1);
    const reminders = await w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'hike-reminder'), eq(notifications.matchId, hikeId)));
    expect(reminders).toHaveLength(3);
    const toEva = reminders.find((r) => r.recipientId === eva!.id)!;
    expect(toEva.params.withNames).toMatch(/^(Ana and Rui|Rui and Ana)$/);

    const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, hikeId));
    const card = await tripCardOf(w.t.database.db, hike!, eva!.id, { appUrl: 'http://localhost:3000', timeZone: 'Europe/Lisbon' });
    expect(card.buddyFirstName).toMatch(/^(Ana and Rui|Rui and Ana)$/);
  });

  it('leaving a hike of three: the others are told, and the hike goes on with two', async () => {
    const { eva, ana, rui } = people as Record<string, TestUser>;
    const left = await api(w.t, eva).post(`/api/matches/${hikeId}/cancellation`, { reason: 'Knee trouble' });
    expect(left.statusCode).toBe(200);
    const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, hikeId));
    expect(hike).toMatchObject({ status: 'confirmed' });
    expect([...hike!.participants].sort()).toEqual([ana!.id, rui!.id].sort());
    expect(await kindsFor(ana!)).toContain('hike-left');
    expect(await kindsFor(rui!)).toContain('hike-left');
    const [record] = await w.t.database.db
      .select()
      .from(hikeRequests)
      .where(and(eq(hikeRequests.matchId, hikeId), eq(hikeRequests.status, 'left')));
    expect(record).toMatchObject({ userId: eva!.id, late: false });
  });
});

describe('find me someone else', () => {
  it('re-opens the search of the one left at once, and Best Matches offers them to people searching that slot', async () => {
    const ivo = await registeredUser(w.t, 'ivo@example.com', { fullName: 'Ivo' });
    const joao = await registeredUser(w.t, 'joao@example.com', { fullName: 'Joao' });
    const kim = await registeredUser(w.t, 'kim@example.com', { fullName: 'Kim' });
    const invitation = (await api(w.t, ivo).post('/api/matches/invite', { userId: joao.id, trailId: sintraId, day: 'saturday' })).json();
    expect((await api(w.t, joao).post(`/api/matches/${invitation.id}/accept`)).statusCode).toBe(200);
    // Only a hike the other person called off can be searched again.
    expect((await api(w.t, ivo).post(`/api/matches/${invitation.id}/find-someone-else`)).statusCode).toBe(409);
    expect((await api(w.t, joao).post(`/api/matches/${invitation.id}/cancellation`, { reason: 'Flu' })).statusCode).toBe(200);
    expect(await kindsFor(ivo)).toContain('match-cancelled');

    const again = await api(w.t, ivo).post(`/api/matches/${invitation.id}/find-someone-else`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'searching', startTime: SATURDAY_10, trailId: sintraId });
    expect((await api(w.t, kim).post('/api/matches/search', { trailId: sintraId, day: 'saturday' })).statusCode).toBe(200);
    const seenByKim = (await api(w.t, kim).get(`/api/trails/${sintraId}/best-matches?day=saturday`)).json();
    expect(seenByKim.candidates).toContainEqual(expect.objectContaining({ searchingMatchId: again.json().id }));
  });
});

describe('two accepts racing for the last place', () => {
  it('give one hike of the right size; the other accepter gets a 409 and the other requester a notification', async () => {
    const { noah, miguel, gil, hugo } = people as Record<string, TestUser>;
    // Noah's hike for three on Arrábida, Sunday (Noah and Sofia's Sunday invitation is still pending: he is its inviter).
    const search = (await api(w.t, miguel).post('/api/matches/search', { trailId: sintraId, day: 'sunday', capacity: 3 })).json().match;
    // Miguel's Sunday Sintra is a different hike from Ana's; Noah requests it.
    expect((await api(w.t, gil).post(`/api/matches/${search.id}/request`)).statusCode).toBe(200);
    expect((await api(w.t, miguel).post(`/api/matches/${search.id}/accept`)).statusCode).toBe(200);
    const a = (await api(w.t, hugo).post(`/api/matches/${search.id}/join-requests`)).json().requestId as string;
    const b = (await api(w.t, noah).post(`/api/matches/${search.id}/join-requests`)).json();
    // Noah is pending Sunday with Sofia (his invitation), on another trail at that hour: refused in words.
    expect(b, JSON.stringify(b)).toMatchObject({ error: { code: 'hike-conflict' } });
    const fay = people.fay!;
    // Fay's Saturday search does not touch Sunday.
    const c = (await api(w.t, fay).post(`/api/matches/${search.id}/join-requests`)).json().requestId as string;

    const [one, two] = await Promise.all([
      api(w.t, miguel).post(`/api/join-requests/${a}/accept`),
      api(w.t, gil).post(`/api/join-requests/${c}/accept`),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().error).toMatchObject({ code: 'hike-full', message: 'This hike is full: every place was taken.' });
    const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, search.id));
    expect(hike!.participants).toHaveLength(3);
    const losingRequester = one.statusCode === 409 ? hugo! : fay;
    expect(await kindsFor(losingRequester)).toContain('hike-full');
  });
});
