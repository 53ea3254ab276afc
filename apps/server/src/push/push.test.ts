import type { PushPayload } from '@trailbuddy/shared/contracts/push';
import { eq, sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, pushSubscriptions } from '../db/schema/index.js';
import { notify } from '../notifications/notify.js';
import { loadPreferences, savePreferences } from '../notifications/preferences.js';
import { TASKS } from '../jobs/queue.js';
import type { VapidKeys } from '../secret.js';
import { startTestPushEndpoint, type TestBrowser, type TestPushEndpoint } from '../test/push-endpoint.js';
import { queuedJobs, runDueJobs } from '../test/queued-jobs.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../test/test-app.js';
import { pushEndpointPolicy, type Resolver } from './endpoints.js';
import { enqueuePush, PUSH_MAX_ATTEMPTS, type PushJob } from './queue.js';
import { createPushSender, PUSH_TTL_SECONDS, type PushSender } from './send.js';

let t: TestApp;
let endpoint: TestPushEndpoint;
let sender: PushSender;
let ana: TestUser;
let rui: TestUser;
const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:hello@trailbuddy.app' };

const payload: PushPayload = {
  title: 'Rui invited you',
  body: 'Arrábida Ridge, Saturday 10:00',
  url: '/matches/pending',
  tag: 'invitation-received:0b9f3c52',
};

beforeAll(async () => {
  // One local push service for the file: every browser has a path of its own on it.
  endpoint = await startTestPushEndpoint();
  t = await createTestApp(endpoint.env, {});
  ana = await signUp(t, 'ana@example.com');
  rui = await signUp(t, 'rui@example.com');
});
afterAll(async () => {
  await t.close();
  await endpoint.close();
});
beforeEach(async () => {
  await t.database.db.delete(pushSubscriptions);
  await t.database.db.execute(sql`DELETE FROM graphile_worker._private_jobs`);
  sender = createPushSender({ vapid, endpoints: pushEndpointPolicy(t.env), ca: endpoint.ca, timeoutMs: 5000 });
});

/** Subscribes a new browser for the person through the real route, as the web app does. */
async function subscribedBrowser(user: TestUser): Promise<TestBrowser> {
  const browser = endpoint.newBrowser();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: user.cookie },
    payload: browser.subscription,
  });
  expect(res.statusCode).toBe(204);
  return browser;
}

const deliver = () => runDueJobs(t.database.url, { db: t.database.db, push: sender });
const subscriptionCount = async () => (await t.database.db.select().from(pushSubscriptions)).length;

