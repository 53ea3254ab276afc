import { describe, expect, it, vi } from 'vitest';
import { fetchJson, readBody, wireErrorOf, type FetchedResponse } from './json-fetch';

/** A response as fetch would give it (this package has no DOM types): a status and a body. */
const response = (status: number, text = ''): FetchedResponse => ({ ok: status >= 200 && status < 300, status, text: async () => text });

describe('wireErrorOf', () => {
  it('reads the parts of our error body that are well-formed', () => {
    expect(
      wireErrorOf({
        error: { code: 'hike-conflict', message: 'That overlaps another hike.', fields: { startsAt: 'Taken.' }, details: { hikeId: 'h1' } },
      }),
    ).toEqual({ code: 'hike-conflict', message: 'That overlaps another hike.', fields: { startsAt: 'Taken.' }, details: { hikeId: 'h1' } });
    expect(wireErrorOf({ error: { code: 7, message: '', fields: ['x'] } })).toEqual({
      code: undefined,
      message: '',
      fields: undefined,
      details: undefined,
    });
  });

  it("finds nothing in a body that is not ours: Better Auth's bare shape, a proxy's page, no body", () => {
    expect(wireErrorOf({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toBeUndefined();
    expect(wireErrorOf('<html>Bad gateway</html>')).toBeUndefined();
    expect(wireErrorOf(undefined)).toBeUndefined();
  });
});

describe('readBody', () => {
  it('parses JSON, keeps text that is not JSON, and reads an empty body as undefined', async () => {
    await expect(readBody(response(200, '{"a":1}'))).resolves.toEqual({ a: 1 });
    await expect(readBody(response(429, 'Too many requests'))).resolves.toBe('Too many requests');
    await expect(readBody(response(204))).resolves.toBeUndefined();
  });
});

describe('fetchJson', () => {
  it('sends JSON with the caller’s credentials and answers the status and parsed body', async () => {
    const fetch = vi.fn(async () => response(409, '{"error":{"code":"hike-full","message":"Full."}}'));
    const answer = await fetchJson('/api/hikes/1/join', { method: 'POST', body: { a: 1 }, credentials: 'include', fetch });
    expect(answer).toEqual({ ok: false, status: 409, body: { error: { code: 'hike-full', message: 'Full.' } } });
    expect(fetch).toHaveBeenCalledWith('/api/hikes/1/join', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
      signal: undefined,
    });
  });

  it('answers nothing for a lost connection, and lets an abort the caller asked for throw', async () => {
    const lost = new TypeError('fetch failed');
    await expect(
      fetchJson('/api/me', { method: 'GET', credentials: 'same-origin', fetch: vi.fn(async () => Promise.reject(lost)) }),
    ).resolves.toBeUndefined();
    const aborted = Object.assign(new Error('aborted'), { name: 'AbortError' });
    await expect(
      fetchJson('/api/me', {
        method: 'GET',
        credentials: 'same-origin',
        signal: { aborted: true },
        fetch: vi.fn(async () => Promise.reject(aborted)),
      }),
    ).rejects.toBe(aborted);
  });
});
