import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, GUEST_VERIFICATION_MESSAGE } from '@trailbuddy/shared/contracts/error-codes';
import { namedStatementsAllowed } from '../db/client.js';
import { matches, notifications, users } from '../db/schema/index.js';
import { api, createMatchWorld, letMatch, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import { FAST_ALTCHA, requestCode, signInWithCode } from '../test/phone-kit.js';
import { cookieHeader, signUp, TEST_ORIGIN, validRegistration, verifyEmail, type TestUser } from '../test/test-app.js';

/**
 * Who may match (ADR 0030), on real PostgreSQL: every route that searches, requests, invites,
 * proposes a date or writes, for each kind of caller.
 */
let w: MatchWorld;
/** May match: the owner of the search, invitation and conversation the others try to use. */
let ana: TestUser;
let guest: TestUser;
let unverified: TestUser;
let noProfile: TestUser;
let byPhone: TestUser;
let admin: TestUser;
/** Ana's open search on Saturday, an invitation from Ana waiting for each caller, a confirmed match. */
let anaSearch: string;
let confirmed: string;

const SATURDAY_START = '2026-11-21T10:00:00Z';

const register = (user: TestUser, overrides: object = {}) =>
  w.t.app.inject({
    method: 'PUT',
    url: '/api/me/registration',
    headers: { cookie: user.cookie },
    payload: { ...validRegistration(), ...overrides },
  });

async function newGuest(): Promise<TestUser> {
  const res = await w.t.app.inject({ method: 'POST', url: '/api/auth/sign-in/anonymous', headers: { origin: TEST_ORIGIN } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id, email: '', cookie: cookieHeader(res.headers['set-cookie']) };
}

async function phoneUser(number: string): Promise<TestUser> {
  // The captcha and the code are stamped with real time; the matches live on the world's clock.
  const worldTime = w.clock.now;
  w.clock.now = new Date();
  const { verificationId, code } = await requestCode(w.t, number);
  const res = await signInWithCode(w.t, verificationId, code);
  w.clock.now = worldTime;
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id, email: '', cookie: cookieHeader(res.headers['set-cookie']) };
}

beforeAll(async () => {
  w = await createMatchWorld({ ...FAST_ALTCHA, IDENTITY_RATE_LIMIT_MAX: '10000' });
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  const rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Santos' });

  guest = await newGuest();
  expect((await register(guest)).statusCode).toBe(200);
  unverified = await signUp(w.t, 'unverified@example.com');
  expect((await register(unverified)).statusCode).toBe(200);
  noProfile = await signUp(w.t, 'noprofile@example.com');
  await verifyEmail(w.t, noProfile);
  byPhone = await phoneUser('+351912345678');
  expect((await register(byPhone)).statusCode).toBe(200);
  admin = await letMatch(w.t, w.admin);

  const search = await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
  expect(search.statusCode, search.body).toBe(200);
  anaSearch = search.json().match.id;

  // Ana and Rui, paired on Sunday, so there is a conversation.
  const sunday = await api(w.t, rui).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' });
  const sundayId = sunday.json().match.id as string;
  expect((await api(w.t, ana).post(`/api/matches/${sundayId}/request`)).statusCode).toBe(200);
  expect((await api(w.t, rui).post(`/api/matches/${sundayId}/accept`)).statusCode).toBe(200);
  confirmed = sundayId;
});
afterAll(async () => w.t.close());

const setAccount = (user: TestUser, values: Partial<typeof users.$inferInsert>) =>
  w.t.database.db.update(users).set(values).where(eq(users.id, user.id));

/** Every gated route, called as a person would call it (the ids are real). */
const GATED: { name: string; call: (user: TestUser | undefined) => ReturnType<ReturnType<typeof api>['post']> }[] = [
  { name: 'POST /api/matches/search', call: (u) => api(w.t, u).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' }) },
  { name: 'GET /api/trails/:id/best-matches', call: (u) => api(w.t, u).get(`/api/trails/${w.trailId}/best-matches?day=saturday`) },
  {
    name: 'POST /api/matches/invite',
    call: (u) => api(w.t, u).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'saturday' }),
  },
  {
    name: 'POST /api/matches/custom',
    call: (u) => api(w.t, u).post('/api/matches/custom', { trailId: w.trailId, startTime: SATURDAY_START }),
  },
  { name: 'POST /api/matches/:id/request', call: (u) => api(w.t, u).post(`/api/matches/${anaSearch}/request`) },
  { name: 'POST /api/matches/:id/accept', call: (u) => api(w.t, u).post(`/api/matches/${anaSearch}/accept`) },
  {
    name: 'POST /api/matches/:id/messages',
    call: (u) => api(w.t, u).post(`/api/matches/${confirmed}/messages`, { clientId: randomUUID(), body: 'Hello!' }),
  },
];

