import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { silentLog } from '../../jobs/log.js';
import { createSmtpTransport } from '../../mail/transports.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { deliverDueMail } from '../../mail/worker.js';
import { createTestApp, signUp, validRegistration, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await createTestSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
  await t.close();
});

describe('the welcome mail (registration → outbox → SMTP)', () => {
  it('arrives with the right fields through a real SMTP server', async () => {
    await smtp.start();
    const user = await signUp(t, 'welcome@example.com', 'secret123', 'Wendy');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/registration',
      headers: { cookie: user.cookie },
      payload: { ...validRegistration(), fullName: 'Wendy Walker' },
    });
    expect(res.statusCode).toBe(200);
    const transport = createSmtpTransport(smtp.url, 'TrailBuddy <hello@trailbuddy.app>');
    await deliverDueMail({ db: t.database.db, transport, log: silentLog });
    const welcome = smtp.received.filter((m) => m.to.includes('welcome@example.com') && /welcome/i.test(m.headers.subject ?? ''));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.body).toContain('Wendy Walker');
    await smtp.stop();
  });

  it('does not block registration when SMTP is down, and is delivered exactly once when it is back', async () => {
    const received = smtp.received.length;
    const user = await signUp(t, 'offline@example.com', 'secret123', 'Otto');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/registration',
      headers: { cookie: user.cookie },
      payload: { ...validRegistration(), fullName: 'Otto Offline' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().registrationComplete).toBe(true);

    const transport = createSmtpTransport(smtp.url, 'TrailBuddy <hello@trailbuddy.app>', { timeoutMs: 2000 });
    let clock = new Date();
    const down = await deliverDueMail({ db: t.database.db, transport, log: silentLog, now: () => clock });
    expect(down.sent).toBe(0);
    expect(down.retried).toBeGreaterThan(0);
    const [pending] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `welcome:${user.id}`));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });

    await smtp.start();
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    await deliverDueMail({ db: t.database.db, transport, log: silentLog, now: () => clock });
    await deliverDueMail({ db: t.database.db, transport, log: silentLog, now: () => clock });
    const offline = smtp.received.slice(received).filter((m) => m.to.includes('offline@example.com') && m.body.includes('Otto Offline'));
    expect(offline).toHaveLength(1);
    const [sent] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `welcome:${user.id}`));
    expect(sent).toMatchObject({ status: 'sent' });
  });
});
