import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import { parseTemplateMail, renderMail } from '../../mail/templates.js';
import { queuedMail } from '../../test/queued-jobs.js';
import type { TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let carla: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Santos' });
  carla = await registeredUser(w.t, 'carla@example.com', { fullName: 'Carla Mendes' });
});
afterAll(async () => w.t.close());

/** The mails waiting in the queue (no worker delivers them in this file), oldest first. */
const queuedMails = (template: string) => queuedMail(w.t.database.db, { template });
const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop()!);
const page = (url: string, method: 'GET' | 'POST' = 'GET') =>
  w.t.app.inject({
    method,
    url,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}),
  });
const put = (user: TestUser | undefined, url: string, payload: unknown) =>
  w.t.app.inject({ method: 'PUT', url, headers: user ? { cookie: user.cookie } : {}, payload: payload as object });

async function confirmedHike(): Promise<string> {
  const invitation = (await api(w.t, ana).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'saturday' })).json();
  const accepted = await api(w.t, rui).post(`/api/matches/${invitation.id}/accept`);
  expect(accepted.json()).toMatchObject({ status: 'confirmed' });
  return invitation.id;
}

describe('the emergency contact', () => {
  it('is confirmed by the link its contact receives, and only its owner sees it', async () => {
    expect((await api(w.t, undefined).get('/api/me/emergency-contact')).statusCode).toBe(401);
    const bad = await put(ana, '/api/me/emergency-contact', { name: '', email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'name']);

    const set = await put(ana, '/api/me/emergency-contact', { name: 'Marta Ribeiro', email: 'marta@example.com' });
    expect(set.json()).toEqual({ contact: { name: 'Marta Ribeiro', email: 'marta@example.com', confirmed: false } });
    const [mail] = await queuedMails('emergency-contact-confirm');
    expect(mail).toMatchObject({ to: 'marta@example.com', params: { to_name: 'Marta Ribeiro', owner_name: 'Ana Ribeiro' } });
    const link = mail!.params.link!;
    expect(link.startsWith(`${w.t.env.APP_URL}/emergency-contact/`)).toBe(true);

    // Nobody else reads it: other accounts get their own (none).
    expect((await api(w.t, rui).get('/api/me/emergency-contact')).json()).toEqual({ contact: null });

    // Opening the link only asks; the button confirms.
    const ask = await page(new URL(link).pathname);
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['cache-control']).toBe('private, no-store');
    expect(ask.body).toContain('Ana Ribeiro');
    expect((await api(w.t, ana).get('/api/me/emergency-contact')).json().contact.confirmed).toBe(false);
    const agreed = await page(new URL(link).pathname, 'POST');
    expect(agreed.statusCode).toBe(200);
    expect(agreed.body).toContain('You agreed to be Ana Ribeiro&#39;s emergency contact');
    expect((await api(w.t, ana).get('/api/me/emergency-contact')).json().contact.confirmed).toBe(true);
    expect((await page('/emergency-contact/not-a-real-token', 'POST')).statusCode).toBe(404);

    // A new address starts over: unconfirmed, a new link, the old one retired.
    const changed = await put(ana, '/api/me/emergency-contact', { name: 'Marta Ribeiro', email: 'marta.r@example.com' });
    expect(changed.json().contact).toEqual({ name: 'Marta Ribeiro', email: 'marta.r@example.com', confirmed: false });
    expect((await page(new URL(link).pathname)).statusCode).toBe(404);
    const newLink = (await queuedMails('emergency-contact-confirm')).at(-1)!.params.link!;
    expect(newLink).not.toBe(link);
    expect((await page(new URL(newLink).pathname, 'POST')).statusCode).toBe(200);
    // A name change alone keeps the confirmation.
    const renamed = await put(ana, '/api/me/emergency-contact', { name: 'Marta R.', email: 'marta.r@example.com' });
    expect(renamed.json().contact).toEqual({ name: 'Marta R.', email: 'marta.r@example.com', confirmed: true });
  });
});