/** The VAPID public key (65-byte uncompressed P-256 point) as the JWK jose verifies with. */
function vapidJwk(publicKey: string) {
  const point = Buffer.from(publicKey, 'base64url');
  return { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
}

describe('sending a push', () => {
  it('delivers the payload encrypted for the browser, signed with our VAPID key for the push service', async () => {
    const browser = await subscribedBrowser(ana);
    await expect(t.database.db.transaction((tx) => enqueuePush(tx, ana.id, payload))).resolves.toBe(1);
    await deliver();

    const [message, ...more] = endpoint.received(browser);
    expect(more).toEqual([]);
    expect(JSON.parse(message!.body)).toEqual(payload);
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(message!.headers.topic).toBe('invitation-received_0b9f3c52');

    // RFC 8292: `vapid t=<JWT signed with our private key>, k=<our public key>`.
    const authorization = String(message!.headers.authorization);
    const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(authorization);
    expect(match, authorization).not.toBeNull();
    expect(match![2]).toBe(vapid.publicKey);
    const origin = new URL(browser.subscription.endpoint).origin;
    const { payload: claims, protectedHeader } = await jwtVerify(match![1]!, await importJWK(vapidJwk(vapid.publicKey), 'ES256'), {
      audience: origin,
      subject: vapid.subject,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
  });

  it('a key that is not ours fails the signature check (the check above can fail)', async () => {
    const browser = await subscribedBrowser(ana);
    await enqueuePush(t.database.db, ana.id, payload);
    await deliver();
    const token = /t=([^,]+)/.exec(String(endpoint.received(browser)[0]!.headers.authorization))![1]!;
    const other = webpush.generateVAPIDKeys().publicKey;
    await expect(jwtVerify(token, await importJWK(vapidJwk(other), 'ES256'))).rejects.toThrow(/signature/);
  });

  it('reaches every browser of the recipient once, and nobody else', async () => {
    const phone = await subscribedBrowser(ana);
    const laptop = await subscribedBrowser(ana);
    const ruis = await subscribedBrowser(rui);
    await enqueuePush(t.database.db, ana.id, payload);
    await deliver();
    expect(endpoint.received(phone).map((m) => JSON.parse(m.body))).toEqual([payload]);
    expect(endpoint.received(laptop).map((m) => JSON.parse(m.body))).toEqual([payload]);
    expect(endpoint.received(ruis)).toEqual([]);
  });

  it('commits with the business transaction: a rolled-back change pushes nothing', async () => {
    const browser = await subscribedBrowser(ana);
    await t.database.db
      .transaction(async (tx) => {
        await enqueuePush(tx, ana.id, payload);
        throw new Error('business write failed');
      })
      .catch(() => undefined);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
    await deliver();
    expect(endpoint.received(browser)).toEqual([]);
  });

  it('queues nothing for a person without a subscribed browser', async () => {
    await expect(enqueuePush(t.database.db, rui.id, payload)).resolves.toBe(0);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
  });

  it('holds a message back until runAt (quiet hours)', async () => {
    const browser = await subscribedBrowser(ana);
    const later = new Date(Date.now() + 60 * 60_000);
    await enqueuePush(t.database.db, ana.id, payload, { runAt: later });
    await deliver();
    expect(endpoint.received(browser)).toEqual([]);
    const [job] = await queuedJobs<PushJob>(t.database.db, TASKS.sendPush);
    expect(job!.runAt.getTime()).toBe(later.getTime());
  });
});

describe('expired subscriptions', () => {
  it.each([404, 410])('a push service answering %i removes the subscription and ends the job', async (status) => {
    const gone = await subscribedBrowser(ana);
    const kept = await subscribedBrowser(ana);
    endpoint.answer(new URL(gone.subscription.endpoint).pathname, status);
    await enqueuePush(t.database.db, ana.id, payload);
    await deliver();
    const endpoints = (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.id))).map(
      (s) => s.endpoint,
    );
    expect(endpoints).toEqual([kept.subscription.endpoint]);
    expect(endpoint.received(kept)).toHaveLength(1);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
  });

  it('a push service in trouble (503) keeps the subscription and retries the job later', async () => {
    const browser = await subscribedBrowser(ana);
    const path = new URL(browser.subscription.endpoint).pathname;
    endpoint.answer(path, 503);
    await enqueuePush(t.database.db, ana.id, payload);
    await deliver();
    const [job] = await queuedJobs(t.database.db, TASKS.sendPush);
    expect(job).toMatchObject({ attempts: 1 });
    expect(job!.lastError).toMatch(/503/);
    expect(await subscriptionCount()).toBe(1);

    endpoint.answer(path, 201);
    await t.database.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now()`);
    await deliver();
    expect(endpoint.received(browser).map((m) => JSON.parse(m.body))).toEqual([payload]);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
  });

  it('gives up after the last attempt, as mail and SMS do: the job ends, the subscription stays', async () => {
    const browser = await subscribedBrowser(ana);
    endpoint.answer(new URL(browser.subscription.endpoint).pathname, 503);
    await enqueuePush(t.database.db, ana.id, payload);
    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt++) {
      await t.database.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now()`);
      await deliver();
    }
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
    expect(await subscriptionCount()).toBe(1);
  });

  it('a refusal that waiting will not change (403: not our key) is dropped, the subscription kept', async () => {
    const browser = await subscribedBrowser(ana);
    endpoint.answer(new URL(browser.subscription.endpoint).pathname, 403);
    await enqueuePush(t.database.db, ana.id, payload);
    await deliver();
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
    expect(await subscriptionCount()).toBe(1);
  });

  it('a subscription removed after the job was queued sends nothing', async () => {
    const browser = await subscribedBrowser(ana);
    await enqueuePush(t.database.db, ana.id, payload);
    await t.database.db.delete(pushSubscriptions);
    await deliver();
    expect(endpoint.received(browser)).toEqual([]);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
  });
});

describe('the push channel of notify()', () => {
  const notifyAna = (now?: Date) =>
    t.database.db.transaction((tx) => notify(tx, { recipientId: ana.id, kind: 'request-received', actorId: rui.id, now }));
  const latestNotification = async () =>
    (await t.database.db.select().from(notifications).where(eq(notifications.recipientId, ana.id))).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    )[0]!;
  const setPreferences = async (patch: object) =>
    savePreferences(t.database.db, ana.id, { ...(await loadPreferences(t.database.db, ana.id)), ...patch });

  beforeEach(async () => {
    await setPreferences({ channels: {}, quietHours: null, timeZone: 'UTC' });
  });

  it('pushes the notification’s own texts to the recipient’s browsers, opening the notification', async () => {
    const browser = await subscribedBrowser(ana);
    await notifyAna();
    await deliver();
    const { id } = await latestNotification();
    const [message] = endpoint.received(browser);
    expect(JSON.parse(message!.body)).toEqual({
      title: 'New buddy request',
      body: expect.stringContaining('wants to hike'),
      url: `/notifications/${id}`,
      tag: `request-received:${id}`,
    });
  });

  it('pushes nothing when the person turned push off for the kind (the notification is still created)', async () => {
    const browser = await subscribedBrowser(ana);
    await setPreferences({ channels: { 'request-received': { push: false } } });
    await notifyAna();
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
    await deliver();
    expect(endpoint.received(browser)).toEqual([]);
    expect((await latestNotification()).kind).toBe('request-received');
  });

  it('pushes nothing in the person’s quiet hours', async () => {
    await subscribedBrowser(ana);
    await setPreferences({ quietHours: { start: '22:00', end: '07:00' } });
    await notifyAna(new Date('2026-11-25T23:30:00Z'));
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
    await notifyAna(new Date('2026-11-25T12:00:00Z'));
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toHaveLength(1);
  });

  it('rolls back with the change: no push for a notification that never was', async () => {
    await subscribedBrowser(ana);
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, { recipientId: ana.id, kind: 'request-received', actorId: rui.id });
        throw new Error('business write failed');
      })
      .catch(() => undefined);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
  });
});

