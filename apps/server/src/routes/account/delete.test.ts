import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSED_NOTE, ERASED_MESSAGE_BODY, FORMER_MEMBER } from '@trailbuddy/shared/contracts/account';
import { deleteAccount } from '../../account/delete-account.js';
import { pruneExpiredRecords, SESSION_REVOCATION_RETENTION_MS } from '../../jobs/prune.js';
import { matches, matchFeedback, messages, users } from '../../db/schema/index.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import { variantKey, withVariantCleanup } from '../../storage/image-variants.js';
import { ARRABIDA_RIDGE, api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import { browser } from '../../test/email-identity-fixtures.js';
import { multipartFile } from '../../test/multipart.js';
import { runDueJobs } from '../../test/queued-jobs.js';
import { signIn, signUp, type TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let secondTrailId: string;
const stored = (key: string) => createLocalStorage(w.t.storageDir).get(key);

beforeAll(async () => {
  w = await createMatchWorld();
  const trail = await api(w.t, w.admin).post('/api/trails', { ...ARRABIDA_RIDGE, name: 'Sintra Loop' });
  secondTrailId = trail.json().id;
});
afterAll(async () => w.t.close());

const remove = (user: TestUser | undefined, payload: object) => api(w.t, user).post('/api/account/delete', payload);

/** `owner` searches a day of a trail, `requester` asks to join: a pending match, owned by `owner`. */
async function pendingMatch(owner: TestUser, requester: TestUser, day: 'saturday' | 'sunday', trailId = w.trailId) {
  const search = await api(w.t, owner).post('/api/matches/search', { trailId, day });
  const id = search.json().match.id as string;
  const request = await api(w.t, requester).post(`/api/matches/${id}/request`);
  if (request.statusCode !== 200) throw new Error(`request: ${request.statusCode} ${request.body}`);
  return id;
}
const setStatus = (id: string, status: 'confirmed' | 'completed') =>
  w.t.database.db.update(matches).set({ status, confirmedAt: new Date() }).where(eq(matches.id, id));
const say = (user: TestUser, matchId: string, body: string) =>
  api(w.t, user).post(`/api/matches/${matchId}/messages`, { clientId: randomUUID(), body });

/** Every row of every table of the application's schema that mentions `needle` anywhere, as "table: row". */
async function rowsMentioning(needle: string): Promise<string[]> {
  const { rows: tables } = await w.t.database.db.execute<{ table_name: string }>(sql`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const found: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await w.t.database.db.execute<{ row: string }>(
      sql`SELECT t::text AS row FROM ${sql.identifier(table_name)} t WHERE strpos(lower(t::text), lower(${needle})) > 0`,
    );
    found.push(...rows.map((r) => `${table_name}: ${r.row}`));
  }
  return found;
}

describe('POST /api/account/delete: who may, and the confirmation', () => {
  it('asks a visitor to sign in before it reads the body', async () => {
    const res = await remove(undefined, { confirmation: 42 });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('refuses a wrong confirmation, a missing or wrong password, and deletes nothing', async () => {
    const gil = await signUp(w.t, 'gil@example.com');
    const rui = await signUp(w.t, 'rui@example.com');
    const cases: [TestUser, object, string][] = [
      [gil, {}, 'confirmation'],
      [gil, { confirmation: 'delete please', password: 'secret123' }, 'confirmation'],
      // Someone else's address is not a confirmation of one's own account.
      [rui, { confirmation: gil.email, password: 'secret123' }, 'confirmation'],
      [gil, { confirmation: 'DELETE' }, 'password'],
      [gil, { confirmation: gil.email, password: 'not-my-password' }, 'password'],
    ];
    for (const [user, body, field] of cases) {
      const res = await remove(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
    const left = await w.t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} IN (${gil.id}, ${rui.id})`);
    expect(left).toHaveLength(2);
    expect((await api(w.t, gil).get('/api/me')).statusCode).toBe(200);
  });

  it('a guest (no password) needs a recent sign-in, and then the word is enough', async () => {
    const guest = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { origin: 'http://localhost:3000' },
    });
    if (guest.statusCode !== 200) return expect.fail(`anonymous sign-in: ${guest.statusCode} ${guest.body}`);
    const cookie = (guest.headers['set-cookie'] as string[] | string).toString().split(';')[0]!;
    const id = guest.json().user.id as string;
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { cookie },
      payload: { confirmation: 'DELETE' },
    });
    expect(res.statusCode).toBe(204);
    expect(await w.t.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
  });
});