describe('the meeting point, sharing, check-in and check-out', () => {
  const SECRET_SPOT = 'Café Flor, table by the window, 09:45';
  let matchId: string;

  it('is set only on a confirmed hike, by a participant, and never reaches anyone else', async () => {
    const pending = (await api(w.t, ana).post('/api/matches/invite', { userId: carla.id, trailId: w.trailId, day: 'sunday' })).json();
    expect((await put(ana, `/api/matches/${pending.id}/meeting-point`, { meetingPoint: 'x' })).statusCode).toBe(409);

    matchId = await confirmedHike();
    expect((await put(undefined, `/api/matches/${matchId}/meeting-point`, { meetingPoint: SECRET_SPOT })).statusCode).toBe(401);
    expect((await put(carla, `/api/matches/${matchId}/meeting-point`, { meetingPoint: SECRET_SPOT })).statusCode).toBe(404);
    const tooLong = await put(rui, `/api/matches/${matchId}/meeting-point`, { meetingPoint: 'x'.repeat(281) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toHaveProperty('meetingPoint');
    const set = await put(rui, `/api/matches/${matchId}/meeting-point`, { meetingPoint: SECRET_SPOT });
    expect(set.json()).toMatchObject({ meetingPoint: SECRET_SPOT });
    expect((await api(w.t, ana).get(`/api/matches/${matchId}/trip`)).json()).toMatchObject({ meetingPoint: SECRET_SPOT });
    expect((await api(w.t, carla).get(`/api/matches/${matchId}/trip`)).statusCode).toBe(404);

    // Every response a third person or a visitor could get that is about this match, trail or people.
    const feed = (await api(w.t, carla).post('/api/calendar/feed')).json().url as string;
    const seenByOthers = [
      await api(w.t, carla).get('/api/matches/mine'),
      await api(w.t, carla).get(`/api/matches/${matchId}`),
      await api(w.t, carla).get(`/api/trails/${w.trailId}/best-matches?day=saturday`),
      await api(w.t, carla).get(`/api/trails/${w.trailId}`),
      await api(w.t, carla).get('/api/trails'),
      await api(w.t, carla).get(`/api/users/${ana.id}`),
      await api(w.t, carla).get(`/api/calendar/matches/${matchId}`),
      await api(w.t, carla).get(new URL(feed).pathname),
      await api(w.t, carla).get('/api/notifications'),
      await api(w.t, undefined).get(`/api/trails/${w.trailId}`),
      await w.t.app.inject({ method: 'GET', url: `/trails/${w.trailId}` }),
    ];
    for (const res of seenByOthers) expect(res.body).not.toContain('Café Flor');
    // The participants' own views do not carry it either, except the trip plan (and the .ics below).
    expect((await api(w.t, ana).get('/api/matches/mine')).body).not.toContain('Café Flor');
  });

  it('shares the trip card with the confirmed contact, on a page that expires after the hike', async () => {
    expect((await api(w.t, rui).post(`/api/matches/${matchId}/trip/share`)).statusCode).toBe(409); // Rui has no contact
    expect((await api(w.t, carla).post(`/api/matches/${matchId}/trip/share`)).statusCode).toBe(404);
    const shared = await api(w.t, ana).post(`/api/matches/${matchId}/trip/share`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().sharedAt).toBe(w.clock.now.toISOString());
    const card = (await queuedMails('trip-card')).at(-1)!;
    expect(card).toMatchObject({
      to: 'marta.r@example.com',
      params: { traveller_name: 'Ana Ribeiro', trail_name: 'Arrábida Ridge', trailhead: 'Setúbal, Portugal', buddy_first_name: 'Rui' },
    });
    expect(card.params.date).toBe('Saturday, 21 November 2026');
    expect([card.params.start_time, card.params.expected_return]).toEqual(['10:00', '13:00']);
    expect(card.params.map_link).toMatch(/^https:\/\/www\.openstreetmap\.org/);
    // The meeting point once set: where to look for someone overdue (issue 23, ADR 0055).
    expect(card.params.meeting_point).toBe(SECRET_SPOT);
    const mail = renderMail(parseTemplateMail('trip-card', card.params));
    expect(mail.text).toContain(`Meeting point: ${SECRET_SPOT}`);
    const trip = new URL(card.params.trip_link!).pathname;
    const opened = await page(trip);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Arrábida Ridge');
    expect(opened.body).toContain('Ana Ribeiro has not checked in yet.');
    expect(opened.body).toContain('<dt>Meeting point</dt><dd>Café Flor, table by the window, 09:45</dd>');
    expect(opened.body).not.toContain('Santos');
    expect((await page(`/trip/${tokenOf(card.params.trip_link!)}x`)).statusCode).toBe(404);
    w.clock.now = new Date('2026-11-22T12:59:00Z'); // Saturday 13:00 + 24 h - 1 min
    expect((await page(trip)).statusCode).toBe(200);
    w.clock.now = new Date('2026-11-22T13:00:00Z');
    expect((await page(trip)).statusCode).toBe(404);
  });

  it('checks in and out within their windows, and both check-outs complete the match', async () => {
    w.clock.now = new Date('2026-11-21T08:30:00Z'); // 90 minutes before the start
    expect((await api(w.t, ana).post(`/api/matches/${matchId}/check-in`)).statusCode).toBe(409);
    expect((await api(w.t, ana).post(`/api/matches/${matchId}/check-out`)).statusCode).toBe(409);
    w.clock.now = new Date('2026-11-21T09:15:00Z');
    expect((await api(w.t, carla).post(`/api/matches/${matchId}/check-in`)).statusCode).toBe(404);
    expect((await api(w.t, undefined).post(`/api/matches/${matchId}/check-in`)).statusCode).toBe(401);
    const inAna = await api(w.t, ana).post(`/api/matches/${matchId}/check-in`);
    expect(inAna.json()).toMatchObject({ checkedInAt: '2026-11-21T09:15:00.000Z', buddyCheckedIn: false });
    expect((await api(w.t, ana).post(`/api/matches/${matchId}/check-in`)).statusCode).toBe(409);
    expect((await api(w.t, rui).get(`/api/matches/${matchId}/trip`)).json()).toMatchObject({ buddyCheckedIn: true, checkedInAt: null });
    w.clock.now = new Date('2026-11-21T09:50:00Z');
    await api(w.t, rui).post(`/api/matches/${matchId}/check-in`);

    w.clock.now = new Date('2026-11-21T13:05:00Z');
    const outAna = await api(w.t, ana).post(`/api/matches/${matchId}/check-out`);
    expect(outAna.json()).toMatchObject({ status: 'confirmed', checkedOutAt: '2026-11-21T13:05:00.000Z' });
    expect((await api(w.t, ana).post(`/api/matches/${matchId}/check-out`)).statusCode).toBe(409);
    const outRui = await api(w.t, rui).post(`/api/matches/${matchId}/check-out`);
    expect(outRui.json()).toMatchObject({ status: 'completed', buddyCheckedOut: true });
    expect((await api(w.t, ana).get(`/api/matches/${matchId}`)).json().status).toBe('completed');
  });
});
