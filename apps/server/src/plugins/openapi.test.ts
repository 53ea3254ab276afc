import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServedApp } from '../test/openapi/served-app.js';
import type { TestApp } from '../test/test-app.js';
import { fakeRequest } from '../test/openapi/fake-request.js';
import { describeProblem, lintOpenApi, type RedoclyReport } from '../test/openapi/redocly.js';
import { operations, type OpenApiDocument } from './openapi-document.js';

/**
 * Warnings the document keeps on purpose: these operations only redirect (302), which Redocly's
 * recommended rules do not count as a success. Any other warning fails the test.
 */
const KNOWN_WARNINGS = [
  'operation-2xx-response #/paths/~1api~1auth~1federated~1{providerId}~1start/get/responses',
  'operation-2xx-response #/paths/~1api~1auth~1callback~1{id}/get/responses',
  'operation-2xx-response #/paths/~1api~1auth~1callback~1{id}/post/responses',
  // Connecting an activity service (ADR 0056) is two redirects: to the service, and back to the profile.
  'operation-2xx-response #/paths/~1api~1me~1ability~1{provider}~1connect/get/responses',
  'operation-2xx-response #/paths/~1api~1me~1ability~1{provider}~1callback/get/responses',
];

let t: TestApp;
let doc: OpenApiDocument;
let report: RedoclyReport;

beforeAll(async () => {
  // The production shape: an https origin (not localhost, which Redocly warns about).
  t = await createServedApp({ APP_URL: 'https://trailbuddy.app' });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  report = await lintOpenApi(doc);
});
afterAll(() => t.close());

const op = (path: string, method: string) => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no errors and only the known warnings", () => {
    expect(report.problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
    const warnings = report.problems.filter((p) => p.severity === 'warn').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    expect(warnings.sort()).toEqual([...KNOWN_WARNINGS].sort());
  });

  it('gives every operation a unique operationId, a summary and its security', () => {
    const ids = new Set<string>();
    for (const { path, method, operation } of operations(doc.paths)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId as string), where).toBe(false);
      ids.add(operation.operationId as string);
      expect(operation.summary, where).toBeTruthy();
      expect(Array.isArray(operation.security), where).toBe(true);
    }
  });

  it('marks protected routes with the session cookie, as Better Auth names it, and public ones with none', async () => {
    const cookie = (await t.app.auth.$context).authCookies.sessionToken.name;
    expect(cookie).toBe('__Secure-better-auth.session_token');
    expect(doc.components.securitySchemes).toEqual({ session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: cookie }) });
    expect(op('/api/me', 'get').security).toEqual([{ session: [] }]);
    expect(op('/api/trails', 'post').security).toEqual([{ session: [] }]);
    expect(op('/api/trails', 'get').security).toEqual([]);
    expect(op('/api/health', 'get').security).toEqual([]);
    expect(op('/api/auth/sign-up/email', 'post').security).toEqual([]);
    expect(op('/api/auth/list-sessions', 'get').security).toEqual([{ session: [] }]);
    expect(op('/api/auth/get-session', 'get').security).toEqual([{}, { session: [] }]);
  });

  it('gives each route kind its error responses, all with the one error body', () => {
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    // Protected, with a body: 400, 401, rate limited.
    expect(op('/api/me/registration', 'put').responses).toMatchObject({
      400: ref('BadRequest'),
      401: ref('Unauthenticated'),
      429: ref('TooManyRequests'),
    });
    // An id looked up: 404 (derived: the route itself does not declare it).
    expect(op('/api/files/{path}', 'get').responses).toMatchObject({ 400: ref('BadRequest'), 404: ref('NotFound') });
    // Administrators only: 403.
    expect(op('/api/trails/{id}', 'delete').responses).toMatchObject({ 401: ref('Unauthenticated'), 403: ref('Forbidden') });
    // Served from memory and not rate limited: no 429.
    expect(op('/api/trails', 'get').responses).not.toHaveProperty('429');
    expect(doc.components.schemas?.ApiError).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { required: ['code', 'message'] } },
    });
  });

  it("describes Better Auth's endpoints under /api/auth, with its own error body", () => {
    const signUp = op('/api/auth/sign-up/email', 'post');
    expect(signUp.operationId).toBe('signUpWithEmailAndPassword');
    expect(signUp.tags).toEqual(['auth']);
    expect((signUp.responses as Record<string, unknown>)['400']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } },
    });
    // Our plugins' summaries, which Better Auth's generator drops, are kept.
    expect(op('/api/auth/captcha/challenge', 'get').summary).toBe(
      'A new ALTCHA proof-of-work challenge (when ALTCHA is the configured captcha)',
    );
    // The error body described is the one sent: the API's error body, Better Auth's code and message beside it.
    expect(doc.components.schemas?.AuthError).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/ApiError' }, { required: ['code', 'message'] }],
    });
    expect(doc.servers).toEqual([{ url: 'https://trailbuddy.app', description: 'This server' }]);
    expect(doc.info).toMatchObject({ license: { name: expect.any(String) }, contact: { url: 'https://trailbuddy.app/' } });
  });

  it('describes the fields our hooks read on Better Auth’s endpoints, and what they require', async () => {
    const bodyOf = (path: string) =>
      (op(path, 'post').requestBody as { content: Record<string, { schema: { properties: object; required: string[] } }> }).content[
        'application/json'
      ]!.schema;
    // The widget signs up with a display name (FirebaseUI's) in a tenant; the app's modal with `name`.
    expect(bodyOf('/api/auth/sign-up/email').properties).toHaveProperty('tenantId');
    expect(bodyOf('/api/auth/sign-up/email').properties).toHaveProperty('displayName');
    expect(bodyOf('/api/auth/sign-up/email').properties).toHaveProperty('name');
    expect(bodyOf('/api/auth/sign-up/email').required.sort()).toEqual(['email', 'password']);
    expect(bodyOf('/api/auth/change-email').properties).toHaveProperty('password');
    expect(bodyOf('/api/auth/sign-in/magic-link').required).toEqual(expect.arrayContaining(['email', 'sessionId', 'sameDevice']));
    expect(bodyOf('/api/auth/request-password-reset').properties).toHaveProperty('tenantId');
    // As described: a sign-up without `name` is accepted, and a refusal has the body the document gives.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://trailbuddy.app' },
      payload: { email: 'described@example.com', password: 'secret123', displayName: 'Dee' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://trailbuddy.app' },
      payload: { email: 'described@example.com', password: 'wrong-one' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });

  it('is linted for real: a document missing servers and security fails', async () => {
    // A probe: the same document with the parts this work added taken out again.
    const broken = structuredClone(doc);
    delete broken.servers;
    const me = broken.paths['/api/me']!.get!;
    delete me.security;
    delete me.operationId;
    const probe = await lintOpenApi(broken);
    const rules = new Set(probe.problems.map((p) => p.ruleId));
    expect(rules).toContain('no-empty-servers');
    expect(rules).toContain('security-defined');
    expect(rules).toContain('operation-operationId');
    expect(probe.totals.errors).toBeGreaterThan(0);
  });
});