/** Uploads a profile picture for the person; its storage key. */
async function uploadPicture(who: TestUser, png: Buffer): Promise<string> {
  const body = multipartFile('file', 'me.png', png, 'image/png');
  const upload = await w.t.app.inject({
    method: 'POST',
    url: '/api/me/photo',
    headers: { ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
  expect(upload.statusCode).toBe(200);
  return (upload.json().image as string).slice('/api/files/'.length);
}

describe('deleting an account with a history', () => {
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let dora: TestUser;
  let eva: TestUser;
  let past: string;
  let confirmed: string;
  let mine: string;
  let theirs: string;
  let picture: string;
  let earlierPicture: string;
  let brunoPicture: string;
  const ANA_SECRET = 'ana-private-words-7f3c';

  beforeAll(async () => {
    [ana, bruno, carla, dora, eva] = (await Promise.all(
      ['ana', 'bruno', 'carla', 'dora', 'eva'].map((n) => registeredUser(w.t, `${n}.h@example.com`, { fullName: `${n} Silva` })),
    )) as [TestUser, TestUser, TestUser, TestUser, TestUser];
    // A hike Ana and Bruno did, with words and feedback on both sides.
    past = await pendingMatch(bruno, ana, 'saturday');
    await setStatus(past, 'confirmed');
    expect((await say(ana, past, `${ANA_SECRET} see you at 9`)).statusCode).toBe(201);
    expect((await say(bruno, past, 'Great, bring water')).statusCode).toBe(201);
    await setStatus(past, 'completed');
    await w.t.database.db.insert(matchFeedback).values([
      { matchId: past, userId: ana.id, attended: true, rating: 5, comment: `${ANA_SECRET} lovely`, wouldHikeAgain: true },
      { matchId: past, userId: bruno.id, attended: true, rating: 4, comment: 'Ana was on time', wouldHikeAgain: true },
    ]);
    // Open plans: a confirmed hike with Carla, Ana's own search Eva asked to join, Dora's search Ana asked to join
    // (the same Saturday slot as Ana's own search: one hike at a time, ADR 0054).
    confirmed = await pendingMatch(carla, ana, 'sunday');
    await setStatus(confirmed, 'confirmed');
    mine = await pendingMatch(ana, eva, 'saturday', secondTrailId);
    theirs = await pendingMatch(dora, ana, 'saturday', secondTrailId);
    // Her own picture.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    picture = await uploadPicture(ana, png);
    expect(await stored(picture)).not.toBeNull();
    // She changed her picture since: the earlier one is in storage, no longer named anywhere.
    earlierPicture = picture;
    await w.t.app.inject({ method: 'GET', url: `/api/files/${earlierPicture}?w=480` });
    expect(await stored(variantKey(earlierPicture, 480))).not.toBeNull();
    w.clock.now = new Date(w.clock.now.getTime() + 60_000);
    picture = await uploadPicture(ana, png);
    expect(picture).not.toBe(earlierPicture);
    expect(await stored(earlierPicture)).not.toBeNull();
    // Someone else's picture, which must stay.
    brunoPicture = await uploadPicture(bruno, png);

    // An e-mail sign-in link she asked for and never used: our record of it names her address.
    const link = await browser(w.t).post('/api/auth/sign-in/magic-link', { email: ana.email, sessionId: 'a'.repeat(32), sameDevice: true });
    expect(link.statusCode, link.body).toBe(200);
    expect((await rowsMentioning(ana.email)).filter((row) => row.startsWith('one_time_records:'))).toHaveLength(1);

    const res = await remove(ana, { confirmation: 'ANA.H@example.com', password: 'secret123' });
    expect(res.statusCode).toBe(204);
    // The browser is told to drop the session cookie.
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=;/);
  });

  it('leaves no row of any table that names her id or her address, nor her words', async () => {
    // But one: the revocation that tells every instance her cached sessions are void (ADR 0058),
    // a security record kept an hour, far above the cache's lifetime, then pruned.
    const revocations = (rows: string[]) => rows.filter((row) => row.startsWith('session_revocations:'));
    const mentions = await rowsMentioning(ana.id);
    expect(mentions.filter((row) => !row.startsWith('session_revocations:'))).toEqual([]);
    expect(revocations(mentions)).toHaveLength(1);
    await pruneExpiredRecords(w.t.database.db, new Date(Date.now() + SESSION_REVOCATION_RETENTION_MS + 60_000));
    expect(await rowsMentioning(ana.id)).toEqual([]);
    expect(await rowsMentioning(ana.email)).toEqual([]);
    expect(await rowsMentioning(ANA_SECRET)).toEqual([]);
  });

  it('ends her sessions, and she cannot sign in again', async () => {
    expect((await api(w.t, ana).get('/api/me')).statusCode).toBe(401);
    const { res } = await signIn(w.t, ana.email, 'secret123');
    expect(res.statusCode).not.toBe(200);
  });

  it('cancels every open plan, tells the partners in neutral words, and gives Dora her search back', async () => {
    const rows = await w.t.database.db
      .select()
      .from(matches)
      .where(sql`${matches.id} IN (${confirmed}, ${mine}, ${theirs})`);
    // Each had a partner: each stays for them, cancelled, with the neutral note, by a Former member.
    expect(rows.map((m) => [m.id, m.status, m.cancelNote, m.cancelledBy]).sort()).toEqual(
      [confirmed, mine, theirs].map((id) => [id, 'cancelled', ACCOUNT_CLOSED_NOTE, FORMER_MEMBER.id]).sort(),
    );
    for (const partner of [carla, dora]) {
      const listed = await api(w.t, partner).get('/api/notifications');
      const item = listed.json().items.find((n: { kind: string }) => n.kind === 'match-cancelled');
      expect(item.body).toContain(`${FORMER_MEMBER.name} cancelled your hike`);
      expect(item.body).toContain(ACCOUNT_CLOSED_NOTE);
      // Earlier notifications about her (her request) now name a Former member too.
      expect(JSON.stringify(listed.json())).not.toMatch(/ana/i);
    }
    // Eva's request to Ana's search: the search is gone, Eva is told.
    const evas = await api(w.t, eva).get('/api/notifications');
    expect(evas.json().items.map((n: { kind: string }) => n.kind)).toContain('match-cancelled');
    const doraSearch = await w.t.database.db
      .select()
      .from(matches)
      .where(sql`${matches.id1} = ${dora.id} AND ${matches.status} = 'searching' AND ${matches.trailId} = ${secondTrailId}`);
    expect(doraSearch).toHaveLength(1);
  });

  it('keeps the past hike for Bruno with a Former member, her messages emptied, his feedback whole', async () => {
    const view = await api(w.t, bruno).get(`/api/matches/${past}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().status).toBe('completed');
    expect(view.json().partner.name).toBe(FORMER_MEMBER.name);
    expect(view.json().partner.instagram ?? null).toBeNull();
    const thread = await w.t.database.db.select().from(messages).where(eq(messages.matchId, past));
    expect(thread.map((m) => [m.senderId, m.body]).sort()).toEqual(
      [
        [FORMER_MEMBER.id, ERASED_MESSAGE_BODY],
        [bruno.id, 'Great, bring water'],
      ].sort(),
    );
    const feedback = await w.t.database.db.select().from(matchFeedback).where(eq(matchFeedback.matchId, past));
    expect(feedback.map((f) => [f.userId, f.comment, f.rating]).sort()).toEqual(
      [
        [FORMER_MEMBER.id, null, 5],
        [bruno.id, 'Ana was on time', 4],
      ].sort(),
    );
  });

  it('erases every picture she ever stored, with their resized copies, once the job runs; the job can run again harmlessly', async () => {
    const storage = withVariantCleanup(createLocalStorage(w.t.storageDir));
    await runDueJobs(w.t.database.url, { db: w.t.database.db, storage });
    for (const key of [picture, earlierPicture, variantKey(earlierPicture, 480)]) expect(await stored(key)).toBeNull();
    expect(await storage.list(`profilePictures/${ana.id}/`)).toEqual([]);
    // Bruno's picture is his, and stays.
    expect(await stored(brunoPicture)).not.toBeNull();
    await storage.delete(picture);
  });

  it('a second request is harmless: the old cookie is a 401, and the service finds nothing to do', async () => {
    expect((await remove(ana, { confirmation: 'DELETE', password: 'secret123' })).statusCode).toBe(401);
    expect(await deleteAccount(w.t.database.db, ana.id, new Date())).toEqual({ deleted: false, partnersNotified: 0 });
    expect(await deleteAccount(w.t.database.db, FORMER_MEMBER.id, new Date())).toEqual({ deleted: false, partnersNotified: 0 });
  });
});
