// Test helper (imported by tests only): a push service on this machine, and a browser subscribed to it.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { generate } from 'selfsigned';

/** One message as the push service received it, decrypted with the browser's keys. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The plaintext the browser would hand its service worker. */
  body: string;
}

/** A browser's subscription: what it sends the server (`toJSON()`), and the private half it keeps. */
export interface TestBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: string;
}

export interface TestPushEndpoint {
  /** This endpoint's self-signed certificate, for the sender to trust. */
  ca: string;
  /** Its port: on loopback, where no production push service is. */
  port: number;
  /**
   * The settings that admit this endpoint, through the same variables as the real push services
   * (ADR 0052): its loopback host names on the allow-list, and the test-only switch without which
   * a loopback address is refused.
   */
  env: { PUSH_SERVICE_HOSTS: string; PUSH_ALLOW_LOOPBACK: 'true' };
  /** A new browser subscribed at this push service (its own path, keys and secret); `host` names it another way. */
  newBrowser(host?: string): TestBrowser;
  /** What each browser's path answers from now on (default 201 Created, as push services do). */
  answer(path: string, status: number): void;
  /** Messages received for a browser, decrypted with its keys, oldest first. */
  received(browser: TestBrowser): ReceivedPush[];
  /** TCP connections made to it so far, by any sender. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A push service (RFC 8030) for tests: an HTTPS server with a self-signed certificate on a free
 * port that keeps every message it receives. Each message is decrypted (RFC 8291, aes128gcm)
 * with the private key and authentication secret of the browser it is addressed to, as the
 * browser itself would, so a test reads exactly what a service worker would be given.
 */
export async function startTestPushEndpoint(): Promise<TestPushEndpoint> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec' });
  const browsers = new Map<string, TestBrowser>();
  const answers = new Map<string, number>();
  const messages = new Map<string, ReceivedPush[]>();
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const browser = browsers.get(path);
      const status = answers.get(path) ?? (browser ? 201 : 404);
      if (browser && status === 201) {
        const body = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
        messages.set(path, [...(messages.get(path) ?? []), { path, headers: req.headers, body: body.toString('utf8') }]);
      }
      res.writeHead(status).end();
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    ca: pems.cert,
    port,
    env: { PUSH_SERVICE_HOSTS: `127.0.0.1:${port},localhost:${port}`, PUSH_ALLOW_LOOPBACK: 'true' },
    newBrowser(host = '127.0.0.1') {
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const browser = {
        subscription: { endpoint: `https://${host}:${port}${path}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } },
        ecdh,
        auth,
      };
      browsers.set(path, browser);
      return browser;
    },
    answer: (path, status) => void answers.set(path, status),
    received: (browser) => messages.get(new URL(browser.subscription.endpoint).pathname) ?? [],
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
