import { inArray, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS_CHANGED_AT_ONCE_MESSAGE } from '@trailbuddy/shared/domain/hikes';
import { retryTransient } from '../../db/transient.js';
import { matches } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

/**
 * Two accepts that touch the same person's plans on other rows (ADR 0065): Pia asked both Ana and
 * Ben for the same slot; Ana and Ben accept at the same moment. Each accept locks its own match,
 * then ends Pia's other plans, which is the other's locked row: PostgreSQL aborts one of them as a
 * deadlock victim (40P01). That one is run again, finds its match ended by the winner, and answers
 * a 409 in words; never a 500.
 */

let w: MatchWorld;
beforeAll(async () => {
  w = await createMatchWorld();
});
afterAll(async () => w.t.close());

const waitingOnLocks = async () => {
  const { rows } = await w.t.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
};

/** Holds both matches' rows until both accepts wait on them, then lets them go at once, so both take their own row together. */
async function releaseTogether(ids: string[], start: () => Promise<unknown>[]) {
  let results: unknown[] = [];
  await w.t.database.db.transaction(async (tx) => {
    await tx.select({ id: matches.id }).from(matches).where(inArray(matches.id, ids)).for('update');
    const started = start();
    for (let i = 0; i < 400 && (await waitingOnLocks()) < ids.length; i++) await sleep(25);
    results = started;
  });
  return Promise.all(results);
}

describe('concurrent accepts that end the same person’s other plans', () => {
  it('never answer 500: exactly one hike is confirmed, the other accept is told in words', async () => {
    for (let round = 0; round < 3; round++) {
      const pia = await registeredUser(w.t, `pia${round}@example.com`, { fullName: 'Pia' });
      const ana = await registeredUser(w.t, `ana${round}@example.com`, { fullName: 'Ana' });
      const ben = await registeredUser(w.t, `ben${round}@example.com`, { fullName: 'Ben' });
      const asked: string[] = [];
      for (const owner of [ana, ben] as TestUser[]) {
        const search = (await api(w.t, owner).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match;
        expect((await api(w.t, pia).post(`/api/matches/${search.id}/request`)).statusCode).toBe(200);
        asked.push(search.id);
      }

      const [byAna, byBen] = (await releaseTogether(asked, () => [
        api(w.t, ana).post(`/api/matches/${asked[0]}/accept`),
        api(w.t, ben).post(`/api/matches/${asked[1]}/accept`),
      ])) as Awaited<ReturnType<ReturnType<typeof api>['post']>>[];

      const codes = [byAna!.statusCode, byBen!.statusCode].sort();
      expect(codes, JSON.stringify([byAna!.json(), byBen!.json()])).toEqual([200, 409]);
      // The loser's match was ended by the winner's accept: its refusal names that state.
      const loser = byAna!.statusCode === 409 ? byAna! : byBen!;
      expect(loser.json().error.code).not.toBe('internal');
      expect(loser.json().error.message).not.toMatch(/something went wrong/i);
      const rows = await w.t.database.db.select().from(matches).where(inArray(matches.id, asked));
      expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'confirmed']);
      expect(rows.find((r) => r.status === 'cancelled')?.cancelReason).toBe('superseded');
    }
  });

  it('retryTransient runs a deadlock victim again, and after its attempts answers a 409 in words', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let calls = 0;
    await expect(
      retryTransient(async () => {
        calls++;
        if (calls < 3) throw new Error('query failed', { cause: deadlock });
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(calls).toBe(3);

    await expect(
      retryTransient(async () => {
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }),
    ).rejects.toMatchObject({ status: 409, code: 'aborted', message: PLANS_CHANGED_AT_ONCE_MESSAGE });
    const other = new Error('something else');
    await expect(retryTransient(async () => Promise.reject(other))).rejects.toBe(other);
  });
});
