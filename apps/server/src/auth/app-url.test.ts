import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseEnv } from '../env.js';
import { createLocalStorage } from '../storage/local-storage.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * `PORT=3100 npm start` with no APP_URL: the page the server serves is on http://localhost:3100,
 * so Better Auth must trust that origin (it used to trust only :3000 and answer "Invalid origin").
 */
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const storageDir = mkdtempSync(join(tmpdir(), 'trailbuddy-app-url-'));

beforeAll(async () => {
  database = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', PORT: '3100', SERVE_WEB: 'false', AUTH_SENSITIVE_RATE_LIMIT_MAX: '1000' });
  app = await buildApp({
    env,
    db: database.db,
    storage: createLocalStorage(storageDir),
    authSecret: 'test-secret-that-is-at-least-32-characters-long',
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(storageDir, { recursive: true, force: true });
});

// A browser's request: an Origin header, and cookies (Better Auth checks the Origin when there are some).
const post = (url: string, origin: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { origin, cookie: 'theme=light' }, payload });

describe('an app on PORT=3100 without APP_URL', () => {
  it('signs up and signs in from http://localhost:3100', async () => {
    const signUp = await post('/api/auth/sign-up/email', 'http://localhost:3100', {
      email: 'port@example.com',
      password: 'secret123',
      name: 'Port',
    });
    expect(signUp.statusCode).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', 'http://localhost:3100', { email: 'port@example.com', password: 'secret123' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['set-cookie']).toBeDefined();
  });

  it('gives Better Auth that origin as its base URL and its trusted origin, and not the old default', async () => {
    // Better Auth skips its origin check under NODE_ENV=test, so the list it checks against is
    // asserted here; `npm start` (development) enforces it, as the README's PORT example shows.
    const context = await app.auth.$context;
    expect(context.baseURL).toBe('http://localhost:3100/api/auth');
    expect(context.trustedOrigins).toContain('http://localhost:3100');
    expect(context.trustedOrigins).not.toContain('http://localhost:3000');
  });
});
