import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMERGENCY_CONTACT_INVITES_PER_DAY, emergencyContactInvitesExhausted } from '@trailbuddy/shared/contracts/trip';
import { parseTemplateMail, renderMail } from '../../mail/templates.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import { queuedMail } from '../../test/queued-jobs.js';
import type { TestUser } from '../../test/test-app.js';

// Issue 22, findings 4 and 5: the emergency contact is not a mail cannon, and what it was handed
// ends with it.
let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let carla: TestUser;
let dan: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Santos' });
  carla = await registeredUser(w.t, 'carla@example.com', { fullName: 'Carla Mendes' });
  dan = await registeredUser(w.t, 'dan@example.com', { fullName: 'Dan Costa' });
});
afterAll(async () => w.t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const queuedMails = (template: string, to?: string) => queuedMail(w.t.database.db, { template, ...(to && { to }) });
const pathOf = (link: string) => new URL(link).pathname;
const put = (user: TestUser, payload: unknown) =>
  w.t.app.inject({ method: 'PUT', url: '/api/me/emergency-contact', headers: { cookie: user.cookie }, payload: payload as object });
const page = (path: string, method: 'GET' | 'POST' = 'GET') =>
  w.t.app.inject({
    method,
    url: path,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}),
  });

/** Sets a contact and follows its confirmation link; returns that link's path. */
async function confirmedContact(user: TestUser, name: string, email: string): Promise<string> {
  expect((await put(user, { name, email })).statusCode).toBe(200);
  const link = (await queuedMails('emergency-contact-confirm', email)).at(-1)!.params.link!;
  expect((await page(pathOf(link), 'POST')).statusCode).toBe(200);
  return pathOf(link);
}

/** A confirmed hike of `a` and `b`, shared by `a` with their contact: the match and the trip page's path. */
async function sharedTrip(a: TestUser, b: TestUser, day: 'saturday' | 'sunday'): Promise<{ matchId: string; trip: string }> {
  const invitation = (await api(w.t, a).post('/api/matches/invite', { userId: b.id, trailId: w.trailId, day })).json();
  expect((await api(w.t, b).post(`/api/matches/${invitation.id}/accept`)).json()).toMatchObject({ status: 'confirmed' });
  expect((await api(w.t, a).post(`/api/matches/${invitation.id}/trip/share`)).statusCode).toBe(200);
  const trip = pathOf((await queuedMails('trip-card')).at(-1)!.params.trip_link!);
  expect(await tripAnswer(trip)).toEqual({ status: 200, showsTrip: true });
  return { matchId: invitation.id, trip };
}

async function tripAnswer(path: string) {
  const res = await page(path);
  return { status: res.statusCode, showsTrip: res.body.includes('Arrábida Ridge') };
}

const sharedAt = async (user: TestUser, matchId: string) => (await api(w.t, user).get(`/api/matches/${matchId}/trip`)).json().sharedAt;

describe('a trip link ends with the contact who held it (finding 5)', () => {
  it('replacing the contact ends its trip page and its confirmation link', async () => {
    const oldConfirm = await confirmedContact(ana, 'Marta Ribeiro', 'marta@example.com');
    const { matchId, trip } = await sharedTrip(ana, rui, 'saturday');

    expect((await put(ana, { name: 'João Ribeiro', email: 'joao@example.com' })).statusCode).toBe(200);
    expect(await tripAnswer(trip)).toEqual({ status: 404, showsTrip: false });
    expect((await page(oldConfirm)).statusCode).toBe(404);
    expect((await page(oldConfirm, 'POST')).statusCode).toBe(404);
    // Nobody holds a link to the hike until Ana shares it with the new contact.
    expect(await sharedAt(ana, matchId)).toBeNull();
  });

  it('removing the contact ends its trip page and its confirmation link', async () => {
    const confirm = await confirmedContact(carla, 'Eva Mendes', 'eva@example.com');
    const { matchId, trip } = await sharedTrip(carla, dan, 'saturday');

    expect(
      (await w.t.app.inject({ method: 'DELETE', url: '/api/me/emergency-contact', headers: { cookie: carla.cookie } })).statusCode,
    ).toBe(204);
    expect(await tripAnswer(trip)).toEqual({ status: 404, showsTrip: false });
    expect((await page(confirm)).statusCode).toBe(404);
    expect(await sharedAt(carla, matchId)).toBeNull();
  });

  it('a new name for the same address is the same contact: the link stays', async () => {
    await confirmedContact(dan, 'Rita Costa', 'rita@example.com');
    const { trip } = await sharedTrip(dan, carla, 'sunday');
    expect((await put(dan, { name: 'Rita C.', email: 'RITA@example.com' })).statusCode).toBe(200);
    expect(await tripAnswer(trip)).toEqual({ status: 200, showsTrip: true });
  });
});

