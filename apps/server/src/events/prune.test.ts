import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { liveEvents } from '../db/schema/events.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { pruneLiveEvents } from './prune.js';

let t: TestDatabase;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(liveEvents);
});

/** Inserts events with the given creation times, in that id order; returns their ids. */
async function insertAt(...createdAt: string[]) {
  const rows = [];
  for (const c of createdAt) {
    const [row] = await t.db
      .insert(liveEvents)
      .values({ type: 'trail.created', audience: null, payload: {}, createdAt: at(c) })
      .returning({ id: liveEvents.id });
    rows.push(row!.id);
  }
  return rows;
}

const remainingIds = async () => (await t.db.select({ id: liveEvents.id }).from(liveEvents).orderBy(asc(liveEvents.id))).map((r) => r.id);

describe('pruneLiveEvents', () => {
  it('deletes the events created before the cut-off and keeps the rest', async () => {
    const [, , kept] = await insertAt('2025-01-01T09:00:00Z', '2025-01-01T09:59:00Z', '2025-01-01T10:01:00Z');
    expect(await pruneLiveEvents(t.db, { olderThan: at('2025-01-01T10:00:00Z') })).toBe(2);
    expect(await remainingIds()).toEqual([kept]);
  });

  it('deletes a prefix by id, so what is kept has no holes replay could miss', async () => {
    // A long transaction can commit a higher id with an older created_at than its neighbour.
    const [, , third] = await insertAt('2025-01-01T09:00:00Z', '2025-01-01T10:30:00Z', '2025-01-01T09:30:00Z', '2025-01-01T10:31:00Z');
    expect(await pruneLiveEvents(t.db, { olderThan: at('2025-01-01T10:00:00Z') })).toBe(3);
    expect(await remainingIds()).toEqual([third! + 1]);
  });

  it('deletes nothing when nothing is old enough', async () => {
    const ids = await insertAt('2025-01-01T10:01:00Z');
    expect(await pruneLiveEvents(t.db, { olderThan: at('2025-01-01T10:00:00Z') })).toBe(0);
    expect(await remainingIds()).toEqual(ids);
  });
});
