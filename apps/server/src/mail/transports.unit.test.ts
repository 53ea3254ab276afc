// EmailJS is a third-party service that cannot run here, so a local node:http server stands
// in for its REST API: it records each request and answers with the status a test chooses.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, createTestSmtpServer } from '../test/smtp-server.js';
import {
  createEmailJsTransport,
  createSmtpTransport,
  MailConfigError,
  MailSendError,
  type EmailJsConfig,
  type OutgoingMail,
} from './transports.js';

interface Recorded {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

let server: Server;
let origin: string;
let requests: Recorded[] = [];
let reply: { status: number; text: string } = { status: 200, text: 'OK' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method,
        url: req.url,
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
      });
      res.writeHead(reply.status, { 'Content-Type': 'text/plain' }).end(reply.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  reply = { status: 200, text: 'OK' };
});

const config = (over: Partial<EmailJsConfig> = {}): EmailJsConfig => ({
  origin,
  serviceId: 'service_tb',
  publicKey: 'pk_public',
  templateGeneral: 'template_general',
  templateMatch: 'template_match',
  ...over,
});

const welcome: OutgoingMail = {
  to: 'ana@example.com',
  template: 'welcome',
  params: { to_email: 'ana@example.com', to_name: 'Ana' },
  idempotencyKey: 'welcome:u1',
  subject: 'Welcome to TrailBuddy, Ana!',
  html: '<p>Hi Ana,</p>',
  text: 'Hi Ana,',
};

describe('EmailJS transport', () => {
  it('POSTs the SDK 4.4.1 request body to /api/v1.0/email/send', async () => {
    await createEmailJsTransport(config()).send(welcome);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toEqual({
      method: 'POST',
      url: '/api/v1.0/email/send',
      contentType: 'application/json',
      body: {
        lib_version: '4.4.1',
        user_id: 'pk_public',
        service_id: 'service_tb',
        template_id: 'template_general',
        template_params: {
          to_email: 'ana@example.com',
          to_name: 'Ana',
          subject: 'Welcome to TrailBuddy, Ana!',
          message: 'Hi Ana,',
        },
      },
    });
  });

  it('uses the match template for match-confirmed and sends the private key as accessToken', async () => {
    await createEmailJsTransport(config({ privateKey: 'sk_private' })).send({ ...welcome, template: 'match-confirmed' });
    expect(requests[0]?.body).toMatchObject({ template_id: 'template_match', accessToken: 'sk_private' });
  });

  it.each([
    [451, 'Unavailable For Headless Browser', false],
    [403, 'Forbidden', false],
    [429, 'Too Many Requests', true],
    [500, 'upstream exploded', true],
    [400, 'The template ID is invalid', false],
  ])('maps HTTP %i to "%s" (retryable: %s)', async (status, text, retryable) => {
    reply = { status, text: status === 500 || status === 400 ? text : 'server says no' };
    const err = await createEmailJsTransport(config())
      .send(welcome)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(MailSendError);
    expect(err).toMatchObject({ status, text, retryable });
  });

  it('reports a refused connection as status 0 "Network Error", retryable', async () => {
    const closedOrigin = `http://127.0.0.1:${await closedPort()}`;
    const err = await createEmailJsTransport(config({ origin: closedOrigin }))
      .send(welcome)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(MailSendError);
    expect(err).toMatchObject({ status: 0, text: 'Network Error', retryable: true });
  });

  it.each([
    [{ publicKey: undefined }, /public key is required.*EMAILJS_PUBLIC_KEY/],
    [{ serviceId: '' }, /service ID is required.*EMAILJS_SERVICE_ID/],
    [{ templateGeneral: ' ' }, /template ID is required.*EMAILJS_TEMPLATE_GENERAL/],
    [{ templateMatch: undefined }, /template ID is required.*EMAILJS_TEMPLATE_MATCH/],
  ])('refuses a configuration without %o', (over, message) => {
    expect(() => createEmailJsTransport(config(over))).toThrow(MailConfigError);
    expect(() => createEmailJsTransport(config(over))).toThrow(message);
  });

  it('refuses params that are not an object without calling the API', async () => {
    const bad = { ...welcome, params: ['x'] } as unknown as OutgoingMail;
    await expect(createEmailJsTransport(config()).send(bad)).rejects.toThrow(/params have to be an object/);
    expect(requests).toHaveLength(0);
  });
});

describe('SMTP transport', () => {
  it('delivers over SMTP with a Message-ID and X-Idempotency-Key derived from the key', async () => {
    const smtp = await createTestSmtpServer();
    await smtp.start();
    try {
      const transport = createSmtpTransport(smtp.url, 'TrailBuddy <hello@trailbuddy.app>');
      await transport.send(welcome);
      await transport.send(welcome);
      expect(smtp.received).toHaveLength(2);
      const [first, second] = smtp.received;
      expect(first?.to).toEqual(['ana@example.com']);
      expect(first?.headers['subject']).toBe('Welcome to TrailBuddy, Ana!');
      expect(first?.headers['x-idempotency-key']).toBe('welcome:u1');
      expect(first?.headers['message-id']).toMatch(/^<[0-9a-f]{32}@trailbuddy\.app>$/);
      // A retry of the same mail must look like the same message to the receiver.
      expect(second?.headers['message-id']).toBe(first?.headers['message-id']);
      expect(first?.body).toContain('Hi Ana,');
    } finally {
      await smtp.stop();
    }
  });

  it('marks a 5xx rejection permanent and a refused connection retryable', async () => {
    const rejecting = await createTestSmtpServer({ rejectRecipient: 550 });
    await rejecting.start();
    try {
      const err = await createSmtpTransport(rejecting.url, 'hello@trailbuddy.app')
        .send(welcome)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(MailSendError);
      expect(err).toMatchObject({ status: 550, retryable: false });
    } finally {
      await rejecting.stop();
    }

    const refused = await createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, 'hello@trailbuddy.app')
      .send(welcome)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(MailSendError);
    expect(refused).toMatchObject({ status: 0, retryable: true });
  });

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => createSmtpTransport('http://mail.example.com', 'a@b.c')).toThrow(/SMTP_URL must start with smtp:\/\//);
  });
});
