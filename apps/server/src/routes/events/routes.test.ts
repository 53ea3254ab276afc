import { request, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Database } from '../../db/client.js';
import { liveEvents } from '../../db/schema/events.js';
import { createEventHub } from '../../events/hub.js';
import { pruneLiveEvents } from '../../events/prune.js';
import { publishEvent } from '../../events/publish.js';
import type { EventHub, LiveEvent, LiveEventInput } from '../../events/types.js';
import { silentLog } from '../../jobs/log.js';
import { errorsPlugin } from '../../plugins/errors.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import { parseEnv } from '../../env.js';
import { identitySettings } from '../../auth/settings.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { RouteDeps } from '../types.js';
import { createTrailListCache } from '../../trails/trail-list-cache.js';
import { eventRoutesWith } from './routes.js';
import { connectSse, type SseConnection } from '../../test/sse-client.js';

// Two instances on one database, each with its own hub, serving real HTTP.
let database: TestDatabase;
let publisher: Database;
let hubA: EventHub & { ready: Promise<void> };
let hubB: EventHub & { ready: Promise<void> };
let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let alice: TestUser;
let bob: TestUser;
const streams: SseConnection[] = [];
const subscribedA = new Map<string, number>();
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // Instance A's own pool, so an event crosses from one instance's connection to the other's hub.
  publisher = connectDatabase(database.url, { max: 2 });
  hubA = createEventHub({
    connectionString: database.url,
    db: database.db,
    log: silentLog,
    applicationName: 'sse-test-hub-a',
    reconnectDelayMs: 20,
  });
  hubB = createEventHub({
    connectionString: database.url,
    db: database.db,
    log: silentLog,
    applicationName: 'sse-test-hub-b',
    reconnectDelayMs: 20,
  });
  await Promise.all([hubA.ready, hubB.ready]);
  a = await createTestApp({}, { database, events: counting(hubA, subscribedA) });
  b = await createTestApp({}, { database, events: hubB });
  urlA = `${await a.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
  urlB = `${await b.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
  alice = await signUp(a, 'alice@example.com');
  bob = await signUp(a, 'bob@example.com');
});

afterAll(async () => {
  for (const s of streams) s.close();
  for (const cleanup of cleanups) await cleanup();
  await a?.close();
  await b?.close();
  await hubA?.close();
  await hubB?.close();
  await publisher?.close();
  await database?.close();
});

/** Wraps a hub to count its live subscriptions per user: what a closed stream must give back. */
function counting(hub: EventHub, active: Map<string, number>): EventHub {
  return {
    subscribe(userId, listener) {
      active.set(userId, (active.get(userId) ?? 0) + 1);
      const unsubscribe = hub.subscribe(userId, listener);
      let done = false;
      return () => {
        if (!done) active.set(userId, (active.get(userId) ?? 0) - 1);
        done = true;
        unsubscribe();
      };
    },
    subscribeBroadcast: (name, listener) => hub.subscribeBroadcast(name, listener),
    onGap: (listener) => hub.onGap(listener),
    close: () => hub.close(),
  };
}

async function open(url: string, user: TestUser, opts: { lastEventId?: string | number; query?: string } = {}) {
  const s = await connectSse(opts.query ? `${url}?${opts.query}` : url, { cookie: user.cookie, lastEventId: opts.lastEventId });
  streams.push(s);
  return s;
}

const publish = (event: LiveEventInput) => publishEvent(publisher.db, event);
/** Payloads told apart by their id, so a test can check which event arrived. */
const match = (matchId: string) => ({ matchId, status: 'pending' as const });
const trail = (trailId: string) => ({ trailId });
const forUser = (user: TestUser, matchId = 'm'): LiveEventInput => ({
  type: 'match.changed',
  audience: [user.id],
  payload: match(matchId),
});
const broadcast = (trailId = 't'): LiveEventInput => ({ type: 'trail.created', audience: null, payload: trail(trailId) });

/** The stream's next event, checked to be exactly `id` (nothing else came before it). */
async function expectNext(s: SseConnection, id: number, data?: unknown) {
  const e = await s.next();
  expect(e.id).toBe(String(id));
  if (data !== undefined) expect(e.data).toEqual(data);
  return e;
}

