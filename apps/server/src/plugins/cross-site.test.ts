import { readdirSync } from 'node:fs';
import { ERROR_MESSAGES } from '@trailbuddy/shared/contracts/error-codes';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnsubscribeToken, unsubscribeKey } from '../notifications/unsubscribe-token.js';
import { createMatchWorld, registeredUser } from '../test/match-fixtures.js';
import { multipartFile } from '../test/multipart.js';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app.js';

/**
 * The one cross-site rule (ADR 0052), walked over every state-changing operation of the OpenAPI
 * document, as the probe of issue 22 sent them: JSON, form and multipart bodies from another
 * site, from a page on another port of ours (same-site), and as a browser marks them. Each is
 * refused before its body is read, with the standard error shape, and nothing changes: not a
 * row in any table, not a queued job, not a stored file. The callers are signed in as an
 * administrator, so nothing but the rule stands in the way.
 */

const AUTH_SECRET = 'test-secret-that-is-at-least-32-characters-long';
const EVIL = 'http://evil.example';
/** A page on another port of our own site: same-site for the browser, and its cookies go along. */
const OTHER_PORT = 'http://localhost:3001';
const SAFE = new Set(['get', 'head', 'options']);

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let png: Buffer;

beforeAll(async () => {
  ({ t, admin } = await createMatchWorld());
  member = await registeredUser(t, 'member@example.com');
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(async () => t?.close());

interface Operation {
  method: string;
  path: string;
  /** The statuses the document says the operation answers. */
  statuses: string[];
}

/** Every operation of the served document that may change state, Better Auth's excepted (its own check). */
function stateChangingOperations(): Operation[] {
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses?: object }>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => !SAFE.has(method) && !path.startsWith('/api/auth/'))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, statuses: Object.keys(op.responses ?? {}) })),
  );
}

const url = (op: Operation) => op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

/** Everything a request could have changed: each table's rows, the job queue, the stored files. */
async function state(): Promise<string> {
  const { rows: tables } = await t.database.pool.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await t.database.pool.query<{ digest: string }>(
      `SELECT count(*) || ':' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') AS digest FROM ${name} r`,
    );
    parts.push(`${name} ${rows[0]!.digest}`);
  }
  const jobs = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM graphile_worker._private_jobs`);
  parts.push(`jobs ${jobs.rows[0]!.n}`, `files ${readdirSync(t.storageDir, { recursive: true }).sort().join(',')}`);
  return parts.join('\n');
}

/** The ways a page of another site, or of another port of ours, sends a state change. */
const crossSiteVariants = (cookie: string) => {
  const photo = multipartFile('file', 'me.png', png, 'image/png');
  return [
    { what: 'JSON with a foreign Origin', headers: { cookie, origin: EVIL, 'content-type': 'application/json' }, payload: '{}' },
    {
      what: 'a form the browser marks cross-site',
      headers: { cookie, origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'userId=x&feed=1',
    },
    {
      what: 'a no-cors multipart POST from another port of our site',
      headers: { cookie, origin: OTHER_PORT, 'sec-fetch-site': 'same-site', ...photo.headers },
      payload: photo.payload,
    },
    {
      what: 'the cross-site marker alone',
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      payload: 'anything',
    },
    {
      what: 'the same-site marker without an Origin',
      headers: { cookie, 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
      payload: '{',
    },
    { what: 'Origin: null (a sandboxed frame)', headers: { cookie, origin: 'null', 'content-type': 'application/json' }, payload: '{}' },
  ];
};

describe('the cross-site rule over the whole API', () => {
  it('refuses every state-changing operation of the document, in every variant, before its body is read, and nothing changes', async () => {
    const ops = stateChangingOperations();
    expect(ops.length).toBeGreaterThan(40);
    const before = await state();
    const wrong: string[] = [];
    for (const op of ops) {
      if (!op.statuses.includes('403')) wrong.push(`${op.method} ${op.path}: the document does not say it can answer 403`);
      for (const variant of crossSiteVariants(admin.cookie)) {
        const res = await t.app.inject({ method: op.method as 'POST', url: url(op), headers: variant.headers, payload: variant.payload });
        const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : res.body;
        const expected = { error: { code: 'cross-site-request', message: ERROR_MESSAGES['cross-site-request'] } };
        if (res.statusCode !== 403 || JSON.stringify(body) !== JSON.stringify(expected)) {
          wrong.push(`${op.method} ${op.path}, ${variant.what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await state()).toBe(before);
  });

  it('refuses the probe’s own requests, which change state when they come from our pages', async () => {
    const probes = [
      { method: 'POST', url: '/api/calendar/feed', status: 200 },
      { method: 'POST', url: '/api/blocks', payload: { userId: member.id }, status: 201 },
      { method: 'POST', url: '/api/notifications/read-all', status: 204 },
    ] as const;
    for (const probe of probes) {
      const before = await state();
      const refused = await t.app.inject({ ...probe, headers: { cookie: admin.cookie, origin: EVIL } });
      expect(refused.statusCode, `${probe.url} ${refused.body}`).toBe(403);
      expect(await state()).toBe(before);
      // From our own page (the browser's markers included) the same request goes through and changes something.
      const ours = await t.app.inject({
        ...probe,
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
      });
      expect(ours.statusCode, `${probe.url} ${ours.body}`).toBe(probe.status);
      if (probe.url !== '/api/notifications/read-all') expect(await state()).not.toBe(before);
    }

    const photo = multipartFile('file', 'me.png', png, 'image/png');
    const fromOtherPort = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { cookie: member.cookie, origin: OTHER_PORT, 'sec-fetch-site': 'same-site', ...photo.headers },
      payload: photo.payload,
    });
    expect(fromOtherPort.statusCode).toBe(403);
    const fromOurPage = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { cookie: member.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', ...photo.headers },
      payload: photo.payload,
    });
    expect(fromOurPage.statusCode, fromOurPage.body).toBe(200);
  });
});

describe('what keeps working', () => {
  it('an API client that sends neither Origin nor a browser marker', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('a mail provider’s one-click unsubscribe POST (RFC 8058): no Origin, no cookie, a form body', async () => {
    const token = createUnsubscribeToken(unsubscribeKey(AUTH_SECRET), { userId: member.id, kinds: ['invitation-received'] });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a form posted from our own page, which the browser sends with Origin null under our no-referrer policy, and marks same-origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: {
        cookie: member.cookie,
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('reads from anywhere: the rule is about changes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: member.cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a trusted origin on another port of our site (TRUSTED_ORIGINS), and no other', async () => {
    const trusting = await createTestApp({ TRUSTED_ORIGINS: OTHER_PORT }, { database: t.database });
    try {
      const send = (origin: string, fetchSite: string) =>
        trusting.app.inject({
          method: 'POST',
          url: '/api/calendar/feed',
          headers: { cookie: member.cookie, origin, 'sec-fetch-site': fetchSite },
        });
      expect((await send(OTHER_PORT, 'same-site')).statusCode).toBe(200);
      expect((await send('http://localhost:3002', 'same-site')).statusCode).toBe(403);
      // Whatever the Origin claims, a browser's cross-site marker is refused.
      expect((await send(OTHER_PORT, 'cross-site')).statusCode).toBe(403);
    } finally {
      await trusting.close();
    }
  });
});
