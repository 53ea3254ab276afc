import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { myMatches, signIn } from './support/people';

let browser: Browser;
let context: BrowserContext | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

/** A demo person with confirmed hikes on the coming weekends (the seed rebuilds them relative to today). */
const DEMO = 'miguel@trailbuddy.app';

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

describe('plans: the calendar', () => {
  it('downloads the .ics of a confirmed match from its card, and the feed lists it', async () => {
    const opened = await newPage(browser);
    context = opened.context;
    const { page } = opened;
    await page.goto('/');
    await signIn(page, DEMO);

    const hike = (await myMatches(page)).find((m) => m.status === 'confirmed' && new Date(m.startTime).getTime() > Date.now());
    expect(hike, 'the demo seed gives Miguel a confirmed hike to come').toBeDefined();

    await page.goto('/matches/upcoming');
    const link = page.locator(`a[href="/api/calendar/matches/${hike!.id}"]`);
    expect(await link.textContent()).toContain('Add to calendar');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^trailbuddy-[a-z0-9-]+\.ics$/);
    const events = parseEvents(await readFile((await download.path())!, 'utf8'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: hike!.startTime, end: hike!.endTime, status: 'CONFIRMED', alarms: 1 });
    expect(events[0]!.summary).toContain(hike!.trail!.name);
    expect(events[0]!.summary).toMatch(/ with \S+ \(confirmed\)$/);
    expect(new URL(events[0]!.url).pathname).toBe(`/matches/${hike!.id}/accepted`);

    // The link back opens the match in the app.
    await page.goto(new URL(events[0]!.url).pathname);
    await page.getByRole('heading', { level: 1, name: 'Match Accepted!' }).waitFor();

    // The personal feed: made in the profile, read by URL without the session, turned off again.
    await page.goto('/me');
    await page.getByRole('button', { name: 'Create calendar feed' }).click();
    const feedUrl = await page.getByRole('textbox', { name: 'Your calendar address' }).inputValue();
    const anonymous = await browser.newContext();
    try {
      const feed = await anonymous.request.get(feedUrl);
      expect(feed.status()).toBe(200);
      const listed = parseEvents(await feed.text()).find((e) => e.uid.includes(hike!.id));
      expect(listed).toMatchObject({ status: 'CONFIRMED', alarms: 1 });

      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('button', { name: 'Create calendar feed' }).waitFor();
      expect((await anonymous.request.get(feedUrl)).status()).toBe(404);
    } finally {
      await anonymous.close();
    }
  });
});
