import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const report = (overrides: Record<string, unknown> = {}) => ({
  metrics: [
    { name: 'LCP', value: 1234.5, rating: 'good', id: 'v5-1700000000000-1', navigationType: 'navigate' },
    { name: 'CLS', value: 0.02, rating: 'good', id: 'v5-1700000000000-2' },
  ],
  path: '/',
  ...overrides,
});

describe('POST /api/vitals', () => {
  it('accepts a JSON report from a visitor with 204', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vitals', payload: report() });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('accepts the text/plain body navigator.sendBeacon sends for a string', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(report()),
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses an unknown metric name with a 400 naming the field', async () => {
    const metrics = [{ name: 'FID', value: 12, rating: 'good', id: 'x' }];
    const res = await t.app.inject({ method: 'POST', url: '/api/vitals', payload: report({ metrics }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument', fields: { 'metrics.0.name': expect.any(String) } } });
  });

  it('refuses out-of-range values, too many metrics and a bad path', async () => {
    const negative = [{ name: 'TTFB', value: -1, rating: 'good', id: 'x' }];
    const res = await t.app.inject({ method: 'POST', url: '/api/vitals', payload: report({ metrics: negative }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { 'metrics.0.value': expect.any(String) } } });

    const many = Array.from({ length: 21 }, (_, i) => ({ name: 'INP', value: 40, rating: 'good', id: `m${i}` }));
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/vitals', payload: report({ metrics: many }) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: { fields: { metrics: expect.any(String) } } });

    const badPath = await t.app.inject({ method: 'POST', url: '/api/vitals', payload: report({ path: 'https://evil.example' }) });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json()).toMatchObject({ error: { fields: { path: expect.any(String) } } });
  });

  it('answers a text/plain body that is not JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vitals', headers: { 'content-type': 'text/plain' }, payload: 'LCP=1200' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });

  it('keeps the text/plain parser to this route module', async () => {
    // Elsewhere a text/plain body stays a string, so a JSON route refuses it as a whole.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/identity/sign-in-methods',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { body: 'The request body must be a JSON object.' } } });
  });

  it('is rate-limited like the rest of the API', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT_MAX: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/vitals', payload: report() })).statusCode);
      expect(codes).toEqual([204, 204, 429]);
    } finally {
      await limited.close();
    }
  });
});
