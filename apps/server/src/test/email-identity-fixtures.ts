import { randomUUID } from 'node:crypto';
import { accounts } from '../db/schema/index.js';
import { createUser } from '../auth/create-user.js';
import { queuedMail } from './queued-jobs.js';
import { WEDNESDAY } from './match-fixtures.js';
import { cookieHeader, createTestApp, signIn, signUp, TEST_ADMIN, TEST_ORIGIN, type TestApp, type TestUser } from './test-app.js';

export interface IdentityWorld {
  t: TestApp;
  clock: { now: Date };
  admin: TestUser;
  trailId: string;
}

/** The real app with a movable clock, the given environment, an admin and one trail (for favourites). */
export async function createIdentityWorld(env: Record<string, string> = {}): Promise<IdentityWorld> {
  const clock = { now: WEDNESDAY };
  const t = await createTestApp(env, { now: () => clock.now });
  // With sign-up disabled nobody can sign up, not even the admin: the account is made directly.
  const admin = env.IDENTITY_SIGN_UP_DISABLED === 'true' ? await seedAccount(t, TEST_ADMIN) : await signUp(t, TEST_ADMIN);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: {
      name: 'Serra da Estrela',
      location: 'Covilhã, Portugal',
      length: '9 km',
      hours: 3,
      difficulty: 'Moderate',
      activity: 'hiking',
      description: 'Granite plateau walk.',
      linkmap: 'https://www.openstreetmap.org/#map=13/40.32/-7.61',
    },
  });
  if (res.statusCode !== 201) throw new Error(`trail: ${res.statusCode} ${res.body}`);
  return { t, clock, admin, trailId: res.json().id };
}

/** An e-mail and password account written straight to the database, then signed in through the modal. */
export async function seedAccount(t: TestApp, email: string, password = 'secret123'): Promise<TestUser> {
  const id = randomUUID();
  const auth = await t.app.auth.$context;
  const hash = await auth.password.hash(password);
  await createUser(
    auth,
    t.database.db,
    { id, email, name: email.split('@')[0]!, emailVerified: true, tenantId: null },
    { method: 'email-password' },
  );
  await t.database.db.insert(accounts).values({ id: randomUUID(), userId: id, providerId: 'credential', accountId: id, password: hash });
  const { res, cookie } = await signIn(t, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { id, email, cookie };
}

let lastIp = 0;
/** A fresh client address, so per-client limits of one test do not leak into another. */
export const nextIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

export type Browser = ReturnType<typeof browser>;

/** A browser on its own address with a cookie jar: it keeps the session cookie the server sets. */
export function browser(t: TestApp, ip = nextIp()) {
  let cookie = '';
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) },
      ...(payload !== undefined && { payload }),
    });
    const set = cookieHeader(res.headers['set-cookie']);
    if (set) cookie = set;
    return res;
  };
  return {
    ip,
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
    post: (url: string, payload: object = {}) => send('POST', url, payload),
    put: (url: string) => send('PUT', url),
    get: (url: string) => send('GET', url),
  };
}

/** The mails of one template queued to an address, oldest first. */
export async function mailsTo(t: TestApp, email: string, template: string) {
  return queuedMail(t.database.db, { to: email, template });
}

/** The link of the newest mail of a template to an address. */
export async function lastLink(t: TestApp, email: string, template: string): Promise<URL> {
  const mails = await mailsTo(t, email, template);
  const link = mails.at(-1)?.params.link;
  if (!link) throw new Error(`no ${template} mail to ${email}`);
  return new URL(link);
}

/** Signs in with an e-mail link as the widget does: Better Auth's magic-link verify with the typed e-mail (and tenant). */
export function linkSignIn(b: Browser, link: { oobCode: string; email: string; tenantId?: string }) {
  const query = new URLSearchParams({ token: link.oobCode, email: link.email, ...(link.tenantId && { tenantId: link.tenantId }) });
  return b.get(`/api/auth/magic-link/verify?${query}`);
}
