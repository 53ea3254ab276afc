import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../events/hub.js';
import { silentLog } from '../jobs/log.js';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * ADR 0069: GET /api/auth/get-session is answered through `auth.api.getSession` and the session
 * memo instead of Better Auth's router. Its answer must stay Better Auth's own: the same status,
 * body and headers, and the same cookies set (their values carry times, so names and attributes).
 */

let database: TestDatabase;
let hub: ReturnType<typeof createEventHub>;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  hub = createEventHub({ connectionString: database.url, db: database.db, log: silentLog });
  await hub.ready;
  t = await createTestApp({}, { database, events: hub, revocations: hub });
});
afterAll(async () => {
  await t.close();
  await hub.close();
  await database.close();
});

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | undefined>;
  cookies: string[];
}

/** A Set-Cookie without its value: name and attributes. */
const shapeOf = (setCookie: string) => setCookie.replace(/^([^=]+)=[^;]*/, '$1=…').replace(/; Expires=[^;]+/i, '; Expires=…');
const HEADERS = ['content-type', 'cache-control', 'pragma'];

async function ours(cookie: string | undefined, query = ''): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/get-session${query}`, headers: cookie ? { cookie } : {} });
  const set = res.headers['set-cookie'];
  return {
    status: res.statusCode,
    body: res.body,
    headers: Object.fromEntries(HEADERS.map((h) => [h, res.headers[h] as string | undefined])),
    cookies: (set === undefined ? [] : Array.isArray(set) ? set : [set]).map(shapeOf),
  };
}

/**
 * Better Auth's own answer, from its generic handler (its router), for the same request, as the
 * bridge has always sent it: Fastify names the charset of a string body (`; charset=utf-8`).
 */
async function betterAuths(cookie: string | undefined, query = ''): Promise<Answer> {
  const res = await t.app.auth.handler(new Request(`${TEST_ORIGIN}/api/auth/get-session${query}`, { headers: cookie ? { cookie } : {} }));
  return {
    status: res.status,
    body: await res.text(),
    headers: {
      ...Object.fromEntries(HEADERS.map((h) => [h, res.headers.get(h) ?? undefined])),
      'content-type': `${res.headers.get('content-type')}; charset=utf-8`,
    },
    cookies: res.headers.getSetCookie().map(shapeOf),
  };
}

const tokenOnly = (cookie: string) =>
  cookie
    .split('; ')
    .filter((c) => c.includes('session_token='))
    .join('; ');

describe("get-session's answer through the memo", () => {
  it('is Better Auth’s for a cached session, asked and then remembered', async () => {
    const { cookie } = await signUp(t, 'same-cached@example.com');
    const asked = await ours(cookie);
    const remembered = await ours(cookie);
    const theirs = await betterAuths(cookie);
    expect(JSON.parse(theirs.body)).toMatchObject({ user: { email: 'same-cached@example.com' } });
    expect(theirs.cookies).toEqual([]);
    expect(asked).toEqual(theirs);
    expect(remembered).toEqual(theirs);
  });

  it('is Better Auth’s when remembered from one of our routes’ checks', async () => {
    const { cookie } = await signUp(t, 'same-from-route@example.com');
    const checks = vi.spyOn(t.app.auth.api, 'getSession');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } })).statusCode).toBe(200);
      const remembered = await ours(cookie);
      // Asked once, by the route; get-session's answer was the memo's.
      expect(checks).toHaveBeenCalledTimes(1);
      expect(remembered).toEqual(await betterAuths(cookie));
    } finally {
      checks.mockRestore();
    }
  });

  it('is Better Auth’s for a session read from PostgreSQL, which writes the cache cookie', async () => {
    const { cookie } = await signUp(t, 'same-read@example.com');
    const theirs = await betterAuths(tokenOnly(cookie));
    expect(theirs.cookies.length).toBeGreaterThan(0);
    expect(await ours(tokenOnly(cookie))).toEqual(theirs);
    // Not remembered: an answer that sets cookies is asked again, and sets them again.
    expect(await ours(tokenOnly(cookie))).toEqual(theirs);
  });

  it('is Better Auth’s with no cookie, and for a session signed out', async () => {
    expect(await ours(undefined)).toEqual(await betterAuths(undefined));
    const { cookie } = await signUp(t, 'same-signed-out@example.com');
    await ours(cookie);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN } });
    expect(out.statusCode).toBe(200);
    const theirs = await betterAuths(tokenOnly(cookie));
    expect(theirs.body).toBe('null');
    expect(await ours(tokenOnly(cookie))).toEqual(theirs);
  });

  it('with a query takes Better Auth’s whole way, as before', async () => {
    const { cookie } = await signUp(t, 'same-query@example.com');
    const query = '?disableCookieCache=true';
    const theirs = await betterAuths(cookie, query);
    expect(theirs.cookies.length).toBeGreaterThan(0);
    expect(await ours(cookie, query)).toEqual(theirs);
  });
});
