import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { bottomBar, signIn } from './support/people';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const MIGUEL = 'miguel@trailbuddy.app';
/** Not the journey's trail (nobody else may search that one). */
const TRAIL = 'Sintra Palaces Loop';
const POLL = { timeout: 10_000 };

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign In' });
const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const dayRadio = (page: Page, day: string) => page.locator(`input[name="trail-day"][value="${day}"]`);

/** What each view shows, so a Back, a Forward or a reload can be checked to land on it. */
interface Stop {
  path: string | RegExp;
  check(page: Page): Promise<void>;
}

async function expectAt(page: Page, stop: Stop) {
  if (typeof stop.path === 'string') await expect.poll(() => path(page), POLL).toBe(stop.path);
  else await expect.poll(() => path(page), POLL).toMatch(stop.path);
  await stop.check(page);
}

const headingIs = (text: string) => async (page: Page) => {
  await expect.poll(() => heading(page).textContent(), POLL).toBe(text);
};

describe.each([
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
])('addresses on a $name', ({ viewport }) => {
  let trailPath = '';

  it('Back and Forward walk home → trail → buddies → matches → profile, Back closes a modal first, and a reload stays on each view', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    // A visitor choosing a trail is asked to sign in; Back closes that modal and stays home.
    await page.getByRole('button', { name: TRAIL }).click();
    await signInDialog(page).waitFor();
    await page.goBack();
    await signInDialog(page).waitFor({ state: 'detached' });
    await expectAt(page, { path: '/', check: headingIs('Find your trail buddy') });

    await signIn(page, MIGUEL);
    await page.getByRole('button', { name: TRAIL }).click();
    await expect.poll(() => path(page), POLL).toMatch(/^\/trails\/[0-9a-f-]{36}$/);
    trailPath = path(page);
    await headingIs(TRAIL)(page);

    // The day not chosen yet goes into the URL.
    const otherDay = await page.locator('input[name="trail-day"]:not(:checked)').getAttribute('value');
    await page.locator('label', { has: dayRadio(page, otherDay!) }).click();
    const trail: Stop = {
      path: `${trailPath}?day=${otherDay}`,
      check: async (p) => {
        await headingIs(TRAIL)(p);
        await expect.poll(() => dayRadio(p, otherDay!).isChecked(), POLL).toBe(true);
      },
    };
    await expectAt(page, trail);

    await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    const buddies: Stop = {
      path: new RegExp(`^${trailPath}/buddies/searches/[0-9a-f-]{36}\\?day=${otherDay}$`),
      check: async (p) => {
        await p.getByText('Searching for buddies').waitFor();
        await headingIs(TRAIL)(p);
      },
    };
    await expectAt(page, buddies);
    const buddiesPath = path(page);

    // A modal opened on the way (the help carousel): Back closes it and stays on the view.
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    const carousel = page.getByRole('dialog', { name: 'How TrailBuddy works' });
    await carousel.waitFor();
    await page.goBack();
    await carousel.waitFor({ state: 'detached' });
    await expectAt(page, buddies);

    await bottomBar(page).getByRole('button', { name: 'Matches' }).click();
    await expectAt(page, { path: '/matches/upcoming', check: headingIs('My Matches') });
    await page.getByRole('tab', { name: /Pending/ }).click();
    const pending: Stop = {
      path: '/matches/pending',
      check: async (p) => {
        await headingIs('My Matches')(p);
        await expect.poll(() => p.getByRole('tab', { name: /Pending/ }).getAttribute('aria-selected'), POLL).toBe('true');
      },
    };
    await expectAt(page, pending);

    await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).click();
    const profile: Stop = { path: '/me', check: async (p) => void (await p.getByRole('main').getByText(MIGUEL).waitFor()) };
    await expectAt(page, profile);

    // Home greets the signed-in person by name.
    const home: Stop = { path: '/', check: headingIs('Hi, Miguel Santos!') };
    // Back through every view (choices inside a view replaced their entry), then Forward again.
    const stops = [home, trail, buddies, pending, profile];
    for (const stop of stops.slice(0, -1).reverse()) {
      await page.goBack();
      await expectAt(page, stop);
    }
    for (const stop of stops.slice(1)) {
      await page.goForward();
      await expectAt(page, stop);
    }

    // A reload lands on each view.
    for (const stop of stops) {
      await page.goto(stop === buddies ? buddiesPath : (stop.path as string));
      await page.reload();
      await expectAt(page, stop);
    }

    // Leave no search behind for the other specs.
    await page.goto(buddiesPath);
    await page.getByRole('button', { name: 'Cancel Search' }).click();
    await expectAt(page, home);
    await context.close();
  });

  it('a member-only link opened signed out asks for sign-in, then lands on the view', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/matches/pending');
    const dialog = signInDialog(page);
    await dialog.getByLabel('Email').fill(MIGUEL);
    await dialog.getByLabel('Password', { exact: true }).fill('trailbuddy');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectAt(page, {
      path: '/matches/pending',
      check: async (p) => {
        await headingIs('My Matches')(p);
        await expect.poll(() => p.getByRole('tab', { name: /Pending/ }).getAttribute('aria-selected'), POLL).toBe('true');
      },
    });
    await context.close();
  });

  it('a shared trail link shows the trail and its day in a fresh, signed-out browser', async () => {
    expect(trailPath).not.toBe('');
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${trailPath}?day=sunday`);
    await headingIs(TRAIL)(page);
    await expect.poll(() => dayRadio(page, 'sunday').isChecked(), POLL).toBe(true);
    expect(await signInDialog(page).count()).toBe(0);
    await context.close();
  });
});
