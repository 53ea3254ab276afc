import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { call } from './support/page-api';
import { signIn } from './support/people';
import { slotOfItsOwn, type NamedTrail } from './support/slots';

const browser = useBrowser();

/**
 * Demo people the other specs leave alone on this trail: Camille's profile spec only changes her
 * profile, and the administrator's specs only the trail manager. The e2e server seeds no demo
 * matches, so the hike is made here.
 */
const HIKER = 'camille@trailbuddy.app';
const BUDDY = 'admin@trailbuddy.app';
const TRAIL: NamedTrail = 'Preikestolen Cliff Hike';

/** The VEVENTs of an iCalendar text, read with ical.js, independently of the library that wrote it. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: String(vevent.getFirstPropertyValue('status')),
      url: String(vevent.getFirstPropertyValue('url')),
      alarms: vevent.getAllSubcomponents('valarm').length,
    };
  });
}

async function signedIn(email: string): Promise<Page> {
  const { page } = await browser.page();
  await page.goto('/');
  await signIn(page, email);
  return page;
}

type Match = { id: string; status: string; trailId: string; startTime: string; endTime: string };

describe('plans: the calendar', () => {
  it('downloads the .ics of a confirmed match from its card; the feed follows it to CANCELLED', async () => {
    const hiker = await signedIn(HIKER);
    const buddy = await signedIn(BUDDY);
    const buddyId = (await call<{ user: { id: string } }>(buddy, 'GET', '/api/me')).body.user.id;
    // A day of the coming weekend that no other spec searches on this trail; Camille invites the buddy, who accepts.
    const trail = await slotOfItsOwn(hiker, { trail: TRAIL });
    const invited = await call<Match>(hiker, 'POST', '/api/matches/invite', { userId: buddyId, trailId: trail.id, day: trail.day });
    expect(invited.status).toBe(200);
    const invitation = invited.body;
    const hike = (await call<Match>(buddy, 'POST', `/api/matches/${invitation.id}/accept`)).body;
    expect(hike.status).toBe('confirmed');
    // Accepting gave the buddy a new search for the slot; it is not part of this story.
    const theirs = (await call<{ matches: Match[] }>(buddy, 'GET', '/api/matches/mine')).body.matches;
    for (const m of theirs.filter((m) => m.status === 'searching' && m.trailId === trail.id)) {
      await call(buddy, 'POST', `/api/matches/${m.id}/cancel`);
    }

    // Add to calendar: a download from the match card, parsed.
    await hiker.goto('/matches/upcoming');
    const card = hiker.getByRole('article').filter({ has: hiker.locator(`a[href="/api/calendar/matches/${hike.id}"]`) });
    const [download] = await Promise.all([hiker.waitForEvent('download'), card.getByRole('link', { name: 'Add to calendar' }).click()]);
    expect(download.suggestedFilename()).toBe('trailbuddy-preikestolen-cliff-hike.ics');
    const [event, ...others] = parseEvents(await readFile((await download.path())!, 'utf8'));
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      summary: `${TRAIL} with Ana (confirmed)`,
      location: trail.location,
      start: hike.startTime,
      end: hike.endTime,
      status: 'CONFIRMED',
      alarms: 1,
    });
    // The link back opens the match in the app.
    expect(new URL(event!.url).pathname).toBe(`/matches/${hike.id}/accepted`);
    await hiker.goto(new URL(event!.url).pathname);
    await hiker.getByRole('heading', { level: 1, name: 'Match Accepted!' }).waitFor();
    expect(await hiker.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(`/api/calendar/matches/${hike.id}`);

    // The personal feed, made in the profile and read by URL without any session.
    await hiker.goto('/me');
    await hiker.getByRole('button', { name: 'Create calendar feed' }).click();
    const feedUrl = await hiker.getByRole('textbox', { name: 'Your calendar address' }).inputValue();
    const calendarApp = await browser.newContext();
    const feedEvent = async () => parseEvents(await (await calendarApp.request.get(feedUrl)).text()).find((e) => e.uid === event!.uid);
    expect(await feedEvent()).toMatchObject({ status: 'CONFIRMED', alarms: 1 });

    // Camille cancels the hike from its card with a reason; the feed marks it cancelled.
    await hiker.goto('/matches/upcoming');
    await card.getByRole('button', { name: 'Cancel hike' }).click();
    const dialog = hiker.getByRole('dialog', { name: 'Cancel this hike?' });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('The forecast says storms all weekend.');
    await dialog.getByRole('button', { name: 'Cancel hike' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    expect(await feedEvent()).toMatchObject({ status: 'CANCELLED', alarms: 0 });
    // The buddy sees why.
    const changed = (await call<{ matches: { id: string; cancellation: { note: string } }[] }>(buddy, 'GET', '/api/matches/changed-plans'))
      .body;
    expect(changed.matches.find((m) => m.id === hike.id)?.cancellation.note).toBe('The forecast says storms all weekend.');

    // Turned off, the address answers 404.
    await hiker.goto('/me');
    await hiker.getByRole('button', { name: 'Turn off' }).click();
    await hiker.getByRole('button', { name: 'Create calendar feed' }).waitFor();
    expect((await calendarApp.request.get(feedUrl)).status()).toBe(404);
  });
});