describe('invitations to new contact addresses (finding 4)', () => {
  it(`are limited to ${EMERGENCY_CONTACT_INVITES_PER_DAY} a day per account, with a 429 naming the field`, async () => {
    const sam = await registeredUser(w.t, 'sam@example.com', { fullName: 'Sam Lee' });
    const before = (await queuedMails('emergency-contact-confirm')).length;
    for (let i = 1; i <= EMERGENCY_CONTACT_INVITES_PER_DAY; i++) {
      expect((await put(sam, { name: `Contact ${i}`, email: `contact${i}@example.com` })).statusCode).toBe(200);
    }
    const refused = await put(sam, { name: 'One more', email: 'one.more@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'too-many-requests', fields: { email: emergencyContactInvitesExhausted } });
    // Nothing changed and nothing more was mailed.
    expect((await api(w.t, sam).get('/api/me/emergency-contact')).json().contact.email).toBe(
      `contact${EMERGENCY_CONTACT_INVITES_PER_DAY}@example.com`,
    );
    expect((await queuedMails('emergency-contact-confirm')).length).toBe(before + EMERGENCY_CONTACT_INVITES_PER_DAY);
    // A name change of the current contact is no invitation.
    expect((await put(sam, { name: 'Renamed', email: `contact${EMERGENCY_CONTACT_INVITES_PER_DAY}@example.com` })).statusCode).toBe(200);
    // A day later there is a new allowance.
    const start = w.clock.now;
    w.clock.now = new Date(start.getTime() + DAY_MS);
    try {
      expect((await put(sam, { name: 'One more', email: 'one.more@example.com' })).statusCode).toBe(200);
    } finally {
      w.clock.now = start;
    }
  });

  it('counts racing requests atomically', async () => {
    const lea = await registeredUser(w.t, 'lea@example.com', { fullName: 'Lea Park' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put(lea, { name: `Racer ${i}`, email: `racer${i}@example.com` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(EMERGENCY_CONTACT_INVITES_PER_DAY);
    expect(codes.filter((c) => c === 429)).toHaveLength(8 - EMERGENCY_CONTACT_INVITES_PER_DAY);
    const mailed = (await queuedMails('emergency-contact-confirm')).filter((m) => m.to.startsWith('racer'));
    expect(mailed).toHaveLength(EMERGENCY_CONTACT_INVITES_PER_DAY);
  });

  it('keep the member’s words out of the subject and greeting, quoted and escaped in the body', async () => {
    const spammer = await registeredUser(w.t, 'spam@example.com', { fullName: 'Visit <b>spam-site</b> dot example' });
    const name = 'Visit <a href="http://spam.example">spam-site</a> dot example 12';
    expect((await put(spammer, { name, email: 'victim@example.com' })).statusCode).toBe(200);
    const queued = (await queuedMails('emergency-contact-confirm', 'victim@example.com')).at(-1)!;
    const mail = renderMail(parseTemplateMail('emergency-contact-confirm', { to_email: queued.to, ...queued.params }));
    expect(mail.subject).toBe('You were named as an emergency contact on TrailBuddy');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Hello,');
      expect(part).not.toContain('Hi Visit');
    }
    expect(mail.html).not.toContain('<a href="http://spam.example">');
    expect(mail.html).not.toContain('<b>spam-site</b>');
    expect(mail.html).toContain('“Visit &lt;a href=&quot;http://spam.example&quot;&gt;spam-site&lt;/a&gt; dot example 12”');
    expect(mail.text).toContain(`Your name, as they wrote it: “${name}”`);
    expect(mail.text).toContain('Their name, as they wrote it: “Visit <b>spam-site</b> dot example”');
  });
});
