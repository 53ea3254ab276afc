import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

function answer(status: number, body?: unknown, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
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
    answer(400, { error: { code: 'validation', message: 'Age must be a number.', fields: { age: 'Age must be a number.' } } });
    const error = await api.get('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Age must be a number.',
      fields: { age: 'Age must be a number.' },
    });
  });

  it('still throws an ApiError when the error body is not ours', async () => {
    answer(502, undefined, 'Bad Gateway');
    await expect(api.get('/api/trails')).rejects.toMatchObject({ status: 502, code: 'http-502', message: 'Bad Gateway' });
  });

  it('turns a network failure into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(api.get('/api/trails')).rejects.toMatchObject({ status: 0, code: 'network-request-failed' });
  });

  it('returns undefined for an empty success', async () => {
    answer(204);
    await expect(api.delete('/api/things/1')).resolves.toBeUndefined();
  });
});
