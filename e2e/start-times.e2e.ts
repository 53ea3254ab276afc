import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { addTrail } from './support/admin';
import { apiIn } from './support/members';
import { signIn } from './support/people';
import { showAllTrails } from './support/trail-list';

/**
 * A trail's start times (issue 23, ADR 0065) in Chromium at a phone's width and a laptop's: an
 * administrator gives a trail a second start time in the form, a member chooses it on the trail
 * page and searches, and the hike that follows starts then.
 */

const browser = useBrowser();

const HOUR_MS = 3_600_000;

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])('start times at $width px', (viewport) => {
  it('an administrator sets two start times, a member searches at the second, and the hike starts then', { timeout: 240_000 }, async () => {
    const tag = `${viewport.width}-${Date.now().toString(36).slice(-4)}`;
    const name = `Two Starts ${tag}`;
    const { page: admin } = await browser.page(viewport);
    await admin.goto('/');
    await signIn(admin, 'admin@trailbuddy.app');
    const added = await addTrail<{ id: string; startTime: string }>(admin, name, 'start-times', { weekendDay: 'saturday' });

    // The administrator adds 16:30 to the trail's one time (10:00) in the edit form.
    await admin.goto('/admin');
    const list = admin.getByRole('region', { name: /^Trails/ });
    await showAllTrails(list);
    await list.getByRole('button', { name: `Edit ${name}` }).click();
    const form = admin.getByRole('region', { name: `Edit ${name}` });
    expect(await form.getByLabel('Start time 1').inputValue()).toBe('10:00');
    await form.getByRole('button', { name: 'Add a start time' }).click();
    await form.getByLabel('Start time 2').fill('16:30');
    await admin.screenshot({ path: `/tmp/start-times-admin-${viewport.width}.png`, fullPage: false });
    await form.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText(`${name} was saved.`).waitFor();
    const saved = await apiIn<{ startTimes: string[]; startTime: string }>(admin, 'GET', `/api/trails/${added.id}`);
    expect(saved.startTimes).toEqual(['10:00', '16:30']);

    // Lia chooses Saturday at the second time on the trail page and searches.
    const lia = await browser.member(`Lia Times ${tag}`, 'lia', { viewport });
    await lia.goto(`/trails/${added.id}?day=saturday`);
    const times = lia.getByRole('group', { name: 'Choose your start time' });
    await times.waitFor();
    const second = times.locator('label').filter({ has: lia.locator('input[value="16:30"]') });
    const shownTime = (await second.locator('span').first().textContent())!;
    await second.click();
    expect(await lia.locator('input[name="trail-time"][value="16:30"]').isChecked()).toBe(true);
    await lia.screenshot({ path: `/tmp/start-times-trail-${viewport.width}.png`, fullPage: true });
    await lia.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    await lia.waitForURL(/\/buddies\/searches\/.*time=16%3A30|\/buddies\/searches\/.*time=16:30/);
    const searchId = new URL(lia.url()).pathname.split('/').at(-1)!;

    // Tom asks to hike with her and she accepts: the hike starts at the second time.
    const tom = await browser.member(`Tom Times ${tag}`, 'tom', { viewport });
    await apiIn(tom, 'POST', `/api/matches/${searchId}/request`);
    const hike = await apiIn<{ status: string; startTime: string; endTime: string }>(lia, 'POST', `/api/matches/${searchId}/accept`);
    expect(hike.status).toBe('confirmed');
    expect(Date.parse(hike.startTime) - Date.parse(saved.startTime)).toBe(6.5 * HOUR_MS);
    expect(Date.parse(hike.endTime) - Date.parse(hike.startTime)).toBe(3 * HOUR_MS);

    await lia.goto('/matches/upcoming');
    const card = lia.getByRole('article').filter({ hasText: name });
    // The card writes the time as the trail page did (one shared formatter, issue 23): the page's
    // "16:30" starts the card's range "16:30–19:30".
    expect(shownTime).toMatch(/^\d{2}:\d{2}$/);
    await card.getByText(`${shownTime}\u2013`, { exact: false }).waitFor();
    await lia.screenshot({ path: `/tmp/start-times-hike-${viewport.width}.png`, fullPage: false });
    await apiIn(admin, 'DELETE', `/api/trails/${added.id}`);
  });
});
