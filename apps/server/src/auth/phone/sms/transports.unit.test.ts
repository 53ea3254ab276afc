import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/smtp-server.js';
import { phoneCodeSms } from './queue.js';
import { createTestHttpServer, type TestHttpServer } from '../../../test/sms-http-server.js';
import { createWebhookSmsTransport, SmsSendError } from './transports.js';
import { parseEnv } from '../../../env.js';

const sms = { to: '+351912345678', body: '123456 is your TrailBuddy verification code.', idempotencyKey: 'phone-code:abc' };

describe('the SMS webhook transport (against a local HTTP server standing in for a gateway)', () => {
  let gateway: TestHttpServer;
  beforeAll(async () => {
    gateway = await createTestHttpServer();
  });
  afterAll(async () => gateway.close());
  beforeEach(() => {
    gateway.received.length = 0;
    gateway.respond = () => ({ status: 202, json: { id: 'msg-1' } });
  });

  it('POSTs {to, body, idempotencyKey} as JSON with the key and the bearer token as headers', async () => {
    await createWebhookSmsTransport({ url: `${gateway.url}/send`, token: 'tok-1' }).send(sms);
    expect(gateway.received).toHaveLength(1);
    const req = gateway.received[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/send');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['idempotency-key']).toBe('phone-code:abc');
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(JSON.parse(req.body)).toEqual(sms);
  });

  it('sends no Authorization header without a token', async () => {
    await createWebhookSmsTransport({ url: gateway.url }).send(sms);
    expect(gateway.received[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    [500, true],
    [503, true],
    [429, true],
    [408, true],
    [400, false],
    [401, false],
    [404, false],
  ])('maps a %i answer to an SmsSendError (retryable: %s) carrying the gateway text', async (status, retryable) => {
    gateway.respond = () => ({ status, text: 'gateway says no' });
    const err = await createWebhookSmsTransport({ url: gateway.url })
      .send(sms)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err).toMatchObject({ status, retryable });
    expect((err as Error).message).toContain('gateway says no');
  });

  it('reports an unreachable gateway as a retryable network error (status 0)', async () => {
    const err = await createWebhookSmsTransport({ url: `http://127.0.0.1:${await closedPort()}` })
      .send(sms)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'SmsSendError', status: 0, retryable: true });
  });

  it('refuses a webhook URL that is not http(s) with the environment, so boot fails rather than delivery', () => {
    expect(() => parseEnv({ SMS_WEBHOOK_URL: 'not a url' })).toThrow(/SMS_WEBHOOK_URL/);
    expect(() => parseEnv({ SMS_WEBHOOK_URL: 'ftp://sms.example.com' })).toThrow(/SMS_WEBHOOK_URL: must be an http\(s\) URL/);
  });
});

describe('the phone code text', () => {
  it('puts the code first and names the product, in one GSM-7 segment', () => {
    const text = phoneCodeSms('042917');
    expect(text).toBe('042917 is your TrailBuddy verification code.');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });
});