describe('endpoints the sender will not connect to (issue 22, finding 1)', () => {
  /** A hostile DNS: every name resolves to what the test says. */
  const resolvingTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  /** A subscription row as one stored before the rule (or while the allow-list was wider) would be. */
  async function storedSubscription(endpointUrl: string, keysOf: TestBrowser = endpoint.newBrowser()) {
    const [row] = await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: ana.id, endpoint: endpointUrl, p256dh: keysOf.subscription.keys.p256dh, auth: keysOf.subscription.keys.auth })
      .returning();
    return row!;
  }

  it.each([
    ['a private address', '10.0.0.5'],
    ['the cloud metadata address (link-local)', '169.254.169.254'],
    ['an IPv6 link-local address', 'fe80::1'],
    ['an IPv6 unique-local address', 'fd00::5'],
    ['the unspecified address', '0.0.0.0'],
    ['loopback as an IPv4-mapped IPv6 address, without the test switch', '::ffff:127.0.0.1'],
    ['a public address beside a private one', '93.184.216.34,10.0.0.5'],
  ])('refuses a push service name that resolves to %s: no connection, the subscription removed, no retry', async (_what, answer) => {
    const refusing = createPushSender({
      vapid,
      endpoints: { hosts: [`push.example.test:${endpoint.port}`], allowLoopback: false },
      ca: endpoint.ca,
      resolve: resolvingTo(...answer.split(',')),
    });
    const before = endpoint.connections();
    const row = await storedSubscription(`https://push.example.test:${endpoint.port}/push/hostile`);
    await enqueuePush(t.database.db, ana.id, payload);
    await runDueJobs(t.database.url, { db: t.database.db, push: refusing });
    expect(endpoint.connections()).toBe(before);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.id))).toEqual([]);
    expect(await queuedJobs(t.database.db, TASKS.sendPush)).toEqual([]);
  });

  it('connects to the address it checked: a name no real DNS knows reaches the stand-in only through the guarded lookup', async () => {
    let lookups = 0;
    const pinned = createPushSender({
      vapid,
      endpoints: { hosts: [`rebind.example.test:${endpoint.port}`], allowLoopback: true },
      ca: endpoint.ca,
      resolve: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const browser = endpoint.newBrowser('localhost');
    const target = {
      ...browser.subscription.keys,
      endpoint: `https://rebind.example.test:${endpoint.port}${new URL(browser.subscription.endpoint).pathname}`,
    };
    const before = endpoint.connections();
    // The certificate names localhost, so the TLS check fails after the connection: what matters is where it went.
    await expect(pinned.send(target, payload)).rejects.toThrow();
    expect(lookups).toBe(1);
    expect(endpoint.connections()).toBe(before + 1);
  });

  it('refuses loopback through the system resolver unless the test switch is on', async () => {
    const browser = endpoint.newBrowser('localhost');
    const target = { endpoint: browser.subscription.endpoint, ...browser.subscription.keys };
    const hosts = [`localhost:${endpoint.port}`];
    const strict = createPushSender({ vapid, endpoints: { hosts, allowLoopback: false }, ca: endpoint.ca });
    const before = endpoint.connections();
    await expect(strict.send(target, payload)).resolves.toBe('refused');
    expect(endpoint.connections()).toBe(before);
    const testing = createPushSender({ vapid, endpoints: { hosts, allowLoopback: true }, ca: endpoint.ca });
    await expect(testing.send(target, payload)).resolves.toBe('sent');
    expect(endpoint.received(browser).map((m) => JSON.parse(m.body))).toEqual([payload]);
  });

  it('re-checks a stored endpoint at send time: a host off the list, credentials or an IP literal are never contacted', async () => {
    const strict = createPushSender({ vapid, endpoints: { hosts: [`127.0.0.1:${endpoint.port}`], allowLoopback: false }, ca: endpoint.ca });
    const before = endpoint.connections();
    for (const url of [
      `https://127.0.0.1:${endpoint.port}/push/literal`,
      `https://user:pass@127.0.0.1:${endpoint.port}/push/credentials`,
      'https://evil.example/push/off-the-list',
    ]) {
      const browser = endpoint.newBrowser();
      await expect(strict.send({ endpoint: url, ...browser.subscription.keys }, payload), url).resolves.toBe('refused');
    }
    expect(endpoint.connections()).toBe(before);
  });
});
