import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_RATE_LIMIT, type HistoryPage } from '@trailbuddy/shared/contracts/messages';
import { connectDatabase } from '../../db/client.js';
import { BACKLOG_MS } from '../../db/commit-groups.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { liveEvents, matches, messages, notifications, pushSubscriptions, userBlocks } from '../../db/schema/index.js';
import { TASKS } from '../../jobs/queue.js';
import { queuedJobs } from '../../test/queued-jobs.js';
import { unreadCount } from '../../notifications/inbox.js';
import { sendMessage, unreadCounts } from '../../conversation/conversation.js';
import { api, createMatchWorld, letMatch, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
let dora: TestUser;
let eva: TestUser;
let matchId: string;

/** A pending match: `owner` searches the day, `partner` requests it. */
async function pendingMatch(owner: TestUser, partner: TestUser, day: 'saturday' | 'sunday') {
  const search = await api(w.t, owner).post('/api/matches/search', { trailId: w.trailId, day });
  const id = search.json().match.id as string;
  const request = await api(w.t, partner).post(`/api/matches/${id}/request`);
  if (request.statusCode !== 200) throw new Error(`request: ${request.statusCode} ${request.body}`);
  return id;
}

const send = (user: TestUser | undefined, id: string, body: string, clientId: string = randomUUID()) =>
  api(w.t, user).post(`/api/matches/${id}/messages`, { clientId, body });
type Res = Awaited<ReturnType<typeof send>>;

async function setMatch(id: string, status: 'pending' | 'confirmed' | 'completed' | 'cancelled', endTime?: Date) {
  await w.t.database.db
    .update(matches)
    .set({ status, ...(endTime ? { endTime } : {}) })
    .where(eq(matches.id, id));
}

/**
 * Runs `work` with the SQL text of every statement the server's clients send passed to `hook`
 * first; a promise the hook returns holds that statement back until it settles.
 */
async function withQueryHook<T>(hook: (text: string) => Promise<unknown> | undefined, work: () => Promise<T>): Promise<T> {
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const held = hook(typeof q === 'string' ? q : (q.text ?? ''));
    if (!held) return query.apply(this, args) as never;
    const sendOn = () => query.apply(this, args);
    // The pool asks with a callback (and reads no answer), a client of its own with a promise.
    return (typeof args.at(-1) === 'function' ? void held.then(sendOn) : held.then(sendOn)) as never;
  });
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  w = await createMatchWorld();
  const [a, b, c, d, e] = await Promise.all(
    ['ana', 'bruno', 'carla', 'dora', 'eva'].map((name) => registeredUser(w.t, `${name}@example.com`)),
  );
  [ana, bruno, carla, dora, eva] = [a!, b!, c!, d!, e!];
  matchId = await pendingMatch(ana, bruno, 'saturday');
  // An administrator who may match: what keeps them out is being no participant.
  await letMatch(w.t, w.admin);
});
afterAll(async () => w.t.close());

