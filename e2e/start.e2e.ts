import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, waitForHealth } from './support/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'trailbuddy-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start on one data dir', () => {
  it('refuses a second server on the same data dir, and shuts PostgreSQL down cleanly on SIGTERM', async () => {
    const first = await startServerProcess(dataDir);
    await waitForHealth(first);
    expect(first.output()).toContain('Demo logins');

    const second = await startServerProcess(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The data directory is already in use by another TrailBuddy server');
    // The first one is unharmed.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);

    expect(await stopServerProcess(first)).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres.lock'))).toBe(false);

    // The same data dir starts again, without seeding twice.
    const again = await startServerProcess(dataDir);
    await waitForHealth(again);
    const trails = (await (await fetch(`${again.baseUrl}/api/trails`)).json()) as { trails: unknown[] };
    expect(trails.trails.length).toBeGreaterThanOrEqual(12);
    expect(trails.trails.length).toBeLessThan(20);
    expect(await stopServerProcess(again)).toBe(0);
  });
});