describe('who may match: the authorization matrix of every gated route', () => {
  it.each(GATED)('$name: a visitor is asked to sign in (401)', async ({ call }) => {
    const res = await call(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it.each(GATED)('$name: a guest is asked for an account of their own (403 verification-required)', async ({ call }) => {
    const res = await call(guest);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'verification-required', message: GUEST_VERIFICATION_MESSAGE } });
  });

  it.each(GATED)('$name: an unverified e-mail is asked to verify it (403 verification-required)', async ({ call }) => {
    const res = await call(unverified);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'verification-required', message: ERROR_MESSAGES['verification-required'] } });
  });

  it.each(GATED)('$name: a verified account without a profile is asked to complete it (403 profile-required)', async ({ call }) => {
    const res = await call(noProfile);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'profile-required', message: ERROR_MESSAGES['profile-required'] } });
  });

  it.each(GATED)('$name: the gate answers before the input is validated', async ({ name }) => {
    const [method, path] = name.split(' ') as ['GET' | 'POST', string];
    const url = path.replace(':id', 'not-a-uuid');
    const res = await w.t.app.inject({ method, url, headers: { cookie: unverified.cookie }, ...(method === 'POST' && { payload: {} }) });
    expect(res.statusCode, res.body).toBe(403);
  });

  it('a completed profile with a verified e-mail searches, sees Best Matches, proposes and invites', async () => {
    const lea = await registeredUser(w.t, 'lea@example.com');
    const search = await api(w.t, lea).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
    expect(search.statusCode, search.body).toBe(200);
    const best = await api(w.t, lea).get(`/api/trails/${w.trailId}/best-matches?day=saturday`);
    expect(best.statusCode, best.body).toBe(200);
    expect(best.json().candidates.map((c: { profile: { id: string } }) => c.profile.id)).toContain(ana.id);
    expect((await api(w.t, lea).post('/api/matches/custom', { trailId: w.trailId, startTime: SATURDAY_START })).statusCode).toBe(200);
    const invite = await api(w.t, lea).post('/api/matches/invite', { userId: byPhone.id, trailId: w.trailId, day: 'saturday' });
    expect(invite.statusCode, invite.body).toBe(200);
    // The invited person confirmed a phone number: accepting is theirs to do.
    const accept = await api(w.t, byPhone).post(`/api/matches/${invite.json().id}/accept`);
    expect(accept.statusCode, accept.body).toBe(200);
    const hello = await api(w.t, byPhone).post(`/api/matches/${invite.json().id}/messages`, {
      clientId: randomUUID(),
      body: 'See you there',
    });
    expect(hello.statusCode, hello.body).toBe(201);
  });

  it('an administrator with a verified e-mail and a profile requests like anyone', async () => {
    const res = await api(w.t, admin).post(`/api/matches/${anaSearch}/request`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await api(w.t, ana).post(`/api/matches/${anaSearch}/accept`)).statusCode).toBe(200);
  });

  it('a participant who may match writes in the conversation', async () => {
    const write = await api(w.t, ana).post(`/api/matches/${confirmed}/messages`, { clientId: randomUUID(), body: 'Hi Rui' });
    expect(write.statusCode, write.body).toBe(201);
  });

  it('an unverified person cannot be invited until they verify; an invited person whose address waits for its link reads but accepts only once verified', async () => {
    const mia = await registeredUser(w.t, 'mia@example.com');
    const invite = () => api(w.t, mia).post('/api/matches/invite', { userId: unverified.id, trailId: w.trailId, day: 'sunday' });
    // Exactly the answer for a person who does not exist (ADR 0038).
    const nobody = await api(w.t, mia).post('/api/matches/invite', { userId: 'no-such-person', trailId: w.trailId, day: 'sunday' });
    const refused = await invite();
    expect([refused.statusCode, refused.body]).toEqual([404, nobody.body]);
    await verifyEmail(w.t, unverified);
    const invited = await invite();
    expect(invited.statusCode, invited.body).toBe(200);
    const matchId = invited.json().id as string;
    // Their address changes and waits for its link: accepting waits, reading and refusing never do.
    await setAccount(unverified, { emailVerified: false });
    expect((await api(w.t, unverified).post(`/api/matches/${matchId}/accept`)).statusCode).toBe(403);
    expect((await api(w.t, unverified).get(`/api/matches/${matchId}`)).statusCode).toBe(200);
    await verifyEmail(w.t, unverified);
    const accept = await api(w.t, unverified).post(`/api/matches/${matchId}/accept`);
    expect(accept.statusCode, accept.body).toBe(200);
  });
});

