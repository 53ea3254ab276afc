// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncSessionToken } from './token-sync';

const calls: { method: string; url: string; authorization?: string }[] = [];
let tokenAnswer: { status: number; body?: unknown };

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      calls.push({ method, url: input, authorization: headers.get('authorization') ?? undefined });
      if (input === '/api/auth/identity/token') return new Response(JSON.stringify(tokenAnswer.body ?? {}), { status: tokenAnswer.status });
      return new Response(null, { status: method === 'DELETE' ? 204 : 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const NOW = Date.parse('2026-03-01T10:00:00Z');
const signedIn = (issuedAt = new Date(NOW).toISOString(), sync: unknown = { url: '/api/auth/identity/token-sync', maxAgeS: 300 }) => ({
  status: 200,
  body: { token: 'jwt-1', issuedAt, sync },
});

describe('session token sync', () => {
  it('POSTs the fresh token as a bearer token after sign-in, then DELETEs after sign-out', async () => {
    tokenAnswer = signedIn();
    expect(await syncSessionToken(() => NOW)).toBe('posted');
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/auth/identity/token-sync', authorization: 'Bearer jwt-1' });

    tokenAnswer = { status: 401 };
    expect(await syncSessionToken(() => NOW)).toBe('deleted');
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/auth/identity/token-sync' });
    // Nothing left to delete on a second sign-out.
    expect(await syncSessionToken(() => NOW)).toBe('skipped');
  });

  it('skips a token older than the configured limit', async () => {
    tokenAnswer = signedIn(new Date(NOW - 301_000).toISOString());
    expect(await syncSessionToken(() => NOW)).toBe('skipped');
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('does nothing when sync is off or the target is another origin', async () => {
    tokenAnswer = signedIn(undefined, null);
    expect(await syncSessionToken(() => NOW)).toBe('skipped');
    tokenAnswer = signedIn(undefined, { url: 'https://elsewhere.example/sync', maxAgeS: 300 });
    expect(await syncSessionToken(() => NOW)).toBe('skipped');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