describe('who may read and write a conversation', () => {
  const read = (user: TestUser | undefined) => api(w.t, user).get(`/api/matches/${matchId}/messages`);
  const write = (user: TestUser | undefined) => send(user, matchId, 'Meet at the car park?');

  it('asks a visitor to sign in before it looks at the request, on every route', async () => {
    const answers = await Promise.all([
      read(undefined),
      api(w.t, undefined).post(`/api/matches/not-a-uuid/messages`, { body: '' }),
      api(w.t, undefined).post(`/api/matches/${matchId}/messages/read`, { messageId: 'nope' }),
      api(w.t, undefined).get('/api/messages/unread'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in to continue.' } });
    }
  });

  it('refuses a third person and an administrator who is not a participant, even to read', async () => {
    for (const outsider of [carla, w.admin]) {
      for (const res of [await read(outsider), await write(outsider)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe('Only the people on this hike can read or write its conversation.');
      }
      const mark = await api(w.t, outsider).post(`/api/matches/${matchId}/messages/read`, { messageId: randomUUID() });
      expect(mark.statusCode).toBe(403);
    }
    const [{ n }] = (await w.t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages`)).rows as [{ n: number }];
    expect(n).toBe(0);
  });

  it('answers 404 for a match that does not exist', async () => {
    expect((await send(ana, randomUUID(), 'hello')).statusCode).toBe(404);
  });

  const saturdayEnd = new Date('2026-11-21T13:00:00.000Z');
  const cases = [
    { status: 'pending', end: saturdayEnd, now: WEDNESDAY, open: true },
    { status: 'confirmed', end: saturdayEnd, now: WEDNESDAY, open: true },
    { status: 'completed', end: saturdayEnd, now: new Date(saturdayEnd.getTime() + 7 * DAY_MS - 60_000), open: true },
    { status: 'completed', end: saturdayEnd, now: new Date(saturdayEnd.getTime() + 7 * DAY_MS), open: false },
    { status: 'cancelled', end: saturdayEnd, now: WEDNESDAY, open: false },
  ] as const;
  for (const c of cases) {
    it(`${c.open ? 'lets' : 'does not let'} each participant read and write a ${c.status} match at ${c.now.toISOString()}`, async () => {
      await setMatch(matchId, c.status, c.end);
      w.clock.now = c.now;
      try {
        for (const participant of [ana, bruno]) {
          const [r, s] = [await read(participant), await write(participant)];
          if (c.open) {
            expect(r.statusCode).toBe(200);
            expect(s.statusCode).toBe(201);
            expect(s.json().message).toMatchObject({ senderId: participant.id, body: 'Meet at the car park?' });
          } else {
            expect([r.statusCode, s.statusCode]).toEqual([403, 403]);
            expect(s.json().error).toEqual({ code: 'permission-denied', message: 'This conversation is closed.' });
          }
        }
      } finally {
        await setMatch(matchId, 'pending');
        w.clock.now = WEDNESDAY;
      }
    });
  }
});

describe('what a message may be', () => {
  it('names the body when it is empty, blank or longer than 1,000 characters', async () => {
    for (const body of ['', '   \n\t ', 'x'.repeat(1001)]) {
      const res = await send(ana, matchId, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['body']);
    }
    const missing = await api(w.t, ana).post(`/api/matches/${matchId}/messages`, { clientId: randomUUID() });
    expect(missing.json().error.fields).toEqual({ body: 'Write a message first.' });
    expect((await send(ana, matchId, 'x'.repeat(1001))).json().error.fields.body).toBe('A message is at most 1,000 characters.');
  });

  it('names the clientId when it is not a UUID', async () => {
    const res = await send(ana, matchId, 'hi', 'retry-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ clientId: 'clientId must be a UUID.' });
  });

  it('trims the body, keeps exactly 1,000 characters, and stores markup as plain text', async () => {
    const long = await send(ana, matchId, `  ${'y'.repeat(1000)}  `);
    expect(long.statusCode).toBe(201);
    expect(long.json().message.body).toBe('y'.repeat(1000));
    const markup = await send(bruno, matchId, '<b>see</b> https://example.com');
    expect(markup.json().message.body).toBe('<b>see</b> https://example.com');
  });
});

describe('a retried send', () => {
  it('returns the one message however many retries race the first attempt', async () => {
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(bruno, matchId, 'On my way', clientId)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json().message.id));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.json().created === (a.statusCode === 201))).toBe(true);

    const stored = await w.t.database.db.select().from(messages).where(eq(messages.clientId, clientId));
    expect(stored).toHaveLength(1);
    const events = await w.t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.type, 'message.created'), sql`${liveEvents.payload} -> 'message' ->> 'clientId' = ${clientId}`));
    expect(events).toHaveLength(1);
    expect([...events[0]!.audience!].sort()).toEqual([ana.id, bruno.id].sort());
    // One notification, for the partner only, quoting the message.
    const told = await w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'message-received'), sql`${notifications.params} ->> 'preview' = 'On my way'`));
    expect(told.map((n) => [n.recipientId, n.actorId, n.matchId])).toEqual([[ana.id, bruno.id, matchId]]);
  });

  it('refuses a clientId its sender already used in another conversation', async () => {
    const other = await pendingMatch(bruno, carla, 'sunday');
    const clientId = randomUUID();
    expect((await send(bruno, matchId, 'first', clientId)).statusCode).toBe(201);
    const reuse = await send(bruno, other, 'second', clientId);
    expect(reuse.statusCode).toBe(409);
    // Another sender's keys are their own.
    expect((await send(ana, matchId, 'mine', clientId)).statusCode).toBe(201);
  });
});

describe('what a send costs the database', () => {
  /** The SQL text of every statement the server's clients send while `work` runs. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    await withQueryHook((text) => void seen.push(text), work);
    return seen;
  }

  it('authorizes, writes the message, its event and the notification in two round trips, each its own transaction', async () => {
    const id = await pendingMatch(eva, carla, 'sunday');
    let res: Res | undefined;
    const statements = await statementsOf(async () => (res = await send(eva, id, 'Bring water')));
    expect(res!.statusCode).toBe(201);
    const words = statements.map((q) => q.trim().split(/\s+/)[0]!.toLowerCase());
    // No BEGIN or COMMIT (ADR 0081): the context, then the write, each committed on its own.
    expect(words).not.toContain('begin');
    expect(words).not.toContain('commit');
    const sendStatements = statements.slice(statements.findIndex((q) => q.includes('"participants" AS participants')));
    expect(sendStatements.map((q) => q.trim().split(/\s+/)[0]!.toLowerCase())).toEqual(['with', 'with']);
    expect(sendStatements[1]).toContain('message_send_gate');
    // Before it: the session (Better Auth reads the session and its user) and the matching gate.
    expect(statements.length - sendStatements.length).toBeLessThanOrEqual(3);
    // And what it wrote is all there: the event to both, the partner's notification and its event.
    const [told] = await w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.matchId, id), eq(notifications.recipientId, carla.id)));
    expect(told).toMatchObject({ kind: 'message-received', actorId: eva.id, params: { preview: 'Bring water' } });
    const events = await w.t.database.db
      .select()
      .from(liveEvents)
      .where(sql`${liveEvents.payload} ->> 'matchId' = ${id} OR ${liveEvents.payload} ->> 'notificationId' = ${told!.id}`);
    expect(events.map((e) => [e.type, [...e.audience!].sort()])).toEqual(
      expect.arrayContaining([
        ['message.created', [eva.id, carla.id].sort()],
        ['notification.created', [carla.id]],
      ]),
    );
    const message = events.find((e) => e.type === 'message.created')!.payload as { message: { seq: number; id: string } };
    expect(message.message).toEqual(res!.json().message);
  });
});

describe('the rate limit', () => {
  it(`lets a person send ${MESSAGE_RATE_LIMIT.max} messages a minute, refuses the rest with a 429, and frees up as the window slides`, async () => {
    const id = await pendingMatch(dora, eva, 'saturday');
    const burst = await Promise.all(Array.from({ length: MESSAGE_RATE_LIMIT.max + 10 }, (_, i) => send(dora, id, `m${i}`)));
    const created = burst.filter((r) => r.statusCode === 201);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect([created.length, refused.length]).toEqual([MESSAGE_RATE_LIMIT.max, 10]);
    expect(refused[0]!.json()).toEqual({
      error: { code: 'too-many-requests', message: 'You are sending messages too fast. Try again in 60 seconds.' },
    });
    // A retry of a message that went through is answered, not counted.
    const replay = await send(dora, id, 'again', created[0]!.json().message.clientId);
    expect(replay.statusCode).toBe(200);
    // The partner has a budget of her own.
    expect((await send(eva, id, 'slow down!')).statusCode).toBe(201);

    w.clock.now = new Date(WEDNESDAY.getTime() + MESSAGE_RATE_LIMIT.windowMs);
    try {
      expect((await send(dora, id, 'a minute later')).statusCode).toBe(201);
    } finally {
      w.clock.now = WEDNESDAY;
    }
  });
});

describe('a send meeting another change at the same moment (ADR 0081)', () => {
  it('writes nothing to a hike cancelled between its read and its write, and answers as the cancelled hike does', async () => {
    const [fia, gil] = await Promise.all(['fia', 'gil'].map((name) => registeredUser(w.t, `${name}@example.com`)));
    const id = await pendingMatch(fia!, gil!, 'saturday');
    const clientId = randomUUID();
    // The hike is cancelled, and committed, just before the send's write goes out: the read saw
    // an open conversation, and the write must not believe it.
    let cancelled = false;
    const res = await withQueryHook(
      (text) => {
        if (cancelled || !text.includes('message_send_gate')) return undefined;
        cancelled = true;
        return w.t.database.db.update(matches).set({ status: 'cancelled' }).where(eq(matches.id, id));
      },
      () => send(fia, id, 'See you there', clientId),
    );
    expect(cancelled).toBe(true);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This conversation is closed.');
    expect(await w.t.database.db.select().from(messages).where(eq(messages.clientId, clientId))).toEqual([]);
  });

  it(`counts one person's sends to two hikes at once against the one rate`, async () => {
    const [hal, ivo, joe] = await Promise.all(['hal', 'ivo', 'joe'].map((name) => registeredUser(w.t, `${name}@example.com`)));
    const saturday = await pendingMatch(hal!, ivo!, 'saturday');
    const sunday = await pendingMatch(joe!, hal!, 'sunday');
    const burst = await Promise.all(
      Array.from({ length: MESSAGE_RATE_LIMIT.max + 10 }, (_, i) => send(hal, i % 2 ? saturday : sunday, `m${i}`)),
    );
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(MESSAGE_RATE_LIMIT.max);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(10);
    const [stored] = await w.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.senderId, hal!.id));
    expect(stored!.n).toBe(MESSAGE_RATE_LIMIT.max);
  });
});

describe('sends that arrive while others are committing (ADR 0082)', () => {
  /**
   * Sends `first` (two sends) and holds their writes in flight (two at once, ADR 0082), then sends
   * `rest`: their writes wait behind the two (while `meanwhile` runs) and commit as one group once
   * they are let go.
   * Answers every response, and the SQL text of every statement sent meanwhile.
   */
  async function withTwoWritesHeld(first: () => Promise<Res>[], rest: () => Promise<Res>[], meanwhile?: () => Promise<void>) {
    let held = 0;
    let reads = 0;
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const statements: string[] = [];
    const responses = await withQueryHook(
      (text) => {
        statements.push(text);
        if (text.includes('"participants" AS participants')) reads++;
        if (!text.includes('message_send_gate') || held === 2) return undefined;
        held++;
        return released;
      },
      async () => {
        const firstTwo = first();
        await vi.waitUntil(() => held === 2, { interval: 5 });
        const others = rest();
        await vi.waitUntil(() => reads === 2 + others.length, { interval: 5 });
        // Each read answers within milliseconds, and its write then waits behind the two.
        await sleep(100);
        await meanwhile?.();
        letGo();
        return Promise.all([...firstTwo, ...others]);
      },
    );
    return { responses, statements };
  }

  it('are each answered as if alone, and one refused by the database leaves the others written once', async () => {
    const people = await Promise.all(
      ['ken', 'lia', 'max', 'noa', 'oli', 'pia', 'quin', 'rui'].map((n) => registeredUser(w.t, `${n}@example.com`)),
    );
    const [ken, lia, max, noa, oli, pia, quin, rui] = people;
    const threads = await Promise.all([0, 2, 4, 6].map((i) => pendingMatch(people[i]!, people[i + 1]!, 'saturday')));
    // Rui blocked Quin after their hike was matched and before the thread's next send: the
    // database refuses the message (migration 0019) inside the group.
    await w.t.database.db.insert(userBlocks).values({ blockerId: rui!.id, blockedId: quin!.id });
    const { responses, statements } = await withTwoWritesHeld(
      () => [send(ken, threads[0]!, 'held 1'), send(lia, threads[0]!, 'held 2')],
      () => [
        send(max, threads[1]!, 'Meet at the car park?'),
        send(noa, threads[1]!, 'Yes, at eight'),
        send(oli, threads[2]!, 'I have a spare map'),
        send(pia, threads[2]!, 'Great'),
        send(ken, threads[0]!, 'Bring water'),
        send(quin, threads[3]!, 'Still on?'),
      ],
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 201, 403]);
    expect(responses[7]!.json().error.message).toBe('This conversation is closed.');
    // The group met the refusal, rolled back, and wrote each of its sends again on its own.
    expect(statements.filter((q) => /^\s*rollback/i.test(q))).toHaveLength(1);
    const stored = await w.t.database.db
      .select({ id: messages.id, body: messages.body, seq: messages.seq })
      .from(messages)
      .where(inArray(messages.matchId, threads));
    expect(stored).toHaveLength(7);
    // Each answer is its message as stored, its seq included.
    for (const r of responses.slice(0, 7)) {
      const { id, body, seq } = r.json().message;
      expect(stored).toContainEqual({ id, body, seq });
    }
  });

  it(`refuse a send for a moment once the oldest write has waited ${BACKLOG_MS} ms, with a 503 and Retry-After, and take it again after`, async () => {
    const people = await Promise.all(['yan', 'zoe', 'abe', 'bea'].map((n) => registeredUser(w.t, `${n}@example.com`)));
    const [yan, zoe, abe, bea] = people;
    const threads = await Promise.all([0, 2].map((i) => pendingMatch(people[i]!, people[i + 1]!, 'saturday')));
    const clientId = randomUUID();
    let refused: Res | undefined;
    const { responses } = await withTwoWritesHeld(
      () => [send(yan, threads[0]!, 'held 1'), send(zoe, threads[0]!, 'held 2')],
      () => [send(abe, threads[1]!, 'waits behind them')],
      async () => {
        // The send that waits has now waited longer than the backlog allows: the next is refused
        // before it reads or writes anything.
        refused = await send(bea, threads[1]!, 'Too soon?', clientId);
      },
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(refused!.statusCode).toBe(503);
    expect(refused!.headers['retry-after']).toBe('1');
    expect(refused!.json().error).toEqual({ code: 'busy', message: 'TrailBuddy is busy right now. Please try again in a moment.' });
    expect(await w.t.database.db.select().from(messages).where(eq(messages.clientId, clientId))).toEqual([]);
    // Once the backlog is gone, the same message (its clientId) goes through.
    expect((await send(bea, threads[1]!, 'Too soon?', clientId)).statusCode).toBe(201);
  });

  it('commit together when nothing fails: one transaction, one announcement of its events', async () => {
    const people = await Promise.all(['sol', 'tia', 'uma', 'val', 'wes', 'xia'].map((n) => registeredUser(w.t, `${n}@example.com`)));
    const threads = await Promise.all([0, 2, 4].map((i) => pendingMatch(people[i]!, people[i + 1]!, 'sunday')));
    const { responses, statements } = await withTwoWritesHeld(
      () => [send(people[0], threads[0]!, 'hello 0'), send(people[1], threads[0]!, 'hello 1')],
      () => people.slice(2).map((p, i) => send(p, threads[1 + Math.floor(i / 2)]!, `hello ${i + 2}`)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(statements.filter((q) => /^\s*begin/i.test(q))).toHaveLength(1);
    const written = await w.t.database.pool.query<{ xid: string; body: string }>(
      'SELECT xmin::text AS xid, body FROM messages WHERE match_id = ANY($1)',
      [threads],
    );
    // The two held ones alone, the other four in one transaction.
    expect(written.rows).toHaveLength(6);
    const xids = new Set(written.rows.map((r) => r.xid));
    expect(xids.size).toBe(3);
    expect(new Set(written.rows.filter((r) => !['hello 0', 'hello 1'].includes(r.body)).map((r) => r.xid)).size).toBe(1);
    // Each transaction's message events are its own rows, announced at its commit in its one
    // NOTIFY (migration 0033's deferred trigger).
    const events = await w.t.database.pool.query<{ xid: string }>(
      "SELECT xmin::text AS xid FROM live_events WHERE type = 'message.created' AND payload ->> 'matchId' = ANY($1)",
      [threads],
    );
    expect(events.rows).toHaveLength(6);
    expect(new Set(events.rows.map((r) => r.xid))).toEqual(xids);
  });
});

describe('history, unread counts and read receipts', () => {
  let thread: string;
  const sent: string[] = [];

  beforeAll(async () => {
    thread = await pendingMatch(carla, dora, 'sunday');
    // 65 messages from Dora, each two seconds after the last: within the rate limit.
    for (let i = 0; i < 65; i++) {
      w.clock.now = new Date(WEDNESDAY.getTime() + 2 * 60_000 + i * 2_000);
      const res = await send(dora, thread, `message ${i}`);
      expect(res.statusCode).toBe(201);
      sent.push(res.json().message.id);
    }
  });

  it('pages the history newest page first, every message once, oldest first within a page', async () => {
    const bodies: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const url: string = `/api/matches/${thread}/messages?limit=30${cursor ? `&before=${cursor}` : ''}`;
      const page: HistoryPage = (await api(w.t, carla).get(url)).json();
      sizes.push(page.messages.length);
      bodies.unshift(...page.messages.map((m) => m.body));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([30, 30, 5]);
    expect(bodies).toEqual(Array.from({ length: 65 }, (_, i) => `message ${i}`));
  });

  it('names a malformed cursor or limit', async () => {
    const bad = await api(w.t, carla).get(`/api/matches/${thread}/messages?before=abc`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['before']);
    const big = await api(w.t, carla).get(`/api/matches/${thread}/messages?limit=1000`);
    expect(Object.keys(big.json().error.fields)).toEqual(['limit']);
  });

  it('counts unread messages per match and in total, and clears them as the reader reads', async () => {
    const before = (await api(w.t, carla).get('/api/messages/unread')).json();
    expect(before.matches).toContainEqual({ matchId: thread, unread: 65 });
    expect(before.total).toBe(before.matches.reduce((s: number, m: { unread: number }) => s + m.unread, 0));
    // The sender has nothing unread in her own thread.
    expect((await api(w.t, dora).get('/api/messages/unread')).json().matches).not.toContainEqual(
      expect.objectContaining({ matchId: thread }),
    );

    const mark = await api(w.t, carla).post(`/api/matches/${thread}/messages/read`, { messageId: sent[39] });
    expect(mark.statusCode).toBe(200);
    expect(mark.json()).toMatchObject({ myRead: { messageId: sent[39] }, unread: 25 });
    // Never backwards.
    const back = await api(w.t, carla).post(`/api/matches/${thread}/messages/read`, { messageId: sent[3] });
    expect(back.json()).toMatchObject({ myRead: { messageId: sent[39] }, unread: 25 });
    expect((await api(w.t, carla).get('/api/messages/unread')).json().matches).toContainEqual({ matchId: thread, unread: 25 });

    await api(w.t, carla).post(`/api/matches/${thread}/messages/read`, { messageId: sent[64] });
    const after = (await api(w.t, carla).get('/api/messages/unread')).json();
    expect(after.matches).not.toContainEqual(expect.objectContaining({ matchId: thread }));
  });

  it('shows the sender how far the partner has read, and tells both of them live', async () => {
    const page = (await api(w.t, dora).get(`/api/matches/${thread}/messages?limit=1`)).json();
    expect(page.partnerRead).toMatchObject({ messageId: sent[64] });
    expect(page.myRead).toBeNull();
    const events = await w.t.database.db.select().from(liveEvents).where(eq(liveEvents.type, 'message.read')).orderBy(liveEvents.id);
    // Two moves forward, the backward one published nothing.
    const mine = events.filter((e) => (e.payload as { matchId: string }).matchId === thread);
    expect(mine.map((e) => (e.payload as { messageId: string }).messageId)).toEqual([sent[39], sent[64]]);
    expect([...mine[0]!.audience!].sort()).toEqual([carla.id, dora.id].sort());
  });

  it('refuses a read mark on a message of another conversation, naming the field', async () => {
    const res = await api(w.t, carla).post(`/api/matches/${thread}/messages/read`, { messageId: randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['messageId']);
  });

  it('leaves a closed conversation out of the unread counts', async () => {
    await send(carla, thread, 'one more');
    expect((await api(w.t, dora).get('/api/messages/unread')).json().matches).toContainEqual({ matchId: thread, unread: 1 });
    const withIt = (await api(w.t, dora).get('/api/messages/unread')).json();
    await setMatch(thread, 'cancelled');
    const without = (await api(w.t, dora).get('/api/messages/unread')).json();
    expect(without.matches).toEqual(withIt.matches.filter((m: { matchId: string }) => m.matchId !== thread));
    expect(without.total).toBe(withIt.total - 1);
  });
});

describe("a send's two statements and the unread counts' queries (ADR 0069)", () => {
  /** Sends twice and reads the unread counts (messages, the bell) through a database of one connection, then lists what it has prepared. */
  async function preparedAfterSends(namedStatements: boolean) {
    // The direct URL: a pooler in between (CI's PgBouncer) is what the option exists to avoid.
    const database = connectDatabase(w.t.database.url, { max: 1, namedStatements });
    try {
      for (const body of ['First of two', 'Second of two']) {
        const sent = await sendMessage(database.db, { userId: bruno.id, now: WEDNESDAY }, matchId, { clientId: randomUUID(), body });
        expect(sent.created).toBe(true);
      }
      const unread = await unreadCounts(database.db, { userId: ana.id, now: WEDNESDAY });
      expect(unread.matches.find((m) => m.matchId === matchId)?.unread).toBeGreaterThanOrEqual(2);
      expect(await unreadCount(database.db, ana.id)).toBeGreaterThanOrEqual(2);
      const { rows } = await database.pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
      return rows.map((r) => r.name);
    } finally {
      await database.close();
    }
  }

  it('are built by drizzle once per shape: a later send of that shape compiles no SQL and writes its own values', async () => {
    const db = w.t.database.db;
    // The shape: two on the hike, the other told in the app, by mail and by push (the defaults).
    const first = await sendMessage(db, { userId: bruno.id, now: WEDNESDAY }, matchId, { clientId: randomUUID(), body: 'Same shape' });
    expect(first.created).toBe(true);
    const [browser] = await db
      .insert(pushSubscriptions)
      .values({ userId: bruno.id, endpoint: `https://push.example.com/${randomUUID()}`, p256dh: 'key', auth: 'secret' })
      .returning();
    const compile = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const clientId = randomUUID();
      const sent = await sendMessage(db, { userId: ana.id, now: WEDNESDAY }, matchId, { clientId, body: 'Built once' });
      // drizzle compiles neither of the send's statements (and there is no transaction to open).
      expect(compile).not.toHaveBeenCalled();
      expect(sent.message).toMatchObject({ senderId: ana.id, clientId, body: 'Built once', matchId });
      const [stored] = await db.select().from(messages).where(eq(messages.id, sent.message.id));
      expect(stored).toMatchObject({ senderId: ana.id, clientId, body: 'Built once', seq: sent.message.seq });
      const [told] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, bruno.id), sql`${notifications.params} ->> 'preview' = 'Built once'`));
      expect(told).toMatchObject({ kind: 'message-received', actorId: ana.id, matchId, inApp: true, mailStatus: 'pending' });
      const events = await db
        .select()
        .from(liveEvents)
        .where(
          sql`${liveEvents.payload} -> 'message' ->> 'id' = ${sent.message.id} OR ${liveEvents.payload} ->> 'notificationId' = ${told!.id}`,
        );
      expect(events.map((e) => [e.type, [...e.audience!].sort()])).toEqual(
        expect.arrayContaining([
          ['message.created', [ana.id, bruno.id].sort()],
          ['notification.created', [bruno.id]],
        ]),
      );
      const { rows: pushed } = await db.execute<{ key: string; payload: unknown }>(sql`
        SELECT j.key, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = ${TASKS.sendPush} AND j.payload ->> 'subscriptionId' = ${browser!.id}`);
      expect(pushed).toEqual([
        {
          key: `push:${browser!.id}:message-received:${matchId}`,
          payload: {
            subscriptionId: browser!.id,
            payload: {
              title: 'Message from ana',
              body: 'Built once',
              url: `/notifications/${told!.id}`,
              tag: `message-received:${matchId}`,
            },
          },
        },
      ]);
      // The mail waits as the notification's `pending` status for the sweep: the send adds no job (ADR 0078).
      expect(await queuedJobs(db, TASKS.mailNotifications)).toEqual([]);
    } finally {
      compile.mockRestore();
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, browser!.id));
    }
  });

  it('are prepared once per connection where the connection allows it, and not otherwise', async () => {
    const named = expect.stringMatching(/^tb_\d+$/);
    expect(await preparedAfterSends(true)).toEqual([named, named, 'tb_unread_count', 'tb_unread_counts']);
    expect(await preparedAfterSends(false)).toEqual([]);
  });
});
