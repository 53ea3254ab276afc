import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@trailbuddy/shared/contracts/account';
import { matches, matchFeedback } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import { queuedMail } from '../../test/queued-jobs.js';
import { signIn, TEST_ORIGIN, type TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
let past: string;

const BRUNO_PRIVATE = { instagram: '@bruno.private', bio: 'Bruno keeps this bio for his partners only.' };

beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana.x@example.com', { fullName: 'Ana Ribeiro', instagram: '@ana.own' });
  bruno = await registeredUser(w.t, 'bruno.x@example.com', { fullName: 'Bruno Costa Lima', ...BRUNO_PRIVATE });
  carla = await registeredUser(w.t, 'carla.x@example.com', { fullName: 'Carla Dias' });
  const search = await api(w.t, bruno).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
  past = search.json().match.id;
  expect((await api(w.t, ana).post(`/api/matches/${past}/request`)).statusCode).toBe(200);
  await w.t.database.db.update(matches).set({ status: 'confirmed', confirmedAt: new Date() }).where(eq(matches.id, past));
  for (const [who, body] of [
    [ana, 'Ana writes: meet at the gate'],
    [bruno, 'Bruno answers: 9 sharp'],
  ] as const) {
    const res = await api(w.t, who).post(`/api/matches/${past}/messages`, { clientId: randomUUID(), body });
    expect(res.statusCode).toBe(201);
  }
  await w.t.database.db.update(matches).set({ status: 'completed' }).where(eq(matches.id, past));
  await w.t.database.db.insert(matchFeedback).values([
    { matchId: past, userId: ana.id, attended: true, rating: 5, comment: 'Ana thinks it was great', wouldHikeAgain: true },
    { matchId: past, userId: bruno.id, attended: true, rating: 3, comment: 'Bruno private opinion', wouldHikeAgain: false },
  ]);
});
afterAll(async () => w.t.close());

const exportOf = (user: TestUser | undefined) => api(w.t, user).get('/api/account/export');

describe('GET /api/account/export', () => {
  it('asks a visitor to sign in', async () => {
    const res = await exportOf(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('is one JSON attachment of her profile, matches, both sides of her threads, her feedback and notifications', async () => {
    const res = await exportOf(ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trailbuddy-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const archive = accountExportSchema.parse(res.json());
    expect(archive.account).toMatchObject({ id: ana.id, email: ana.email });
    expect(archive.profile).toMatchObject({ name: 'Ana Ribeiro', instagram: '@ana.own' });
    expect(archive.matches).toEqual([expect.objectContaining({ id: past, status: 'completed', partner: { firstName: 'Bruno' } })]);
    expect(archive.messages.map((m) => [m.from, m.body])).toEqual([
      ['me', 'Ana writes: meet at the gate'],
      ['partner', 'Bruno answers: 9 sharp'],
    ]);
    expect(archive.feedbackGiven).toEqual([expect.objectContaining({ matchId: past, rating: 5, comment: 'Ana thinks it was great' })]);
    expect(archive.notifications.length).toBeGreaterThan(0);
    expect(archive.preferences.notifications).toBeTruthy();
  });

  it("never holds another person's e-mail, id, surname, profile or feedback", async () => {
    const text = (await exportOf(ana)).body;
    for (const secret of [
      bruno.email,
      bruno.id,
      'Costa',
      BRUNO_PRIVATE.instagram,
      BRUNO_PRIVATE.bio,
      'Bruno private opinion',
      carla.email,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("gives each person only their own: Carla's archive has none of Ana's hike", async () => {
    const archive = accountExportSchema.parse((await exportOf(carla)).json());
    expect(archive.account.id).toBe(carla.id);
    expect(archive.matches).toEqual([]);
    expect(archive.messages).toEqual([]);
    expect(JSON.stringify(archive)).not.toContain(ana.email);
  });

  it('is limited to 5 an hour per person (429), others unaffected', async () => {
    const dora = await registeredUser(w.t, 'dora.x@example.com');
    for (let i = 0; i < 5; i++) expect((await exportOf(dora)).statusCode).toBe(200);
    const refused = await exportOf(dora);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too-many-requests');
    expect((await exportOf(carla)).statusCode).toBe(200);
  });
});

describe('the settings the view calls on Better Auth and the identity API', () => {
  const post = (user: TestUser, url: string, payload: object) =>
    w.t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, origin: TEST_ORIGIN }, payload });

  it('changes the password with the current one (and only with it)', async () => {
    const eva = await registeredUser(w.t, 'eva.x@example.com');
    const wrong = await post(eva, '/api/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'new-secret-1' });
    expect(wrong.statusCode).toBe(400);
    const ok = await post(eva, '/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'new-secret-1' });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(w.t, eva.email, 'secret123')).res.statusCode).not.toBe(200);
    expect((await signIn(w.t, eva.email, 'new-secret-1')).res.statusCode).toBe(200);
  });

  it('mails the new address a verifyAndChangeEmail link, the address unchanged until it is followed', async () => {
    const fay = await registeredUser(w.t, 'fay.x@example.com');
    const res = await post(fay, '/api/auth/change-email', { newEmail: 'fay.new@example.com' });
    expect(res.statusCode).toBe(200);
    expect(await queuedMail(w.t.database.db, { to: 'fay.new@example.com' })).toHaveLength(1);
    expect((await api(w.t, fay).get('/api/me')).json().user.email).toBe(fay.email);
  });

  it('signs out of every device, this one included', async () => {
    const gus = await registeredUser(w.t, 'gus.x@example.com');
    const other = await signIn(w.t, gus.email, 'secret123');
    const res = await post(gus, '/api/auth/revoke-sessions', {});
    expect(res.statusCode).toBe(200);
    expect((await api(w.t, gus).get('/api/me')).statusCode).toBe(401);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other.cookie } })).statusCode).toBe(401);
  });
});
