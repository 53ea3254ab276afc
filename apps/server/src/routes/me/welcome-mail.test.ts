import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoingMessages } from '../../db/schema/index.js';
import { silentLog } from '../../jobs/log.js';
import { startJobRunner, type JobRunner } from '../../jobs/runner.js';
import { createSmtpTransport } from '../../mail/transports.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createTestApp, signUp, validRegistration, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let smtp: TestSmtpServer;
let runner: JobRunner;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await createTestSmtpServer();
  // The job worker every server instance runs, delivering through a real SMTP server.
  runner = await startJobRunner({
    connectionString: t.database.url,
    db: t.database.db,
    log: silentLog,
    timeZone: 'Europe/Lisbon',
    mail: createSmtpTransport(smtp.url, 'TrailBuddy <hello@trailbuddy.app>', { timeoutMs: 2000 }),
    schedule: false,
    pollIntervalMs: 200,
  });
});
afterAll(async () => {
  await runner.stop();
  await smtp.stop();
  await t.close();
});

const ledgerOf = async (key: string) =>
  (
    await t.database.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.channel, 'mail'), eq(outgoingMessages.idempotencyKey, key)))
  )[0];

async function register(email: string, name: string, fullName: string) {
  const user = await signUp(t, email, 'secret123', name);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/me/registration',
    headers: { cookie: user.cookie },
    payload: { ...validRegistration(), fullName },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().registrationComplete).toBe(true);
  return user;
}

const welcomesTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && /welcome/i.test(m.headers.subject ?? ''));

describe('the welcome mail (registration → job queue → SMTP)', () => {
  it('arrives with the right fields through a real SMTP server', async () => {
    await smtp.start();
    await register('welcome@example.com', 'Wendy', 'Wendy Walker');
    await expect.poll(() => welcomesTo('welcome@example.com').length, { timeout: 5000 }).toBe(1);
    expect(welcomesTo('welcome@example.com')[0]!.body).toContain('Wendy Walker');
    await smtp.stop();
  });

  it('does not block registration when SMTP is down, and is delivered exactly once when it is back', async () => {
    const user = await register('offline@example.com', 'Otto', 'Otto Offline');
    const key = `welcome:${user.id}`;
    // The first attempt fails against the closed port; graphile-worker retries after e¹ s, e² s …
    await expect.poll(async () => (await ledgerOf(key))?.attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(key)).toMatchObject({ status: 'queued' });
    expect((await ledgerOf(key))?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);

    await smtp.start();
    await expect.poll(async () => (await ledgerOf(key))?.status, { timeout: 20_000, interval: 100 }).toBe('sent');
    // A moment more: no second copy follows.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const offline = welcomesTo('offline@example.com');
    expect(offline).toHaveLength(1);
    expect(offline[0]!.body).toContain('Otto Offline');
  }, 30_000);
});
