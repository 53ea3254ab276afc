import { describe, expect, it } from 'vitest';
import { createMailTransport, MailConfigError, MailSendError, type MailTransportConfig } from './index.js';
import { closedPort } from '../test/smtp-server.js';
import type { OutgoingMail } from './transports.js';

const mail: OutgoingMail = {
  to: 'ana@example.com',
  template: 'welcome',
  params: { to_email: 'ana@example.com', to_name: 'Ana' },
  idempotencyKey: 'welcome:index',
  subject: 's',
  html: '<p>h</p>',
  text: 't',
};

const failure = (config: MailTransportConfig) =>
  createMailTransport(config)
    .send(mail)
    .then(
      () => undefined,
      (e: unknown) => e,
    );

describe('createMailTransport', () => {
  it('uses EmailJS when EMAILJS_SERVICE_ID is set, even with SMTP_URL', async () => {
    const port = await closedPort();
    const err = await failure({
      MAIL_FROM: 'hello@trailbuddy.app',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAILJS_ORIGIN: `http://127.0.0.1:${port}`,
      EMAILJS_SERVICE_ID: 'service',
      EMAILJS_PUBLIC_KEY: 'pk',
      EMAILJS_TEMPLATE_GENERAL: 'general',
      EMAILJS_TEMPLATE_MATCH: 'match',
    });
    // The EmailJS transport reports a refused connection the SDK's way.
    expect(err).toBeInstanceOf(MailSendError);
    expect(err).toMatchObject({ status: 0, text: 'Network Error' });
  });

  it('uses SMTP when only SMTP_URL is set', async () => {
    const err = await failure({
      MAIL_FROM: 'hello@trailbuddy.app',
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      EMAILJS_ORIGIN: 'https://api.emailjs.com',
    });
    expect(err).toBeInstanceOf(MailSendError);
    expect((err as MailSendError).text).not.toBe('Network Error');
    expect((err as MailSendError).message).toMatch(/ECONNREFUSED/);
  });

  it('names the missing EmailJS setting', () => {
    expect(() =>
      createMailTransport({ MAIL_FROM: 'a@b.c', EMAILJS_ORIGIN: 'https://api.emailjs.com', EMAILJS_SERVICE_ID: 'service' }),
    ).toThrow(/EMAILJS_PUBLIC_KEY/);
  });

  it('refuses to start with no transport at all', () => {
    expect(() => createMailTransport({ MAIL_FROM: 'a@b.c', EMAILJS_ORIGIN: 'https://api.emailjs.com' })).toThrow(MailConfigError);
    expect(() => createMailTransport({ MAIL_FROM: 'a@b.c', EMAILJS_ORIGIN: 'https://api.emailjs.com' })).toThrow(/SMTP_URL/);
  });
});
