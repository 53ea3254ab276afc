import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, validRegistration, verifyEmail, type TestApp, type TestUser } from '../test/test-app.js';
import { MAX_JSON_DEPTH } from './untrusted-input.js';

let t: TestApp;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  member = await signUp(t, 'member@example.com');
  // May match (ADR 0030): the invitation below reaches PostgreSQL.
  await verifyEmail(t, member);
  const done = await t.app.inject({
    method: 'PUT',
    url: '/api/me/registration',
    headers: { cookie: member.cookie },
    payload: validRegistration(),
  });
  expect(done.statusCode).toBe(200);
});
afterAll(async () => t.close());

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('the request limit', () => {
  it('answers 429 in the one error shape', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_MAX: '2' }, { database: t.database });
    try {
      const url = `/api/trails/${randomUUID()}`;
      for (let i = 0; i < 2; i++) expect((await limited.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const res = await limited.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: { code: 'too-many-requests', message: expect.stringMatching(/^Too many requests\. Try again in .+\.$/) },
      });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('a NUL character', () => {
  const nulIn = (field: string, res: Awaited<ReturnType<TestApp['app']['inject']>>) => {
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe(`${field} must not contain a NUL character.`);
    expect(error.fields).toEqual({ [field]: error.message });
  };

  it('in a body field is a 400 naming it (the invitation’s userId reached PostgreSQL)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/matches/invite',
      headers: { cookie: member.cookie },
      payload: { userId: 'someone\u0000else', trailId: randomUUID(), day: 'saturday' },
    });
    nulIn('userId', res);
  });

  it('in the uid of a second factor to remove (a Better Auth plugin endpoint) is a 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/unenroll',
      headers: { cookie: member.cookie, origin: TEST_ORIGIN },
      payload: { uid: 'factor\u0000id' },
    });
    nulIn('uid', res);
  });

  it('deep in a body names the path to it', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: member.cookie },
      payload: { skills: { hiking: 'advanced\u0000' } },
    });
    nulIn('skills.hiking', res);
  });

  it('in a key is refused too', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: member.cookie },
      payload: { ['bio\u0000']: 'x' },
    });
    nulIn('bio\\u0000', res);
  });

  it('in a query parameter or a path segment is a 400 naming it', async () => {
    nulIn('country', await t.app.inject({ method: 'GET', url: '/api/trails?country=Port%00ugal' }));
    nulIn('id', await t.app.inject({ method: 'GET', url: '/api/users/abc%00def', headers: { cookie: member.cookie } }));
    nulIn('*', await t.app.inject({ method: 'GET', url: '/api/files/trailImages/a%00b.jpg' }));
  });

  it('reaches Better Auth’s routes as a 400 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'member\u0000@example.com', password: 'secret123' },
    });
    nulIn('email', res);
  });

  it('in a text body is a 400 on the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      payload: 'a\u0000b',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ body: 'The request body must not contain a NUL character.' });
  });
});

describe('deeply nested JSON', () => {
  const tooDeep = (res: Awaited<ReturnType<TestApp['app']['inject']>>, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json(), what).toEqual({
      error: {
        code: 'invalid-argument',
        message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
        fields: { body: 'Nested too deeply.' },
      },
    });
  };

  it('is a 400 on every Better Auth route that takes a body (it was a stack overflow, a 500)', async () => {
    const endpoints = Object.values(
      t.app.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    );
    const posts = endpoints.filter((e) => e.path && [e.options?.method].flat().includes('POST'));
    expect(posts.length).toBeGreaterThan(15);
    for (const endpoint of posts) {
      const url = `/api/auth${endpoint.path!.replace(/:[a-zA-Z]+/g, 'x')}`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, cookie: member.cookie, 'content-type': 'application/json' },
        payload: `{"email":${nested(5000)},"password":"secret123"}`,
      });
      tooDeep(res, url);
    }
  });

  it('is a 400 on the API’s own routes', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: `{"bio":${nested(5000)}}`,
    });
    tooDeep(res, 'PATCH /api/me/profile');
  });

  it('up to the limit is parsed as usual', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: `{"bio":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty('bio');
  });

  it('keeps Fastify’s protection from prototype poisoning', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: '{"bio":"x","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('invalid-argument');
  });
});
