import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites, users } from '../../db/schema/index.js';
import { mergeConflict } from './guest-merge.js';
import { consumeRateLimit } from '../attempt-limits.js';
import { createMatchWorld, type MatchWorld } from '../../test/match-fixtures.js';
import { queuedMail } from '../../test/queued-jobs.js';
import { cookieHeader, createTestApp, signIn, signUp, TEST_ORIGIN, validRegistration } from '../../test/test-app.js';

let w: MatchWorld;
beforeAll(async () => {
  w = await createMatchWorld();
});
afterAll(async () => w.t.close());

const post = (url: string, cookie?: string, payload?: object) =>
  w.t.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) }, payload: payload ?? {} });

async function newGuest() {
  const res = await post('/api/auth/sign-in/anonymous');
  expect(res.statusCode).toBe(200);
  return {
    user: res.json().user as { id: string; email: string | null; isAnonymous: boolean },
    cookie: cookieHeader(res.headers['set-cookie']),
  };
}

describe('guest sign-in', () => {
  it('creates a guest with a session and no visible e-mail or provider', async () => {
    const guest = await newGuest();
    expect(guest.user).toMatchObject({ email: null, isAnonymous: true, providers: [] });
    const me = await w.t.app.inject({ method: 'GET', url: '/api/auth/identity/user', headers: { cookie: guest.cookie } });
    expect(me.json().user.id).toBe(guest.user.id);
    const appMe = await w.t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    expect(appMe.json()).toMatchObject({ user: { id: guest.user.id, email: '' }, isAdmin: false, profile: { email: '' } });
  });

  it('keeps the same guest when one is already signed in', async () => {
    const guest = await newGuest();
    const again = await post('/api/auth/sign-in/anonymous', guest.cookie);
    expect(again.json().user.id).toBe(guest.user.id);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('lets a guest complete a profile without mailing its placeholder address', async () => {
    const guest = await newGuest();
    const res = await w.t.app.inject({
      method: 'PUT',
      url: '/api/me/registration',
      headers: { cookie: guest.cookie },
      payload: validRegistration(),
    });
    expect(res.statusCode).toBe(200);
    const queued = (await queuedMail(w.t.database.db)).filter((m) => m.to.endsWith('guest.invalid'));
    expect(queued).toEqual([]);
  });

  it('refuses a cookie-bearing call from another origin', async () => {
    const guest = await newGuest();
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { origin: 'https://evil.example', cookie: guest.cookie },
    });
    expect(res.statusCode).toBe(403);
    const garbled = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { referer: 'not a url', cookie: guest.cookie },
    });
    expect(garbled.statusCode).toBe(403);
  });
});

describe('merge conflict', () => {
  it("moves the guest's favourites to the existing account, deletes the guest and signs in to the account", async () => {
    const owner = await signUp(w.t, 'owner@example.com');
    const guest = await newGuest();
    expect(
      (await w.t.app.inject({ method: 'PUT', url: `/api/me/favourites/${w.trailId}`, headers: { cookie: guest.cookie } })).statusCode,
    ).toBe(204);

    const err = await mergeConflict(w.t.database.db, {
      anonymousUserId: guest.user.id,
      existingUserId: owner.id,
      providerId: 'password',
      email: owner.email,
    });
    expect(err.code).toBe('merge-conflict');
    const token = err.details!.mergeToken as string;

    const res = await post('/api/auth/identity/merge', guest.cookie, { mergeToken: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: owner.id, email: owner.email, isAnonymous: false });
    const ownerFavourites = await w.t.database.db.select().from(favourites).where(eq(favourites.userId, owner.id));
    expect(ownerFavourites.map((f) => f.trailId)).toEqual([w.trailId]);
    expect(await w.t.database.db.select().from(users).where(eq(users.id, guest.user.id))).toEqual([]);

    const reused = await post('/api/auth/identity/merge', guest.cookie, { mergeToken: token });
    expect(reused.statusCode).toBe(401); // the guest and its sessions are gone
  });

  it('refuses a token minted for another guest, or an expired one', async () => {
    const owner = await signUp(w.t, 'owner2@example.com');
    const guest = await newGuest();
    const stranger = await newGuest();
    const err = await mergeConflict(w.t.database.db, { anonymousUserId: guest.user.id, existingUserId: owner.id, providerId: 'password' });
    const wrongGuest = await post('/api/auth/identity/merge', stranger.cookie, { mergeToken: err.details!.mergeToken as object });
    expect(wrongGuest.statusCode).toBe(400);
    expect(wrongGuest.json().error.code).toBe('invalid-credential');

    const old = await mergeConflict(
      w.t.database.db,
      { anonymousUserId: guest.user.id, existingUserId: owner.id, providerId: 'password' },
      new Date(0), // minted long before the test clock: expired
    );
    const expired = await post('/api/auth/identity/merge', guest.cookie, { mergeToken: old.details!.mergeToken as object });
    expect(expired.json().error.code).toBe('invalid-credential');
  });
});

