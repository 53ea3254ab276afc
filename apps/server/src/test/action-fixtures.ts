import { expect } from 'vitest';
import { browser, lastLink, type Browser } from './email-identity-fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface ActionWorld {
  t: TestApp;
  /** Moves the server's clock (deps.now) forward; Better Auth and PostgreSQL keep real time. */
  later(ms: number): void;
  resetClock(): void;
  /** The server's clock as the test moved it (milliseconds), for codes the test computes. */
  now(): number;
}

/**
 * The real app whose clock runs with real time plus an offset the test moves: codes minted by
 * Better Auth (real time) and by the identity API (deps.now) then agree until a test moves it.
 */
export async function createActionWorld(env: Record<string, string> = {}): Promise<ActionWorld> {
  let offsetMs = 0;
  const t = await createTestApp(env, { now: () => new Date(Date.now() + offsetMs) });
  return {
    t,
    later: (ms) => {
      offsetMs += ms;
    },
    resetClock: () => {
      offsetMs = 0;
    },
    now: () => Date.now() + offsetMs,
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** The `oobCode` and `mode` of the newest mail of a template to an address. */
export async function lastAction(t: TestApp, email: string, template: string) {
  const link = await lastLink(t, email, template);
  expect(link.pathname).toBe('/auth');
  return { mode: link.searchParams.get('mode'), oobCode: link.searchParams.get('oobCode')! };
}

/** A new password account signed up through Better Auth's modal endpoint, its browser signed in. */
export async function signedUp(t: TestApp, email: string, password = 'secret123'): Promise<{ b: Browser; id: string }> {
  const b = browser(t);
  const res = await b.post('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  expect(res.statusCode).toBe(200);
  return { b, id: res.json().user.id };
}

/** As `signedUp`, with the e-mail verified by the sign-up mail's link (Better Auth's /verify-email, as the widget completes it). */
export async function verifiedUser(t: TestApp, email: string, password = 'secret123') {
  const user = await signedUp(t, email, password);
  const { oobCode } = await lastAction(t, email, 'verify-email');
  const res = await browser(t).get(`/api/auth/verify-email?token=${encodeURIComponent(oobCode)}`);
  expect(res.statusCode).toBe(200);
  return user;
}

/** The widget's account-action endpoints and the Better Auth endpoints that complete its reset and verification links. */
export const actionEndpoints = (t: TestApp) => ({
  check: (body: object) => browser(t).post('/api/auth/identity/action-codes/check', body),
  apply: (oobCode: string) => browser(t).post('/api/auth/identity/action-codes/apply', { oobCode }),
  verify: (oobCode: string) => browser(t).get(`/api/auth/verify-email?token=${encodeURIComponent(oobCode)}`),
  reset: (oobCode: string, newPassword: string) => browser(t).post('/api/auth/reset-password', { token: oobCode, newPassword }),
});

/** The error code of a failed response (and its status, for the assertion message). */
export const errorOf = (res: { statusCode: number; json(): unknown }) => {
  const body = res.json() as { error?: { code?: string } };
  return `${res.statusCode} ${body.error?.code ?? 'no-error'}`;
};
