import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../routes/schemas.js';
import { registeredUser } from '../test/match-fixtures.js';
import { createTestApp, signUp, TEST_ADMIN, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app.js';
import { accessPlugin } from './access.js';
import { authSessionPlugin } from './auth-session.js';
import { errorsPlugin } from './errors.js';

/**
 * Authentication before validation (architecture §4), for every route that documents a 401: a
 * visitor sending nonsense learns that they must sign in, a member sending nonsense to an
 * administrators' route learns that it is not theirs, and only then does the input count.
 */
let t: TestApp;
let member: TestUser;
let admin: TestUser;

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  /** Path parameters that must be UUIDs (others, such as a user id, take any text). */
  uuidParams: string[];
  requiredQuery: string[];
  responses: string[];
}

/** The routes only administrators may call; every other route that documents a 401 is for any account. */
const ADMIN_ONLY = [
  'POST /api/trails',
  'PUT /api/trails/{id}',
  'DELETE /api/trails/{id}',
  'PUT /api/trails/{id}/route',
  'PUT /api/trails/{id}/trailhead',
  'POST /api/trail-images',
  'POST /api/admin/users/{id}/disable',
  'POST /api/admin/users/{id}/enable',
  'GET /api/admin/reports',
  'POST /api/admin/reports/{id}/actions',
  'GET /api/admin/audit-log',
];

let protectedOperations: Operation[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // May match (ADR 0030), so the matching routes validate its input too; the gate has its own tests.
  member = await registeredUser(t, 'member@example.com');
  admin = await signUp(t, TEST_ADMIN);
  type Doc = {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: unknown;
          parameters?: { in: string; name: string; required?: boolean; schema?: { format?: string } }[];
          responses?: object;
        }
      >
    >;
  };
  const doc = t.app.swagger() as unknown as Doc;
  // Better Auth's operations (merged into the document) check the session in its own handlers,
  // with its own error shape; the openapi test covers them. These are the routes `access` guards.
  const ourPaths = Object.entries(doc.paths).filter(([path]) => !path.startsWith('/api/auth/'));
  protectedOperations = ourPaths.flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.responses && '401' in op.responses)
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        hasBody: op.requestBody !== undefined,
        uuidParams: (op.parameters ?? []).filter((p) => p.in === 'path' && p.schema?.format === 'uuid').map((p) => p.name),
        requiredQuery: (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        responses: Object.keys(op.responses ?? {}),
      })),
  );
});
afterAll(async () => t.close());

/** A request each protected route must refuse as invalid once the caller may call it. */
function invalidRequest(op: Operation, cookie?: string) {
  const url = op.path.replace(/\{[^}]+\}/g, 'not-a-valid-id');
  return t.app.inject({
    method: op.method as 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...(op.hasBody ? { 'content-type': 'application/json' } : {}) },
    // A JSON string where every route takes an object (or a multipart form).
    ...(op.hasBody ? { payload: '"not an object"' } : {}),
  });
}

/** Whether invalidRequest is invalid for the route: it sends a bad body, a bad UUID or no required query. */
const canBeInvalid = (op: Operation) => op.hasBody || op.uuidParams.length > 0 || op.requiredQuery.length > 0;

describe('routes that need an account', () => {
  it('are found in the API document (the administrators’ routes among them)', () => {
    expect(protectedOperations.length).toBeGreaterThan(30);
    const names = protectedOperations.map((op) => `${op.method} ${op.path}`);
    for (const adminRoute of ADMIN_ONLY) expect(names).toContain(adminRoute);
  });

  it('answer a visitor with 401 whatever the input', async () => {
    for (const op of protectedOperations) {
      const res = await invalidRequest(op);
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(401);
      expect(res.json(), `${op.method} ${op.path}`).toEqual({ error: { code: 'unauthenticated', message: 'Sign in to continue.' } });
    }
  });

  it('answer a member who is not an administrator with 403 on the administrators’ routes, before validating', async () => {
    for (const op of protectedOperations.filter((o) => ADMIN_ONLY.includes(`${o.method} ${o.path}`))) {
      const res = await invalidRequest(op, member.cookie);
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(403);
      expect((res.json() as { error: { code: string } }).error.code).toBe('permission-denied');
    }
  });

  it('validate the input of whoever may call them', async () => {
    for (const op of protectedOperations.filter(canBeInvalid)) {
      const caller = ADMIN_ONLY.includes(`${op.method} ${op.path}`) ? admin : member;
      const res = await invalidRequest(op, caller.cookie);
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(400);
      expect((res.json() as { error: { code: string } }).error.code).toBe('invalid-argument');
    }
  });

  it('a visitor gets 401 for POST /api/trails, not the form’s validation report', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/trails', payload: { name: '', hours: 'many' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the access plugin', () => {
  const bare = async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(authSessionPlugin, { auth: t.app.auth, appUrl: TEST_ORIGIN });
    await app.register(accessPlugin, { adminEmails: [TEST_ADMIN], db: t.database.db });
    return app;
  };

  it('refuses to start with a route that documents a 401 but declares no access', async () => {
    const app = await bare();
    expect(() => app.get('/forgotten', { schema: { response: { 401: errors[401] } } }, async () => ({}))).toThrow(
      'GET /forgotten documents a 401 but declares no config.access',
    );
    await app.close();
  });

  it('refuses to start with an administrators’ route that documents no 403', async () => {
    const app = await bare();
    const route = { config: { access: 'admin' as const }, schema: { response: { 401: errors[401] } } };
    expect(() => app.get('/admin-only', route, async () => ({}))).toThrow('GET /admin-only is for administrators but documents no 403');
    await app.close();
  });

  it('refuses to start with a matching route that documents no 403 (ADR 0030)', async () => {
    const app = await bare();
    const route = { config: { access: 'may-match' as const }, schema: { response: { 401: errors[401] } } };
    expect(() => app.post('/search', route, async () => ({}))).toThrow('POST /search is for accounts that may match but documents no 403');
    await app.close();
  });
});