describe('the security the document states', () => {
  const needsSession = (security: unknown) => JSON.stringify(security) === JSON.stringify([{ session: [] }]);
  /** A live-event stream stays open: routes/events tests what it answers a visitor. */
  const isEventStream = (operation: Record<string, unknown>) =>
    JSON.stringify((operation.responses as Record<string, unknown>)['200'] ?? {}).includes('text/event-stream');
  /** Where Better Auth's generated description is short of what it validates, a valid-looking request is a 400. */
  const AUTH_DOCUMENT_GAPS: Record<string, string> = {
    'GET /api/auth/account-info': 'its required query is not described',
  };

  it('is what the server does: a visitor with valid input gets 401 from every operation that needs the session', async () => {
    let checked = 0;
    for (const { path, method, operation } of operations(doc.paths)) {
      if (!needsSession(operation.security)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const request = await fakeRequest(doc, path, method, operation);
      const res = await t.app.inject({ ...request, headers: { origin: 'https://trailbuddy.app' } });
      checked += 1;
      if (where in AUTH_DOCUMENT_GAPS) expect(res.statusCode, where).toBe(400);
      else expect(res.statusCode, `${where}: ${res.body}`).toBe(401);
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('and no operation it calls public refuses a visitor for want of a session', async () => {
    // Better Auth logs, as errors, the social sign-in and OAuth callback this sweep sends it
    // without a configured provider or a stored state; nothing else may log one.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const { path, method, operation } of operations(doc.paths)) {
      if (needsSession(operation.security) || isEventStream(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const res = await t.app.inject({
        ...(await fakeRequest(doc, path, method, operation)),
        headers: { origin: 'https://trailbuddy.app' },
      });
      if (res.statusCode !== 401) continue;
      // A 401 for bad credentials or a bad token is fine; the one a missing session gets is not.
      const body = res.json() as { code?: string; error?: { code?: string } };
      expect([body.code, body.error?.code], where).not.toContain('unauthenticated');
      expect([body.code, body.error?.code], where).not.toContain('UNAUTHORIZED');
    }
    for (const [message] of logged.mock.calls) expect(String(message)).toMatch(/^(Provider not found|State not found)/);
  });
});
