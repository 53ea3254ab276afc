import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { users } from '../db/schema/index.js';
import { parseEnv, type Env } from '../env.js';
import type { EventHub } from '../events/types.js';
import type { RevocationFeed } from '../events/session-revocations.js';
import { createLocalStorage } from '../storage/local-storage.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_ADMIN = 'admin@example.com';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: TestDatabase;
  storageDir: string;
  env: Env;
  close(): Promise<void>;
}

/** The real application on its own database and storage folder, for `app.inject` tests. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  opts: { now?: () => Date; events?: EventHub; revocations?: RevocationFeed; database?: TestDatabase; vapidPublicKey?: string } = {},
): Promise<TestApp> {
  // A second instance on the same database (multi-instance tests) passes the first one's.
  const database = opts.database ?? (await createTestDatabase());
  const storageDir = mkdtempSync(join(tmpdir(), 'trailbuddy-test-storage-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    ADMIN_EMAILS: `${TEST_ADMIN},Curator@Example.com`,
    SERVE_WEB: 'false',
    API_RATE_LIMIT_MAX: '10000',
    AUTH_RATE_LIMIT_MAX: '10000',
    AUTH_SENSITIVE_RATE_LIMIT_MAX: '10000',
    UPLOAD_MAX_MB: '1',
    // The identity suites test the telling answers (user-not-found, an e-mail's methods); the
    // default, protection on (ADR 0053), is tested where a suite turns it on again.
    IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'false',
    ...overrides,
  });
  const app = await buildApp({
    env,
    db: database.db,
    storage: createLocalStorage(storageDir),
    authSecret: 'test-secret-that-is-at-least-32-characters-long',
    now: opts.now,
    events: opts.events,
    revocations: opts.revocations,
    vapidPublicKey: opts.vapidPublicKey,
  });
  return {
    app,
    database,
    storageDir,
    env,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

export const cookieHeader = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]).join('; ');

/** Signs a new account up through Better Auth's real endpoint; returns its session cookie. */
export async function signUp(t: TestApp, email: string, password = 'secret123', name = 'Test User'): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    // The app's own origin: Better Auth refuses any other (an app under test may have its own APP_URL).
    headers: { origin: new URL(t.env.APP_URL).origin },
    payload: { email, password, name },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { user: { id: string } }).user.id, email, cookie: cookieHeader(res.headers['set-cookie']) };
}

/**
 * Marks the account's e-mail verified, as following the mailed link does (that flow has its own
 * tests): who may match needs a verified contact (ADR 0030).
 */
export async function verifyEmail(t: TestApp, user: Pick<TestUser, 'id'>): Promise<void> {
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
}

export async function signIn(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    // The app's own origin: Better Auth refuses any other (an app under test may have its own APP_URL).
    headers: { origin: new URL(t.env.APP_URL).origin },
    payload: { email, password },
  });
  return { res, cookie: cookieHeader(res.headers['set-cookie']) };
}

/** A complete, valid registration body; tests override one field to check one rule. */
export const validRegistration = () => ({
  fullName: 'Rita Sousa',
  age: 30,
  gender: 'Female',
  country: 'Portugal',
  city: 'Lisbon',
  skills: { hiking: 'intermediate', running: 'beginner' },
  bio: 'I love long coastal walks and early starts.',
  instagram: '@rita.walks',
});
