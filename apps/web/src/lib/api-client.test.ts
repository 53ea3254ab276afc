import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@trailbuddy/shared/contracts/error-codes';
import { ApiError, api, checkAnswersWith } from './api-client';

function answer(status: number, body?: unknown, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  checkAnswersWith(undefined);
});

describe('api client', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const fetchMock = answer(200, { ok: 1 });
    await expect(api.post('/api/things', { a: 1 }, { query: { page: 2, skip: undefined } })).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/things?page=2', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
      signal: undefined,
    });
  });

  it("throws an ApiError carrying the server's code, message and fields", async () => {
    answer(400, { error: { code: 'invalid-argument', message: 'Age must be a number.', fields: { age: 'Age must be a number.' } } });
    const error = await api.get('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid-argument',
      message: 'Age must be a number.',
      fields: { age: 'Age must be a number.' },
    });
  });

  it('names a failure without a body of ours by its status, with the shared message for that code', async () => {
    answer(502, undefined, 'Bad Gateway');
    await expect(api.get('/api/trails')).rejects.toMatchObject({ status: 502, code: 'unavailable', message: ERROR_MESSAGES.unavailable });
    // Better Auth's own error shape is not ours either.
    answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    await expect(api.get('/api/me')).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
      message: ERROR_MESSAGES.unauthenticated,
    });
    answer(418);
    await expect(api.get('/api/teapot')).rejects.toMatchObject({ status: 418, code: 'unknown' });
  });

  it('reads a code it does not know by the status, keeping the server’s message', async () => {
    answer(409, { error: { code: 'some-future-code', message: 'The trail is full.' } });
    await expect(api.post('/api/things')).rejects.toMatchObject({ status: 409, code: 'conflict', message: 'The trail is full.' });
  });

  it('fills in the shared message when the server’s body has none', async () => {
    answer(403, { error: { code: 'self-match', message: '' } });
    await expect(api.post('/api/things')).rejects.toMatchObject({ code: 'self-match', message: ERROR_MESSAGES['self-match'] });
  });

  it('turns a network failure into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(api.get('/api/trails')).rejects.toMatchObject({
      status: 0,
      code: 'network-request-failed',
      message: ERROR_MESSAGES['network-request-failed'],
    });
  });

  it('returns undefined for an empty success', async () => {
    answer(204);
    await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
  });

  it('hands each answer it returns to the installed check (the development server’s, ADR 0072), and no failure', async () => {
    const check = vi.fn();
    checkAnswersWith(check);
    answer(200, { trails: [] });
    await api.get('/api/trails', { query: { q: 'ridge' } });
    expect(check).toHaveBeenCalledWith('GET', '/api/trails', { trails: [] });

    answer(404, { error: { code: 'not-found', message: 'Not found.' } });
    await api.get('/api/trails/gone').catch(() => undefined);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
