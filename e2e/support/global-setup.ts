import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess, stopServerProcess, waitForHealth } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    inboxUrl: string;
    databaseUrl: string;
    /** Where specs claim their trail-and-day slots (support/slots.ts). */
    slotClaimsDir: string;
  }
}

/**
 * Starts the built server the way `npm start` does (embedded PostgreSQL, migrations, demo seed,
 * dev inbox) on free ports and a fresh data dir, for the browser specs to drive.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'trailbuddy-e2e-'));
  // The specs script the demo users' matches themselves (empty tabs included), so the demo
  // users start without the seeded ones; start.e2e.ts runs a server with them.
  // Notification mail waits 3 s instead of 2 minutes for the app to show it first (ADR 0025), so
  // a journey can read it from the inbox.
  // The widget specs walk the e-mail-first tree with its telling answers (new address → sign-up);
  // widget-enumeration.e2e.ts runs a server with the protection on, the default (ADR 0053).
  // Every browser of every spec comes from 127.0.0.1, one client to the per-address limits of the
  // API, the auth API and the identity endpoints: the journeys of several people a minute
  // (hikes.e2e.ts signs up and verifies six) would meet them, where real people each have their
  // own address. The limits themselves are tested in the database suite.
  const server = await startServerProcess(dataDir, {
    AUTH_SENSITIVE_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_MAX: '100000',
    IDENTITY_RATE_LIMIT_MAX: '100000',
    API_RATE_LIMIT_MAX: '100000',
    IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'false',
    SEED_DEMO_MATCHES: 'false',
    NOTIFICATION_MAIL_DELAY_S: '3',
    NOTIFICATION_MAIL_SWEEP_S: '1',
  });
  try {
    await waitForHealth(server);
  } catch (err) {
    server.child.kill('SIGKILL');
    throw err;
  }
  const inbox = /Dev inbox:\s+(\S+)/.exec(server.output())?.[1];
  if (!inbox) throw new Error(`the server did not print its dev inbox URL\n${server.output()}`);
  project.provide('baseUrl', server.baseUrl);
  project.provide('inboxUrl', inbox);
  project.provide('databaseUrl', server.databaseUrl);
  // Fresh for each run, as the server's data is: a slot is the run's, not the machine's.
  const slotClaimsDir = mkdtempSync(join(tmpdir(), 'trailbuddy-e2e-slots-'));
  project.provide('slotClaimsDir', slotClaimsDir);

  return async () => {
    await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(slotClaimsDir, { recursive: true, force: true });
  };
}
