import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { withDatabase } from './support/db';
import { linkIn, waitForMail } from './support/inbox';
import { call } from './support/page-api';
import { slotOfItsOwn } from './support/slots';
import { uniqueEmail } from './support/people';

const browser = useBrowser();

/**
 * People of this spec's own: it moves their hike into the past, which leaves each of them a
 * feedback prompt that would open over any other spec signing in as them afterwards.
 */
const ANA = 'Ana Trip';
const BUDDY = 'Noah Trip';

type Match = { id: string; status: string; trailId: string };

const signedIn = (fullName: string, emailPrefix: string): Promise<Page> => browser.member(fullName, emailPrefix);

/** Moves a session in time (the server has no clock to move; the journey spec does the same). */
const moveSession = (matchId: string, startFromNow: string, endFromNow: string) =>
  withDatabase((db) =>
    db.query(`UPDATE matches SET start_time = now() + $2::interval, end_time = now() + $3::interval WHERE id = $1`, [
      matchId,
      startFromNow,
      endFromNow,
    ]),
  );

describe('the trip plan', () => {
  it('Ana shares her trip with her confirmed contact, checks in, and the contact is alerted when she is overdue', async () => {
    const contact = { name: 'Marta Ribeiro', email: uniqueEmail('marta') };
    const ana = await signedIn(ANA, 'ana-trip');

    // The emergency contact, from the profile: the contact receives a confirmation link first.
    await ana.goto('/me');
    const section = ana.getByRole('region', { name: 'Emergency contact' });
    await section.getByRole('textbox', { name: "Contact's name" }).fill(contact.name);
    await section.getByRole('textbox', { name: "Contact's e-mail" }).fill(contact.email);
    await section.getByRole('button', { name: 'Save and send the confirmation link' }).click();
    await section.getByText(`Waiting for ${contact.name} to confirm`).waitFor();

    const confirmation = await waitForMail(contact.email, (m) => m.subject.includes('emergency contact'));
    const contactBrowser = await browser.newContext();
    const inbox = await contactBrowser.newPage();
    await inbox.goto(linkIn(confirmation, '/emergency-contact/'));
    await inbox.getByRole('button', { name: 'I agree' }).click();
    await inbox.getByRole('heading', { name: 'Thank you' }).waitFor();
    await ana.reload();
    await section.getByText('Confirmed: they agreed to be your contact.').waitFor();

    // A confirmed hike with Noah, starting in half an hour (so check-in is open).
    const buddy = await signedIn(BUDDY, 'noah-trip');
    const buddyId = (await call<{ user: { id: string } }>(buddy, 'GET', '/api/me')).body.user.id;
    const trail = await slotOfItsOwn(ana);
    const invited = await call<Match>(ana, 'POST', '/api/matches/invite', { userId: buddyId, trailId: trail.id, day: trail.day });
    expect(invited.status).toBe(200);
    const invitation: Match | undefined = invited.body;
    expect(invitation).toBeDefined();
    expect((await call<Match>(buddy, 'POST', `/api/matches/${invitation!.id}/accept`)).body.status).toBe('confirmed');
    await moveSession(invitation!.id, '30 minutes', '3 hours 30 minutes');

    // Share my trip, from the match card: the trip card reaches the contact, its page opens without signing in.
    await ana.goto('/matches/upcoming');
    const card = ana
      .getByRole('article')
      .filter({ hasText: trail.name })
      .filter({ has: ana.getByRole('button', { name: 'Share my trip' }) });
    await card.getByRole('button', { name: 'Share my trip' }).click();
    await card.getByText('Trip shared with your emergency contact.').waitFor();
    const tripCard = await waitForMail(contact.email, (m) => m.subject === `${ANA} shared a hike plan with you`);
    expect(tripCard.html).toContain(trail.name);
    await inbox.goto(linkIn(tripCard, '/trip/'));
    await inbox.getByRole('heading', { name: `${ANA}'s hike` }).waitFor();
    await inbox.getByText(`${ANA} has not checked in yet.`).waitFor();

    // She checks in at the trailhead.
    await card.getByRole('button', { name: 'Check in' }).click();
    await card.getByText('You checked in.').waitFor();

    // Time passes: the session ended two hours ago and she never checked out. The overdue job runs
    // every minute; adding its job now (as the cron tick would) saves the wait.
    await moveSession(invitation!.id, '-5 hours', '-2 hours');
    await withDatabase((db) => db.query(`SELECT graphile_worker.add_job('alert_overdue_trips')`));
    const alert = await waitForMail(contact.email, (m) => m.subject === `${ANA} has not checked out of their hike`, 90_000);
    expect(alert.html).toContain('Their last check-in:');
    expect(alert.html).toContain(trail.name);

    // Ana is told that her contact was alerted.
    const told = await call<{ items: { kind: string; matchId: string | null }[] }>(ana, 'GET', '/api/notifications');
    expect(told.body.items.some((n) => n.kind === 'trip-overdue' && n.matchId === invitation!.id)).toBe(true);
  });
});