describe('a guest signing in to an existing account on any path', () => {
  it("gets merge-conflict through the modal's e-mail sign-in too: no session of the account, the guest stays signed in", async () => {
    const owner = await signUp(w.t, 'modal-owner@example.com');
    const guest = await newGuest();
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, cookie: guest.cookie },
      payload: { email: owner.email, password: 'secret123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'merge-conflict', details: { providerId: 'password', email: owner.email } });
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await w.t.app.inject({ method: 'GET', url: '/api/auth/identity/user', headers: { cookie: guest.cookie } });
    expect(me.json().user).toMatchObject({ id: guest.user.id, isAnonymous: true });

    const merged = await post('/api/auth/identity/merge', guest.cookie, { mergeToken: res.json().error.details.mergeToken });
    expect(merged.json().user.id).toBe(owner.id);
  });

  it('lets a guest sign up through the modal: no conflict, the guest upgraded in place as the widget does (one sign-up endpoint)', async () => {
    const guest = await newGuest();
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, cookie: guest.cookie },
      payload: { email: 'guest-signs-up@example.com', password: 'secret123', name: 'G' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: guest.user.id, email: 'guest-signs-up@example.com', isAnonymous: false });
  });

  it('signs in plainly, without a merge, when no guest is signed in', async () => {
    const owner = await signUp(w.t, 'plain-owner@example.com');
    const { res } = await signIn(w.t, owner.email, 'secret123');
    expect(res.statusCode).toBe(200);
  });
});

describe('disabled accounts', () => {
  it('refuses a new session through the modal with the spec message', async () => {
    const user = await signUp(w.t, 'disabled@example.com');
    await w.t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const { res } = await signIn(w.t, 'disabled@example.com', 'secret123');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The user account has been disabled by an administrator.');
  });
});

describe('shared rate limit', () => {
  it('counts per key within the window and starts again after it', async () => {
    const db = w.t.database.db;
    const rule = { max: 2, windowMs: 60_000 };
    const t0 = new Date('2026-01-01T10:00:00Z');
    expect(await consumeRateLimit(db, 'test:a', rule, t0)).toBe(true);
    expect(await consumeRateLimit(db, 'test:a', rule, t0)).toBe(true);
    expect(await consumeRateLimit(db, 'test:a', rule, t0)).toBe(false);
    expect(await consumeRateLimit(db, 'test:b', rule, t0)).toBe(true);
    expect(await consumeRateLimit(db, 'test:a', rule, new Date(t0.getTime() + 60_001))).toBe(true);
  });

  it('limits guest creation per client', async () => {
    const statuses: number[] = [];
    const limited = await createTestApp({ IDENTITY_RATE_LIMIT_MAX: '2' });
    try {
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await limited.app.inject({ method: 'POST', url: '/api/auth/sign-in/anonymous', headers: { origin: TEST_ORIGIN } })).statusCode,
        );
      }
    } finally {
      await limited.close();
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
