import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, waitForHealth } from './support/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'trailbuddy-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The statuses of a demo user's matches, as the app's matches page loads them. */
async function demoMatchStatuses(baseUrl: string, email: string): Promise<string[]> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'trailbuddy' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const mine = (await (await fetch(`${baseUrl}/api/matches/mine`, { headers: { cookie } })).json()) as { matches: { status: string }[] };
  return mine.matches.map((m) => m.status);
}

/** This machine's first address that is not loopback: where a neighbour on the network would knock. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  if (!address) throw new Error('this machine has no network address besides loopback: nothing to check the bind against');
  return address;
}

/** Whether the server answers at `host` on its port; a refused connection is false. */
async function answersAt(server: { baseUrl: string }, host: string): Promise<boolean> {
  const url = new URL('/api/health', server.baseUrl);
  url.hostname = host;
  return fetch(url).then(
    (res) => res.ok,
    () => false,
  );
}

describe('npm start on one data dir', () => {
  it('listens on loopback only in development, refuses a second server on the same data dir, and shuts PostgreSQL down cleanly on SIGTERM', async () => {
    // As `npm start` runs in development, HOST unset: loopback only (issue 22, finding 8).
    const first = await startServerProcess(dataDir, { NODE_ENV: 'development', HOST: undefined });
    await waitForHealth(first);
    expect(first.output()).toContain('Demo logins');
    expect(await answersAt(first, '127.0.0.1')).toBe(true);
    expect(await answersAt(first, networkAddress())).toBe(false);
    const seededStatuses = await demoMatchStatuses(first.baseUrl, 'sofia@trailbuddy.app');

    const second = await startServerProcess(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The data directory is already in use by another TrailBuddy server');
    // The first one is unharmed.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);

    expect(await stopServerProcess(first)).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres.lock'))).toBe(false);

    // The same data dir starts again, without seeding twice.
    // HOST says otherwise: the network reaches it (and the check above can fail).
    const again = await startServerProcess(dataDir, { HOST: '0.0.0.0' });
    await waitForHealth(again);
    expect(await answersAt(again, networkAddress())).toBe(true);
    const trails = (await (await fetch(`${again.baseUrl}/api/trails`)).json()) as { trails: unknown[] };
    expect(trails.trails.length).toBeGreaterThanOrEqual(12);
    expect(trails.trails.length).toBeLessThan(20);
    // A demo login has a lived-in history, kept current (not copied) on the restart.
    const statuses = await demoMatchStatuses(again.baseUrl, 'sofia@trailbuddy.app');
    expect(new Set(statuses)).toEqual(new Set(['searching', 'pending', 'confirmed', 'completed']));
    expect(statuses.length).toBe(seededStatuses.length);
    expect(await stopServerProcess(again)).toBe(0);
  });
});
