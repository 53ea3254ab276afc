import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '@trailbuddy/shared/contracts/errors';
import { deriveOperationId, describeOperation, errorStatuses, operationSecurity } from './openapi-operations.js';

const session = [{ session: [] }];
/** A route's `config.access`, typed loosely: nothing here depends on who enforces it. */
const access = (level: 'signed-in' | 'admin'): Record<string, unknown> => ({ access: level });

describe('deriveOperationId', () => {
  it.each([
    ['GET', '/api/me', 'getMe'],
    ['PUT', '/api/me/registration', 'putMeRegistration'],
    ['GET', '/api/trails/:id/best-matches', 'getTrailsByIdBestMatches'],
    ['POST', '/api/matches/:id/feedback/skip', 'postMatchesByIdFeedbackSkip'],
    ['GET', '/api/identity/federated/:providerId/start', 'getIdentityFederatedByProviderIdStart'],
    ['GET', '/api/auth/reset-password/{token}', 'getAuthResetPasswordByToken'],
    ['post', '/api/trail-images', 'postTrailImages'],
  ])('%s %s → %s', (method, url, id) => expect(deriveOperationId(method, url)).toBe(id));
});

describe('what a route declares decides its security and error responses', () => {
  const body = z.object({ name: z.string() });

  it('a route documenting a 401 needs the session; one without is public', () => {
    expect(operationSecurity({}, { response: { 200: body, 401: apiErrorSchema } })).toEqual(session);
    expect(operationSecurity({}, { response: { 200: body } })).toEqual([]);
    expect(operationSecurity({}, {})).toEqual([]);
  });

  it('a route stating config.access needs the session, and an admin one can answer 403', () => {
    expect(operationSecurity({ config: access('signed-in') }, { response: { 200: body } })).toEqual(session);
    const admin = errorStatuses({ url: '/api/trails', config: access('admin') }, { body });
    expect([...admin].sort()).toEqual([400, 401, 403, 429]);
  });

  it('a change can answer 403 (the cross-site rule, ADR 0052); a read, and Better Auth’s catch-all, cannot by it', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(errorStatuses({ method, url: '/api/blocks' }, {}).has(403), method).toBe(true);
    }
    expect(errorStatuses({ method: 'GET', url: '/api/blocks' }, {}).has(403)).toBe(false);
    expect(errorStatuses({ method: ['GET', 'POST'], url: '/api/auth/*' }, {}).has(403)).toBe(false);
  });

  it('schema.security overrides the derived one', () => {
    expect(operationSecurity({}, { security: [{}, { session: [] }], response: { 401: apiErrorSchema } })).toEqual([{}, { session: [] }]);
  });

  it('adds 400 for input, 404 for a path parameter, 429 unless the route opts out of the rate limit', () => {
    expect([...errorStatuses({ url: '/api/health' }, {})]).toEqual([429]);
    expect([...errorStatuses({ url: '/api/trails/:id' }, { params: body })].sort()).toEqual([400, 404, 429]);
    expect([...errorStatuses({ url: '/api/files/*', config: { rateLimit: false } }, { querystring: body })].sort()).toEqual([400, 404]);
    expect([...errorStatuses({ url: '/api/x' }, { response: { 409: apiErrorSchema, 413: apiErrorSchema } })].sort()).toEqual([
      409, 413, 429,
    ]);
  });

  it('describes an operation: derived id, security, and the shared error schema for each derived status', () => {
    const described = describeOperation(
      { method: 'POST', url: '/api/matches/:id/accept', config: access('signed-in') },
      { params: body, response: { 200: body } },
    );
    expect(described.operationId).toBe('postMatchesByIdAccept');
    expect(described.security).toEqual(session);
    expect(described.response).toEqual({
      200: body,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      429: apiErrorSchema,
    });
    expect(describeOperation({ method: 'GET', url: '/api/files/*' }, {}).operationId).toBe('getFilesByPath');
    expect(describeOperation({ method: 'GET', url: '/api/me' }, { operationId: 'whoAmI' }).operationId).toBe('whoAmI');
  });
});
