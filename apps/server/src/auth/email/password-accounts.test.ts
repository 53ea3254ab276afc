import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, favourites, users } from '../../db/schema/index.js';
import { browser, createIdentityWorld, lastLink, mailsTo, type IdentityWorld } from '../../test/email-identity-fixtures.js';
import { signIn, signUp, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';

const WEAK = 'Strong passwords have at least 6 characters and a mix of letters and numbers';
const MINUTE = 60_000;

let w: IdentityWorld;
let t: TestApp;
beforeAll(async () => {
  w = await createIdentityWorld({ IDENTITY_RATE_LIMIT_MAX: '10', IDENTITY_PASSWORD_FAILURES_PER_CLIENT: '6' });
  t = w.t;
});
afterAll(async () => w.t.close());

const later = (ms: number) => {
  w.clock.now = new Date(w.clock.now.getTime() + ms);
};

async function guestWithFavourite() {
  const b = browser(t);
  const res = await b.post('/api/auth/sign-in/anonymous');
  expect(res.statusCode).toBe(200);
  expect((await b.put(`/api/me/favourites/${w.trailId}`)).statusCode).toBe(204);
  return { b, id: res.json().user.id as string };
}

describe('sign-in methods for an e-mail', () => {
  it('answers [] for an unknown e-mail and the provider ids of an account in link order, whatever the case', async () => {
    const b = browser(t);
    expect((await b.post('/api/auth/identity/sign-in-methods', { email: 'nobody@example.com' })).json()).toEqual({ methods: [] });

    const user = await signUp(t, 'methods@example.com');
    const base = Date.now();
    await t.database.db.insert(accounts).values([
      { id: randomUUID(), userId: user.id, providerId: 'phone', accountId: '+351912345678', createdAt: new Date(base + 1000) },
      { id: randomUUID(), userId: user.id, providerId: 'google.com', accountId: 'g-123', createdAt: new Date(base + 2000) },
      { id: randomUUID(), userId: user.id, providerId: 'emailLink', accountId: 'methods@example.com', createdAt: new Date(base + 3000) },
    ]);
    const res = await b.post('/api/auth/identity/sign-in-methods', { email: 'Methods@Example.COM' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ methods: ['password', 'google.com', 'emailLink'] });
  });

  it('refuses a malformed e-mail naming the field', async () => {
    const res = await browser(t).post('/api/auth/identity/sign-in-methods', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: "That email address isn't correct" });
  });

  it('is rate-limited per client (IDENTITY_RATE_LIMIT_MAX per minute)', async () => {
    const b = browser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await b.post('/api/auth/identity/sign-in-methods', { email: `probe${i}@example.com` })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const limited = await b.post('/api/auth/identity/sign-in-methods', { email: 'probe@example.com' });
    expect(limited.json().error.code).toBe('too-many-requests');
    expect((await browser(t).post('/api/auth/identity/sign-in-methods', { email: 'probe@example.com' })).statusCode).toBe(200);
    // Better Auth's limiter counts in real time: a minute later the client is let through again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + MINUTE + 1000 });
    try {
      expect((await b.post('/api/auth/identity/sign-in-methods', { email: 'probe@example.com' })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('password sign-up', () => {
  it('creates an account, signs in, queues the verification mail whose link verifies the e-mail', async () => {
    const b = browser(t);
    const res = await b.post('/api/auth/sign-up/email', {
      email: 'New.Hiker@Example.com',
      password: 'secret123',
      displayName: ' Nina ',
    });
    expect(res.statusCode).toBe(200);
    expect((await b.get('/api/auth/identity/user')).json().user).toMatchObject({
      email: 'new.hiker@example.com',
      emailVerified: false,
      displayName: 'Nina',
      isAnonymous: false,
      providers: ['password'],
    });

    const link = await lastLink(t, 'new.hiker@example.com', 'verify-email');
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const verify = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${link.searchParams.get('oobCode')}` });
    expect(verify.statusCode).toBeLessThan(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new.hiker@example.com'));
    expect(row!.emailVerified).toBe(true);
  });

  it('hashes like the modal: the widget password works in the modal and the modal password in the widget', async () => {
    await browser(t).post('/api/auth/sign-up/email', {
      email: 'widget-made@example.com',
      password: 'widget-pass',
      displayName: 'W',
    });
    const { res } = await signIn(t, 'widget-made@example.com', 'widget-pass');
    expect(res.statusCode).toBe(200);

    await signUp(t, 'modal-made@example.com', 'modal-pass');
    const widget = await browser(t).post('/api/auth/sign-in/email', { email: 'modal-made@example.com', password: 'modal-pass' });
    expect(widget.statusCode).toBe(200);
  });

  it('answers email-already-in-use, weak-password, a bad e-mail and a missing name on their fields', async () => {
    await signUp(t, 'taken@example.com');
    const b = browser(t);
    const taken = await b.post('/api/auth/sign-up/email', { email: 'TAKEN@example.com', password: 'secret123', displayName: 'T' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'email-already-in-use',
      message: 'The email address is already used by another account',
      fields: { email: 'The email address is already used by another account' },
    });

    const weak = await b.post('/api/auth/sign-up/email', { email: 'weak@example.com', password: '12345', displayName: 'W' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({ code: 'weak-password', message: WEAK, fields: { password: WEAK } });

    const bad = await b.post('/api/auth/sign-up/email', { email: 'weak@', password: 'secret123', displayName: 'W' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: "That email address isn't correct" });

    for (const displayName of [undefined, '   ']) {
      const nameless = await b.post('/api/auth/sign-up/email', {
        email: 'nameless@example.com',
        password: 'secret123',
        displayName,
      });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.json().error.fields).toEqual({ displayName: 'Enter your account name' });
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, 'nameless@example.com'))).toEqual([]);
  });

  it('is rate-limited per client on the sign-up budget the modal shares (AUTH_SENSITIVE_RATE_LIMIT_MAX)', async () => {
    const limits = await createIdentityWorld({ AUTH_SENSITIVE_RATE_LIMIT_MAX: '10' });
    try {
      const b = browser(limits.t);
      for (let i = 0; i < 10; i++)
        expect((await b.post('/api/auth/sign-up/email', { email: `r${i}@example.com`, password: 'x' })).statusCode).toBe(400);
      const limited = await b.post('/api/auth/sign-up/email', { email: 'r@example.com', password: 'secret123', displayName: 'R' });
      expect(limited.statusCode).toBe(429);
      // The widget shows its sign-up text for this code (checklist §5.4: "Too many account requests …").
      expect(limited.json().error.code).toBe('too-many-requests');
      expect(await limits.t.database.db.select().from(users).where(eq(users.email, 'r@example.com'))).toEqual([]);
    } finally {
      await limits.t.close();
    }
  });

  it('takes no tenant account, id or tenant address from the caller: only the hook sets them', async () => {
    const b = browser(t);
    const smuggled = JSON.stringify({ id: randomUUID(), tenantId: 'acme', email: 'smuggled@acme.com' });
    const res = await b.post('/api/auth/sign-up/email', {
      email: 'plain-signup@example.com',
      password: 'secret123',
      displayName: 'P',
      tenantAccount: smuggled,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'plain-signup@example.com'));
    expect(row).toMatchObject({ tenantId: null, tenantEmail: null });
    const forced = await browser(t).post('/api/auth/sign-up/email', {
      email: 'forced@example.com',
      password: 'secret123',
      displayName: 'F',
      tenantEmail: 'forced@acme.com',
    });
    expect(forced.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'forced@example.com'))).toEqual([]);
  });

  it("links the password to a signed-in guest: same id, the guest's favourites kept", async () => {
    const guest = await guestWithFavourite();
    const res = await guest.b.post('/api/auth/sign-up/email', {
      email: 'upgraded@example.com',
      password: 'secret123',
      displayName: 'Ugo',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(guest.id);
    expect((await guest.b.get('/api/auth/identity/user')).json().user).toMatchObject({
      id: guest.id,
      email: 'upgraded@example.com',
      isAnonymous: false,
      providers: ['password'],
      displayName: 'Ugo',
    });
    expect((await guest.b.get('/api/me/favourites')).json()).toEqual({ trailIds: [w.trailId] });
    expect(await mailsTo(t, 'upgraded@example.com', 'verify-email')).toHaveLength(1);
    const { res: modal } = await signIn(t, 'upgraded@example.com', 'secret123');
    expect(modal.json().user.id).toBe(guest.id);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and answers user-not-found, wrong-password and user-disabled', async () => {
    const user = await signUp(t, 'walker@example.com', 'secret123');
    const b = browser(t);
    const ok = await b.post('/api/auth/sign-in/email', { email: 'Walker@example.com', password: 'secret123' });
    expect(ok.statusCode).toBe(200);
    expect((await b.get('/api/auth/identity/user')).json().user).toMatchObject({ id: user.id, providers: ['password'] });

    const unknown = await browser(t).post('/api/auth/sign-in/email', { email: 'ghost@example.com', password: 'secret123' });
    // Better Auth's status for a refused sign-in; the code says which refusal it is.
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toMatchObject({
      code: 'user-not-found',
      fields: { email: "That email address doesn't match an existing account" },
    });

    const wrong = await browser(t).post('/api/auth/sign-in/email', { email: 'walker@example.com', password: 'secret124' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong-password',
      fields: { password: "The email and password you entered don't match" },
    });

    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const disabled = await browser(t).post('/api/auth/sign-in/email', { email: 'walker@example.com', password: 'secret123' });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toMatchObject({
      code: 'user-disabled',
      message: 'The user account has been disabled by an administrator.',
    });
    expect(disabled.headers['set-cookie']).toBeUndefined();
  });

  it('answers wrong-password for an account without a password', async () => {
    const [row] = await t.database.db
      .insert(users)
      .values({ id: randomUUID(), email: 'linkonly@example.com', name: '', emailVerified: true })
      .returning();
    await t.database.db
      .insert(accounts)
      .values({ id: randomUUID(), userId: row!.id, providerId: 'emailLink', accountId: 'linkonly@example.com' });
    const res = await browser(t).post('/api/auth/sign-in/email', { email: 'linkonly@example.com', password: 'anything' });
    expect(res.json().error.code).toBe('wrong-password');
  });

  it('locks an e-mail after 5 failed attempts from any clients, even for the right password, for 15 minutes', async () => {
    await signUp(t, 'target@example.com', 'secret123');
    for (let i = 0; i < 5; i++) {
      const res = await browser(t).post('/api/auth/sign-in/email', { email: 'target@example.com', password: `guess${i}` });
      expect(res.json().error.code).toBe('wrong-password');
    }
    const locked = await browser(t).post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'secret123' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({
      code: 'too-many-requests',
      message: 'You have entered an incorrect password too many times. Please try again in a few minutes.',
    });
    later(14 * MINUTE);
    expect((await browser(t).post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'secret123' })).statusCode).toBe(429);
    later(1 * MINUTE + 1);
    expect((await browser(t).post('/api/auth/sign-in/email', { email: 'target@example.com', password: 'secret123' })).statusCode).toBe(200);
  });

  it('a success clears the e-mail failure count', async () => {
    await signUp(t, 'forgetful@example.com', 'secret123');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        await browser(t).post('/api/auth/sign-in/email', { email: 'forgetful@example.com', password: 'nope-nope' });
      expect((await browser(t).post('/api/auth/sign-in/email', { email: 'forgetful@example.com', password: 'secret123' })).statusCode).toBe(
        200,
      );
    }
  });

  it('locks a client after its failed attempts across e-mails (IDENTITY_PASSWORD_FAILURES_PER_CLIENT)', async () => {
    await signUp(t, 'victim@example.com', 'secret123');
    const attacker = browser(t);
    for (let i = 0; i < 6; i++) {
      const res = await attacker.post('/api/auth/sign-in/email', { email: `stuffed${i}@example.com`, password: 'password1' });
      expect(res.json().error.code).toBe('user-not-found');
    }
    // Past the one-minute request limit window: what refuses it now is the failure count.
    later(2 * MINUTE);
    const refused = await attacker.post('/api/auth/sign-in/email', { email: 'victim@example.com', password: 'secret123' });
    expect(refused.json().error.code).toBe('too-many-requests');
    expect((await browser(t).post('/api/auth/sign-in/email', { email: 'victim@example.com', password: 'secret123' })).statusCode).toBe(200);
  });

  it('refuses a cookie-bearing call from another origin', async () => {
    const b = browser(t);
    await b.post('/api/auth/sign-in/anonymous');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: b.cookie },
      payload: { email: 'walker@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("gives a guest merge-conflict for an existing account; the merge moves the guest's favourites", async () => {
    const owner = await signUp(t, 'owner@example.com', 'secret123');
    const guest = await guestWithFavourite();

    const wrong = await guest.b.post('/api/auth/sign-in/email', { email: 'owner@example.com', password: 'not-it' });
    expect(wrong.json().error.code).toBe('wrong-password');

    const res = await guest.b.post('/api/auth/sign-in/email', { email: 'owner@example.com', password: 'secret123' });
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error).toMatchObject({ code: 'merge-conflict', details: { providerId: 'password', email: 'owner@example.com' } });
    expect(typeof error.details.mergeToken).toBe('string');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await guest.b.get('/api/auth/identity/user')).json().user.id).toBe(guest.id);

    const merged = await guest.b.post('/api/auth/identity/merge', { mergeToken: error.details.mergeToken });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().user.id).toBe(owner.id);
    const moved = await t.database.db.select().from(favourites).where(eq(favourites.userId, owner.id));
    expect(moved.map((f) => f.trailId)).toEqual([w.trailId]);
    expect(await t.database.db.select().from(users).where(eq(users.id, guest.id))).toEqual([]);
  });
});

describe('password recovery', () => {
  it("mails Better Auth's reset link (/auth?mode=resetPassword) that sets a new password", async () => {
    await signUp(t, 'forgot@example.com', 'old-secret');
    const res = await browser(t).post('/api/auth/request-password-reset', { email: 'Forgot@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
    const link = await lastLink(t, 'forgot@example.com', 'reset-password');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'new-secret', token: link.searchParams.get('oobCode') },
    });
    expect(reset.statusCode).toBe(200);
    expect((await browser(t).post('/api/auth/sign-in/email', { email: 'forgot@example.com', password: 'new-secret' })).statusCode).toBe(
      200,
    );
  });

  it('answers user-not-found for an unknown e-mail and queues nothing', async () => {
    const res = await browser(t).post('/api/auth/request-password-reset', { email: 'unknown-reset@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'user-not-found',
      fields: { email: "That email address doesn't match an existing account" },
    });
    expect(await mailsTo(t, 'unknown-reset@example.com', 'reset-password')).toEqual([]);
  });

  it('sends at most IDENTITY_EMAIL_SENDS_PER_HOUR (5) mails to one address an hour', async () => {
    await signUp(t, 'flooded@example.com');
    for (let i = 0; i < 5; i++)
      expect((await browser(t).post('/api/auth/request-password-reset', { email: 'flooded@example.com' })).statusCode).toBe(200);
    const sixth = await browser(t).post('/api/auth/request-password-reset', { email: 'flooded@example.com' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('too-many-requests');
    expect(await mailsTo(t, 'flooded@example.com', 'reset-password')).toHaveLength(5);
  });
});

describe('the widget configuration', () => {
  it('documents every e-mail endpoint in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/auth/identity/config',
      '/api/auth/identity/sign-in-methods',
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/request-password-reset',
      '/api/auth/sign-in/magic-link',
      '/api/auth/email-link/check',
      '/api/auth/magic-link/verify',
      '/api/admin/users/{id}/disable',
      '/api/admin/users/{id}/enable',
    ]) {
      expect(spec.paths[path], path).toBeDefined();
    }
    // The widget's own fields (sessionId, sameDevice …) are read by our hook (auth/email/email-link.ts), not the plugin's schema.
    expect(spec.paths['/api/auth/sign-in/magic-link'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email']),
    );
  });

  it('publishes the defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/identity/config' });
    expect(res.json()).toEqual({
      signUpDisabled: false,
      adminEmail: null,
      helpLink: null,
      requireDisplayName: ['password'],
      enumerationProtection: false,
    });
  });
});

describe('with e-mail enumeration protection on', () => {
  let p: IdentityWorld;
  beforeAll(async () => {
    p = await createIdentityWorld({ IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'true', IDENTITY_REQUIRE_DISPLAY_NAME: '' });
    await signUp(p.t, 'known@example.com', 'secret123');
  });
  afterAll(async () => p.t.close());

  it('answers [] for every e-mail, says so in the config, and needs no name when no provider requires one', async () => {
    expect((await browser(p.t).post('/api/auth/identity/sign-in-methods', { email: 'known@example.com' })).json()).toEqual({ methods: [] });
    expect((await p.t.app.inject({ method: 'GET', url: '/api/auth/identity/config' })).json()).toMatchObject({
      enumerationProtection: true,
      requireDisplayName: [],
    });
    const b = browser(p.t);
    expect((await b.post('/api/auth/sign-up/email', { email: 'noname@example.com', password: 'secret123' })).statusCode).toBe(200);
    expect((await b.get('/api/auth/identity/user')).json().user.displayName).toBeNull();
  });

  it('answers an unknown e-mail and a wrong password with the same invalid-login-credentials (ADR 0053)', async () => {
    const unknown = await browser(p.t).post('/api/auth/sign-in/email', { email: 'unknown@example.com', password: 'secret123' });
    const wrong = await browser(p.t).post('/api/auth/sign-in/email', { email: 'known@example.com', password: 'not-the-password' });
    expect([unknown.statusCode, unknown.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toEqual({
      code: 'invalid-login-credentials',
      message: 'Wrong e-mail or password.',
      fields: { password: 'Wrong e-mail or password.' },
    });
    // The right password still signs in.
    expect((await browser(p.t).post('/api/auth/sign-in/email', { email: 'known@example.com', password: 'secret123' })).statusCode).toBe(
      200,
    );
  });

  it('answers recovery of an unknown e-mail like a known one, mailing only the known', async () => {
    const unknown = await browser(p.t).post('/api/auth/request-password-reset', { email: 'unknown@example.com' });
    const known = await browser(p.t).post('/api/auth/request-password-reset', { email: 'known@example.com' });
    // Better Auth's one answer, whether or not a mail was sent.
    expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
    expect(known.statusCode).toBe(200);
    expect(await mailsTo(p.t, 'unknown@example.com', 'reset-password')).toEqual([]);
    expect(await mailsTo(p.t, 'known@example.com', 'reset-password')).toHaveLength(1);
  });

  it('still refuses to sign an existing e-mail up (email-already-in-use)', async () => {
    const res = await browser(p.t).post('/api/auth/sign-up/email', { email: 'known@example.com', password: 'secret123' });
    expect(res.json().error.code).toBe('email-already-in-use');
  });
});

describe('with sign-up disabled', () => {
  let r: IdentityWorld;
  beforeAll(async () => {
    r = await createIdentityWorld({
      IDENTITY_SIGN_UP_DISABLED: 'true',
      IDENTITY_ADMIN_CONTACT_EMAIL: 'help@trailbuddy.app',
      IDENTITY_HELP_URL: 'https://trailbuddy.app/help',
    });
  });
  afterAll(async () => r.t.close());

  it('publishes the restriction with its admin contact and help link', async () => {
    expect((await r.t.app.inject({ method: 'GET', url: '/api/auth/identity/config' })).json()).toEqual({
      signUpDisabled: true,
      adminEmail: 'help@trailbuddy.app',
      helpLink: 'https://trailbuddy.app/help',
      requireDisplayName: ['password'],
      enumerationProtection: false,
    });
  });

  it('refuses password sign-up, of a visitor or a guest, and the modal sign-up, with admin-restricted-operation', async () => {
    const visitor = await browser(r.t).post('/api/auth/sign-up/email', {
      email: 'new@example.com',
      password: 'secret123',
      displayName: 'N',
    });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toMatchObject({
      code: 'admin-restricted-operation',
      message: 'This operation is restricted to administrators only.',
    });

    const guest = browser(r.t);
    await guest.post('/api/auth/sign-in/anonymous');
    const upgrade = await guest.post('/api/auth/sign-up/email', {
      email: 'new@example.com',
      password: 'secret123',
      displayName: 'N',
    });
    expect(upgrade.json().error.code).toBe('admin-restricted-operation');

    const modal = await r.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'modal-new@example.com', password: 'secret123', name: 'M' },
    });
    // One endpoint, one answer: the modal's sign-up is refused like the widget's.
    expect(modal.statusCode).toBe(403);
    expect(modal.json().message).toBe('This operation is restricted to administrators only.');
    expect(await r.t.database.db.select().from(users).where(eq(users.email, 'new@example.com'))).toEqual([]);
  });

  it('still lets existing accounts sign in', async () => {
    const res = await browser(r.t).post('/api/auth/sign-in/email', { email: r.admin.email, password: 'secret123' });
    expect(res.statusCode).toBe(200);
  });
});
