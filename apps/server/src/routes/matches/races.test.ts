import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, notifications } from '../../db/schema/index.js';
import { queuedMail } from '../../test/queued-jobs.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let owner: TestUser;
const requesters: TestUser[] = [];
beforeAll(async () => {
  w = await createMatchWorld();
  owner = await registeredUser(w.t, 'owner@example.com');
  for (let i = 0; i < 20; i++) requesters.push(await registeredUser(w.t, `r${i}@example.com`));
});
afterAll(async () => w.t.close());

describe('races, against the real database', () => {
  it('20 concurrent requests on one searching match → exactly one pending, the rest 409', async () => {
    const search = (await api(w.t, owner).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match;
    const results = await Promise.all(requesters.map((r) => api(w.t, r).post(`/api/matches/${search.id}/request`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const [row] = await w.t.database.db.select().from(matches).where(eq(matches.id, search.id));
    const winner = requesters[results.findIndex((r) => r.statusCode === 200)]!;
    expect(row).toMatchObject({ status: 'pending', id2: winner.id, participants: [owner.id, winner.id], requestedBy: winner.id });
  });

  it('20 concurrent accepts of one pending match → exactly one confirmed and no new search (ADR 0054), the rest 409', async () => {
    const [pending] = await w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.id1, owner.id), eq(matches.status, 'pending')));
    const results = await Promise.all(Array.from({ length: 20 }, () => api(w.t, owner).post(`/api/matches/${pending!.id}/accept`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const [row] = await w.t.database.db.select().from(matches).where(eq(matches.id, pending!.id));
    expect(row?.status).toBe('confirmed');
    const fresh = await w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.id1, owner.id), eq(matches.status, 'searching')));
    expect(fresh).toHaveLength(0);
    const mails = await queuedMail(w.t.database.db, { template: 'match-confirmed' });
    expect(mails).toHaveLength(1);
    const accepted = await w.t.database.db.select().from(notifications).where(eq(notifications.kind, 'match-accepted'));
    expect(accepted).toHaveLength(1);
  });
});
