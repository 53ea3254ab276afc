import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptCounters,
  identityActionCodes,
  liveEvents,
  oneTimeRecords,
  sessionRevocations,
  sessions,
  smsDevInbox,
  twoFactors,
  users,
  verifications,
} from '../db/schema/index.js';
import { runDueJobs } from '../test/queued-jobs.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { pruneExpiredRecords } from './prune.js';
import { addJob, TASKS } from './queue.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(users).values(['u1', 'u2', 'u3'].map((id) => ({ id, name: 'Ana', email: `ana-${id}@example.com` })));
});
afterAll(async () => t.close());

const NOW = new Date('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);
const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id).sort();

describe('pruneExpiredRecords', () => {
  it('deletes what is past use for more than a day, and keeps everything else', async () => {
    const code = (id: string, expiresAt: Date, usedAt: Date | null = null) => ({
      id,
      codeHash: `hash-${id}`,
      operation: 'VERIFY_EMAIL',
      userId: 'u1',
      email: 'ana@example.com',
      expiresAt,
      usedAt,
    });
    await t.db
      .insert(identityActionCodes)
      .values([
        code('code-expired-long-ago', hoursAgo(30)),
        code('code-used-long-ago', hoursAgo(-1), hoursAgo(26)),
        code('code-expired-recently', hoursAgo(2)),
        code('code-live', hoursAgo(-1)),
      ]);
    await t.db.insert(verifications).values([
      { id: 'v-old', identifier: 'x', value: 'y', expiresAt: hoursAgo(48) },
      { id: 'v-live', identifier: 'x', value: 'y', expiresAt: hoursAgo(-24) },
    ]);
    const record = { value: {}, createdAt: hoursAgo(50) };
    await t.db.insert(oneTimeRecords).values([
      { ...record, key: 'r-old', expiresAt: hoursAgo(25) },
      { ...record, key: 'r-recent', expiresAt: hoursAgo(1) },
    ]);
    await t.db.insert(sessions).values([
      { id: 's-old', token: 't-old', userId: 'u1', expiresAt: hoursAgo(25) },
      { id: 's-live', token: 't-live', userId: 'u1', expiresAt: hoursAgo(-100) },
    ]);
    const factorRow = { secret: '', backupCodes: '', createdAt: hoursAgo(101) };
    await t.db.insert(twoFactors).values([
      { ...factorRow, id: 'f-lapsed', userId: 'u1', verified: false, pendingPhoneUntil: hoursAgo(25) },
      { ...factorRow, id: 'f-pending', userId: 'u2', verified: false, totpPendingUntil: hoursAgo(-1) },
      { ...factorRow, id: 'f-enrolled', userId: 'u3', verified: false, phoneNumber: '+351912000001', pendingPhoneUntil: hoursAgo(100) },
    ]);
    await t.db.insert(attemptCounters).values([
      { key: 'r-old', count: 3, windowStart: hoursAgo(25) },
      { key: 'r-live', count: 3, windowStart: hoursAgo(0.5) },
    ]);
    await t.db.insert(smsDevInbox).values([
      { toPhone: '+351912000001', body: 'old', idempotencyKey: 'dev-old', receivedAt: hoursAgo(8 * 24) },
      { toPhone: '+351912000001', body: 'new', idempotencyKey: 'dev-new', receivedAt: hoursAgo(1) },
    ]);

    await t.db.insert(sessionRevocations).values([
      // Kept an hour, not the day's grace: they name people (ADR 0058).
      { sessionIds: ['s-old'], userIds: [], createdAt: hoursAgo(2) },
      { sessionIds: ['s-recent'], userIds: [], createdAt: hoursAgo(0.5) },
    ]);

    expect(await pruneExpiredRecords(t.db, NOW)).toEqual({
      identityActionCodes: 2,
      verifications: 1,
      oneTimeRecords: 1,
      sessions: 1,
      sessionRevocations: 1,
      pendingSecondFactors: 1,
      attemptCounters: 1,
      devSms: 1,
    });
    expect(await ids(t.db.select({ id: identityActionCodes.id }).from(identityActionCodes))).toEqual([
      'code-expired-recently',
      'code-live',
    ]);
    expect(await ids(t.db.select({ id: verifications.id }).from(verifications))).toEqual(['v-live']);
    expect(await ids(t.db.select({ id: oneTimeRecords.key }).from(oneTimeRecords))).toEqual(['r-recent']);
    expect(await ids(t.db.select({ id: sessions.id }).from(sessions))).toEqual(['s-live']);
    expect(await ids(t.db.select({ id: twoFactors.id }).from(twoFactors))).toEqual(['f-enrolled', 'f-pending']);
    expect(await ids(t.db.select({ id: attemptCounters.key }).from(attemptCounters))).toEqual(['r-live']);
    expect((await t.db.select().from(smsDevInbox)).map((m) => m.body)).toEqual(['new']);

    // A second run finds nothing more.
    expect(Object.values(await pruneExpiredRecords(t.db, NOW)).every((n) => n === 0)).toBe(true);
  });
});

describe('the prune tasks', () => {
  it('prune_live_events keeps an hour of events, measured on the injected clock', async () => {
    await t.db.insert(liveEvents).values([
      { type: 'trail.created', audience: null, payload: {}, createdAt: hoursAgo(2) },
      { type: 'trail.created', audience: null, payload: { kept: true }, createdAt: hoursAgo(0.5) },
    ]);
    await addJob(t.db, TASKS.pruneLiveEvents, {});
    await runDueJobs(t.url, { db: t.db, now: () => NOW });
    expect((await t.db.select().from(liveEvents)).map((e) => e.payload)).toEqual([{ kept: true }]);
  });

  it('prune_expired_records runs pruneExpiredRecords with the injected clock', async () => {
    await t.db.insert(verifications).values({ id: 'v-stale', identifier: 'x', value: 'y', expiresAt: hoursAgo(30) });
    await addJob(t.db, TASKS.pruneExpiredRecords, {});
    await runDueJobs(t.url, { db: t.db, now: () => NOW });
    expect(await ids(t.db.select({ id: verifications.id }).from(verifications))).toEqual(['v-live']);
  });
});