describe('GET /api/events', () => {
  it('gives visitors the public events only (trails), never anyone’s match events', async () => {
    const visitor = await connectSse(urlA);
    expect(visitor.status).toBe(200);
    const sa = await open(urlA, alice);
    const mine = await publish(forUser(alice, 'private'));
    const all = await publish(broadcast('t-public'));
    await expectNext(sa, mine);
    // The visitor's first event is the broadcast: Alice's match event never reached it.
    await expectNext(visitor, all, trail('t-public'));
    visitor.close();
    sa.close();

    // Nor does a visitor's replay include it.
    const replayed = await connectSse(urlA, { lastEventId: String(mine - 1) });
    await expectNext(replayed, all);
    replayed.close();
  });

  it('opens an event stream with the SSE headers and a retry hint', async () => {
    const s = await open(urlA, alice);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    const id = await publish(forUser(alice));
    await expectNext(s, id);
    expect(s.retryMs).toBe(3000);
    s.close();
  });

  it("sends a user's event to that user only, and a broadcast to everyone", async () => {
    const sa = await open(urlA, alice);
    const sb = await open(urlA, bob);
    const mine = await publish(forUser(alice, 'm1'));
    const all = await publish(broadcast('t1'));

    const first = await expectNext(sa, mine, match('m1'));
    expect(first.type).toBe('match.changed');
    expect((await expectNext(sa, all, trail('t1'))).type).toBe('trail.created');
    // Bob's first event is the broadcast published after Alice's: hers never reached him.
    await expectNext(sb, all, trail('t1'));
    sa.close();
    sb.close();
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    const s = await open(urlA, alice);
    await expect(
      publisher.db.transaction(async (tx) => {
        await publishEvent(tx, forUser(alice, 'rolled-back'));
        throw new Error('the match write failed');
      }),
    ).rejects.toThrow('the match write failed');
    const committed = await publish(forUser(alice, 'committed'));
    await expectNext(s, committed, match('committed'));
    s.close();
  });

  it('reaches a stream held by another instance', async () => {
    const onB = await open(urlB, alice);
    const onA = await open(urlA, alice);
    const id = await publish(forUser(alice, 'crossed'));
    await expectNext(onB, id, match('crossed'));
    await expectNext(onA, id, match('crossed'));
    onA.close();
    onB.close();
  });

  it('is documented in OpenAPI as text/event-stream', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, { get?: { responses: Record<string, { content?: object }> } }> };
    expect(Object.keys(doc.paths['/api/events']?.get?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });

  it('is not served by an instance without a hub', async () => {
    const plain = await createTestApp({}, { database });
    cleanups.push(() => plain.close());
    const res = await plain.app.inject({ method: 'GET', url: '/api/events', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(404);
  });

  it('unsubscribes when the client goes away', async () => {
    const subscribed = () => subscribedA.get(alice.id) ?? 0;
    await vi.waitFor(() => expect(subscribed()).toBe(0));
    const s = await open(urlA, alice);
    expect(subscribed()).toBe(1);
    s.close();
    await vi.waitFor(() => expect(subscribed()).toBe(0));
  });
});

describe('Last-Event-ID', () => {
  it("replays exactly the user's missed events in order, then continues live", async () => {
    const seen = await publish(forUser(alice));
    const e1 = await publish(forUser(alice, 'n1'));
    await publish(forUser(bob, 'n2'));
    const e3 = await publish(broadcast('n3'));
    const e4 = await publish({ type: 'match.changed', audience: [bob.id, alice.id], payload: match('n4') });

    const s = await open(urlA, alice, { lastEventId: seen });
    await expectNext(s, e1, match('n1'));
    await expectNext(s, e3, trail('n3'));
    await expectNext(s, e4, match('n4'));
    const live = await publish(forUser(alice, 'n5'));
    await expectNext(s, live, match('n5'));
    s.close();
  });

  it('accepts ?lastEventId= for clients that cannot set headers; the header wins', async () => {
    const seen = await publish(broadcast());
    const e1 = await publish(forUser(bob, 'n1'));
    const e2 = await publish(forUser(bob, 'n2'));

    const byQuery = await open(urlB, bob, { query: `lastEventId=${seen}` });
    await expectNext(byQuery, e1);
    await expectNext(byQuery, e2);
    // EventSource keeps its first URL and sends the newer position as a header on reconnect.
    const both = await open(urlB, bob, { query: `lastEventId=${seen}`, lastEventId: e1 });
    await expectNext(both, e2);
    const marker = await publish(forUser(bob));
    await expectNext(byQuery, marker);
    await expectNext(both, marker);
    byQuery.close();
    both.close();
  });

  it('sends resync, with the latest id, when there are more missed events than it replays', async () => {
    const seen = await publish(broadcast());
    await database.db
      .insert(liveEvents)
      .values(Array.from({ length: 501 }, (_, n) => ({ type: 'trail.changed', audience: null, payload: trail(`n${n}`) })));
    const latest = await publish(forUser(bob));

    const s = await open(urlA, alice, { lastEventId: seen });
    const e = await s.next();
    expect(e).toMatchObject({ type: 'resync', id: String(latest), data: {} });
    // Exactly 500 for Alice (the latest event is Bob's) are still replayed, all of them.
    const s500 = await open(urlA, alice, { lastEventId: seen + 1 });
    await vi.waitFor(() => expect(s500.events).toHaveLength(500));
    expect(s500.events.map((e) => Number(e.id))).toEqual(Array.from({ length: 500 }, (_, i) => seen + 2 + i));
    s.close();
    s500.close();
  });

  it('sends resync when the missed events were pruned, and replays when none were', async () => {
    const old = await publish(forUser(alice));
    const pruned = await publish(forUser(alice));
    await pruneLiveEvents(database.db, { olderThan: new Date(Date.now() + 60_000) });
    const kept = await publish(forUser(alice, 'kept'));

    const tooOld = await open(urlA, alice, { lastEventId: old });
    expect(await tooOld.next()).toMatchObject({ type: 'resync', id: String(kept) });
    // Everything after `pruned` is still there: a plain replay.
    const upToDate = await open(urlA, alice, { lastEventId: pruned });
    await expectNext(upToDate, kept, match('kept'));
    tooOld.close();
    upToDate.close();
  });

  it('sends resync for an id this database never issued or cannot read', async () => {
    const latest = await publish(broadcast());
    const future = await open(urlA, alice, { lastEventId: latest + 1000 });
    expect(await future.next()).toMatchObject({ type: 'resync', id: String(latest) });
    const garbage = await open(urlA, alice, { lastEventId: 'not-an-id' });
    expect(await garbage.next()).toMatchObject({ type: 'resync', id: String(latest) });
    future.close();
    garbage.close();
  });
});

describe('hub reconnect', () => {
  it("sends resync on the instance's streams after its LISTEN connection dropped, then keeps delivering", async () => {
    const onA = await open(urlA, alice);
    const onB = await open(urlB, alice);
    const before = await publish(forUser(alice));
    await expectNext(onA, before);
    await expectNext(onB, before);

    const { rows } = await database.db.execute<{ terminated: boolean }>(
      sql`SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = 'sse-test-hub-a' AND datname = current_database()`,
    );
    expect(rows).toEqual([{ terminated: true }]);

    expect(await onA.next(undefined, 10_000)).toMatchObject({ type: 'resync', id: String(before), data: {} });
    const after = await publish(forUser(alice, 'after-reconnect'));
    await expectNext(onA, after, match('after-reconnect'));
    // Instance B's hub never lost anything, so its stream saw no resync.
    await expectNext(onB, after);
    onA.close();
    onB.close();
  });
});

describe('stream caps', () => {
  const PER_ACCOUNT = 3;
  const PER_ADDRESS = 2;
  let capped: TestApp;
  let url: string;
  let carol: TestUser;
  let dave: TestUser;

  beforeAll(async () => {
    // Behind a trusted proxy, so visitors' addresses can be told apart by X-Forwarded-For.
    capped = await createTestApp(
      { LIVE_STREAMS_PER_ACCOUNT: String(PER_ACCOUNT), LIVE_STREAMS_PER_VISITOR_ADDRESS: String(PER_ADDRESS), TRUST_PROXY: 'true' },
      { database, events: hubA },
    );
    cleanups.push(() => capped.close());
    url = `${await capped.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
    carol = await signUp(capped, 'carol@example.com');
    dave = await signUp(capped, 'dave@example.com');
  });

  const visitor = async (address: string) => {
    const s = await connectSse(url, { headers: { 'x-forwarded-for': address } });
    streams.push(s);
    return s;
  };

  /** The stream was told it was replaced, then ended by the server; nothing came after. */
  async function expectReplaced(s: SseConnection, reason: string, limit: number) {
    expect(await s.next('replaced')).toMatchObject({ id: null, data: { reason, limit } });
    await s.ended;
    expect(s.events.at(-1)?.type).toBe('replaced');
  }

  it("closes an account's oldest stream with `replaced` when one more opens; the others and other accounts keep theirs", async () => {
    const first = await open(url, carol);
    const kept = [await open(url, carol), await open(url, carol)];
    const daves = await open(url, dave);
    kept.push(await open(url, carol));

    await expectReplaced(first, 'account-stream-limit', PER_ACCOUNT);
    const forCarol = await publish(forUser(carol, 'after-cap'));
    for (const s of kept) await expectNext(s, forCarol, match('after-cap'));
    const forDave = await publish(forUser(dave, 'dave'));
    await expectNext(daves, forDave, match('dave'));
    for (const s of [...kept, daves]) s.close();
  });

  it('keeps only the newest streams when an account opens many at once', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => open(url, dave)));
    // Which ones survive depends on the order they opened in; how many does not.
    await vi.waitFor(() => expect(burst.filter((s) => s.events.some((e) => e.type === 'replaced'))).toHaveLength(12 - PER_ACCOUNT));
    const survivors = burst.filter((s) => !s.events.some((e) => e.type === 'replaced'));
    const id = await publish(forUser(dave, 'burst'));
    for (const s of survivors) await expectNext(s, id, match('burst'));
    for (const s of burst) s.close();
  });

  it("caps visitors' streams per address, leaving other addresses and signed-in users alone", async () => {
    const first = await visitor('203.0.113.7');
    const second = await visitor('203.0.113.7');
    const elsewhere = await visitor('198.51.100.1');
    // Signed in from the same address: counted against the account, not the address.
    const member = await connectSse(url, { cookie: carol.cookie, headers: { 'x-forwarded-for': '203.0.113.7' } });
    streams.push(member);
    const third = await visitor('203.0.113.7');

    await expectReplaced(first, 'address-stream-limit', PER_ADDRESS);
    const id = await publish(broadcast('after-address-cap'));
    for (const s of [second, third, elsewhere, member]) await expectNext(s, id, trail('after-address-cap'));
    for (const s of [second, third, elsewhere, member]) s.close();
  });
});

describe('an instance with a short heartbeat and a small buffer', () => {
  /** An in-memory hub: the test decides what is delivered and sees who is subscribed. */
  function fakeHub() {
    const listeners = new Map<string, Set<(e: LiveEvent) => void>>();
    const subscribed: ((userId: string) => void)[] = [];
    const hub: EventHub = {
      subscribe(userId, listener) {
        const set = listeners.get(userId) ?? new Set();
        listeners.set(userId, set.add(listener));
        for (const f of subscribed) f(userId);
        return () => void set.delete(listener);
      },
      subscribeBroadcast: () => () => undefined,
      onGap: () => () => undefined,
      close: async () => undefined,
    };
    const emit = (userId: string, event: LiveEvent) => {
      for (const l of [...(listeners.get(userId) ?? [])]) l(event);
    };
    return { hub, emit, subscribed, count: (userId: string) => listeners.get(userId)?.size ?? 0 };
  }

  let mini: FastifyInstance;
  let url: string;
  const fake = fakeHub();

  beforeAll(async () => {
    const storageDir = mkdtempSync(join(tmpdir(), 'trailbuddy-sse-test-'));
    cleanups.push(async () => rmSync(storageDir, { recursive: true, force: true }));
    mini = Fastify({ forceCloseConnections: true });
    cleanups.push(() => mini.close());
    mini.setValidatorCompiler(validatorCompiler);
    mini.setSerializerCompiler(serializerCompiler);
    // A stand-in session: the x-user header names the signed-in user.
    mini.decorateRequest('sessionUser', async function (this: { headers: Record<string, unknown> }) {
      const id = this.headers['x-user'];
      return typeof id === 'string'
        ? { id, email: `${id}@example.com`, name: id, emailVerified: true, isAnonymous: false, sessionCreatedAt: new Date() }
        : null;
    });
    await mini.register(errorsPlugin);
    const deps: RouteDeps = {
      db: database.db,
      storage: createLocalStorage(storageDir),
      adminEmails: [],
      uploadMaxBytes: 1024,
      uploadMaxPixels: 1_000_000,
      timeZone: 'UTC',
      now: () => new Date(),
      events: fake.hub,
      trailList: createTrailListCache(database.db, fake.hub),
      identity: identitySettings(parseEnv({ NODE_ENV: 'test' }), 'test-secret-that-is-at-least-32-characters-long'),
      notifications: { unsubscribeKey: Buffer.alloc(32) },
    };
    await mini.register(async (scope) => eventRoutesWith({ heartbeatMs: 50, maxBufferedBytes: 64 * 1024 })(scope, deps));
    url = `${await mini.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
  });

  it('sends heartbeat comments', async () => {
    const s = await connectSse(url, { headers: { 'x-user': 'hb' } });
    streams.push(s);
    expect(await s.nextComment(2_000)).toBe('ping');
    expect(await s.nextComment(2_000)).toBe('ping');
    s.close();
  });

  it('neither loses nor repeats an event that arrives live while the replay is read', async () => {
    const seen = await publish({ type: 'match.changed', audience: ['race'], payload: match('seen') });
    const both = await publish({ type: 'match.changed', audience: ['race'], payload: match('n1') });
    const race = (userId: string) => {
      if (userId !== 'race') return;
      // Delivered after the subscription, before the replay query has returned: `both` is
      // also in the replay, `later` (committed after the replay's snapshot) is not.
      queueMicrotask(() => {
        fake.emit('race', { id: both, type: 'match.changed', audience: ['race'], payload: match('n1') });
        fake.emit('race', { id: both + 1000, type: 'match.changed', audience: ['race'], payload: match('n2') });
      });
    };
    fake.subscribed.push(race);
    const s = await connectSse(url, { headers: { 'x-user': 'race' }, lastEventId: seen });
    streams.push(s);
    await expectNext(s, both, match('n1'));
    await expectNext(s, both + 1000, match('n2'));
    // A marker proves the stream has nothing else queued before it.
    fake.emit('race', { id: both + 1001, type: 'match.changed', audience: ['race'], payload: match('marker') });
    await expectNext(s, both + 1001);
    fake.subscribed.splice(fake.subscribed.indexOf(race), 1);
    s.close();
  });

  it('drops a client that stops reading instead of buffering without bound', async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      request(url, { headers: { 'x-user': 'slow' } }, resolve)
        .on('error', reject)
        .end();
    });
    expect(res.statusCode).toBe(200);
    res.pause();
    const closed = new Promise<void>((resolve) => res.socket.once('close', () => resolve()));
    res.on('error', () => undefined);
    await vi.waitFor(() => expect(fake.count('slow')).toBe(1));

    const payload = trail('x'.repeat(4096));
    let sent = 0;
    // Far more than the kernel's socket buffers hold: the server's own queue must overflow.
    while (fake.count('slow') > 0 && sent < 50_000) {
      fake.emit('slow', { id: ++sent, type: 'trail.changed', audience: ['slow'], payload });
      if (sent % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(fake.count('slow')).toBe(0);
    expect(sent).toBeLessThan(50_000);
    await closed;
  });
});