/** Every candidate of Best Matches for the trail on a day, through all the pages. */
async function candidateIds(viewer: TestUser, day: 'saturday' | 'sunday'): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await api(w.t, viewer).get(`/api/trails/${w.trailId}/best-matches?day=${day}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { candidates: { profile: { id: string } }[]; nextCursor: string | null };
    ids.push(...page.candidates.map((c) => c.profile.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/** A completed profile whose e-mail is not verified. */
async function unverifiedWithProfile(email: string): Promise<TestUser> {
  const user = await signUp(w.t, email);
  expect((await register(user)).statusCode).toBe(200);
  return user;
}

/** Someone who could match, disabled by an administrator. */
async function disabledMember(email: string): Promise<TestUser> {
  const user = await registeredUser(w.t, email);
  await setAccount(user, { disabled: true });
  return user;
}

describe('only people who may match are candidates and receive invitations (ADR 0038)', () => {
  it('Best Matches lists no guest, unverified or disabled account among the others; a verification brings one in, and back out when it goes', async () => {
    const viewer = await registeredUser(w.t, 'viewer@example.com');
    const nora = await unverifiedWithProfile('nora@example.com');
    const dan = await disabledMember('dan@example.com');
    const vera = await registeredUser(w.t, 'vera@example.com');

    const seen = await candidateIds(viewer, 'saturday');
    // Verified by e-mail or by phone code (a placeholder address), with a profile: candidates.
    expect(seen).toEqual(expect.arrayContaining([vera.id, byPhone.id, ana.id]));
    // A guest, an unverified e-mail, a disabled account, an account without a profile: never.
    for (const hidden of [guest, nora, dan, noProfile]) expect(seen).not.toContain(hidden.id);

    // The other direction: once Nora verifies she is a candidate; once Vera loses it she is not.
    await verifyEmail(w.t, nora);
    await setAccount(vera, { emailVerified: false });
    const after = await candidateIds(viewer, 'saturday');
    expect(after).toContain(nora.id);
    expect(after).not.toContain(vera.id);
    // A guest whose placeholder address were marked verified is still a guest.
    await setAccount(guest, { emailVerified: true });
    expect(await candidateIds(viewer, 'saturday')).not.toContain(guest.id);
    await setAccount(guest, { emailVerified: false });
  });

  it('a searcher of the slot who may no longer match leaves the list, and a request to the search is answered as for a search that is gone', async () => {
    const viewer = await registeredUser(w.t, 'viewer2@example.com');
    const sam = await registeredUser(w.t, 'sam@example.com');
    const samSearch = (await api(w.t, sam).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match.id as string;
    const searching = async () => {
      const res = await api(w.t, viewer).get(`/api/trails/${w.trailId}/best-matches?day=sunday`);
      return (res.json().candidates as { profile: { id: string }; searchingMatchId: string | null }[]).filter((c) => c.searchingMatchId);
    };
    expect((await searching()).map((c) => c.searchingMatchId)).toContain(samSearch);

    // His address changes and is not verified yet: his open search is no longer shown nor requestable.
    await setAccount(sam, { emailVerified: false });
    expect((await searching()).map((c) => c.profile.id)).not.toContain(sam.id);
    expect(await candidateIds(viewer, 'sunday')).not.toContain(sam.id);
    const gone = await api(w.t, viewer).post(`/api/matches/${randomUUID()}/request`);
    const refused = await api(w.t, viewer).post(`/api/matches/${samSearch}/request`);
    expect([refused.statusCode, refused.body]).toEqual([404, gone.body]);
    const [row] = await w.t.database.db.select().from(matches).where(eq(matches.id, samSearch));
    expect([row!.status, row!.id2]).toEqual(['searching', null]);

    // Verified again: shown and requestable again.
    await verifyEmail(w.t, sam);
    expect((await searching()).map((c) => c.searchingMatchId)).toContain(samSearch);
    expect((await api(w.t, viewer).post(`/api/matches/${samSearch}/request`)).statusCode).toBe(200);
  });

  it('an invitation to a guest, an unverified or a disabled account is answered as for nobody and writes nothing; to someone who may match it goes', async () => {
    const host = await registeredUser(w.t, 'host@example.com');
    const olga = await unverifiedWithProfile('olga@example.com');
    const dora = await disabledMember('dora@example.com');
    const invite = (userId: string) => api(w.t, host).post('/api/matches/invite', { userId, trailId: w.trailId, day: 'saturday' });
    const nobody = await invite('no-such-person');
    expect(nobody.statusCode).toBe(404);
    for (const who of [guest, olga, dora, noProfile]) {
      const res = await invite(who.id);
      expect([res.statusCode, res.body]).toEqual([404, nobody.body]);
    }
    expect(await w.t.database.db.select().from(matches).where(eq(matches.id1, host.id))).toEqual([]);
    expect(await w.t.database.db.select().from(notifications).where(eq(notifications.actorId, host.id))).toEqual([]);

    await verifyEmail(w.t, olga);
    const invited = await invite(olga.id);
    expect(invited.statusCode, invited.body).toBe(200);
    expect((await api(w.t, olga).post(`/api/matches/${invited.json().id}/accept`)).statusCode).toBe(200);
  });
});

describe("the gate's query (ADR 0069)", () => {
  it('is a named statement where the connection allows it, read afresh on every request, and unnamed otherwise', async () => {
    const names: (string | undefined)[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string; name?: string };
      if (typeof q !== 'string' && /"profiles"\."registration_completed_at"/.test(q.text ?? '')) names.push(q.name);
      return (query as (...a: unknown[]) => unknown).apply(this, args) as ReturnType<typeof query>;
    });
    try {
      // Past the gate, a body that fails validation: nothing is written.
      for (const user of [ana, noProfile, ana]) {
        await w.t.app.inject({ method: 'POST', url: '/api/matches/search', headers: { cookie: user.cookie }, payload: {} });
      }
    } finally {
      spy.mockRestore();
    }
    const name = namedStatementsAllowed(w.t.database.db) ? 'tb_may_match' : undefined;
    expect(names).toEqual([name, name, name]);
  });
});
