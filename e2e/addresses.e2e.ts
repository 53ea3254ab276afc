import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { apiIn } from './support/members';
import { bottomBar, signIn } from './support/people';
import { sharedSlot } from './support/slots';

const browser = useBrowser();

const MIGUEL = 'miguel@trailbuddy.app';
/** Miguel searches its other day, which this spec claims (support/slots.ts). */
const TRAIL = 'Sintra Palaces Loop';
const POLL = { timeout: 10_000 };

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign In' });
const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
/**
 * The slot Miguel searches: the trail's other day (the journey walks the day choice into the
 * address), which no other spec searches; both widths share it.
 */
const slot = sharedSlot({ trail: TRAIL, day: 'other' });
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

  it('Back and Forward walk home → trail → buddies → sent → matches → a person → my profile, Back closes each modal first, and a reload stays on each view', async () => {
    const { context, page } = await browser.page(viewport);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    // Someone of this spec's own already looks for a buddy there: the Best Match Miguel invites.
    const where = await slot(page);
    const buddyName = `Bea Addresses ${viewport.width}-${Date.now().toString(36).slice(-4)}`;
    const buddy = await browser.member(buddyName, 'bea-addresses', { viewport });
    await apiIn(buddy, 'POST', '/api/matches/search', { trailId: where.id, day: where.day });

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
    expect(trailPath).toBe(`/trails/${where.id}`);
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
      // Searching at first, then waiting for the invited buddy: the trail's name heads both.
      check: headingIs(TRAIL),
    };
    await expectAt(page, buddies);
    await page.getByText('Searching for buddies').waitFor();
    const buddiesPath = path(page);

    // A modal opened on the way (the help carousel): the native <dialog> in the top layer with
    // the page behind it inert (ADR 0021), and Back closes it and stays on the view.
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    const carousel = page.getByRole('dialog', { name: 'How TrailBuddy works' });
    await carousel.waitFor();
    expect(await carousel.evaluate((dialog) => dialog.tagName === 'DIALOG' && dialog.matches(':modal'))).toBe(true);
    expect(await carousel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    // Tab never leaves the dialog for the inert page behind it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !document.querySelector('#main')?.contains(document.activeElement))).toBe(true);
    }
    await page.goBack();
    await carousel.waitFor({ state: 'detached' });
    await expectAt(page, buddies);

    // The custom-date dialog: Escape closes it and drops its entry; opened again, Back closes it.
    const proposeDate = page.getByRole('dialog', { name: 'Propose a Date' });
    await page.getByRole('button', { name: 'Propose a Date' }).click();
    await proposeDate.waitFor();
    await page.keyboard.press('Escape');
    await proposeDate.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Propose a Date' }).click();
    await proposeDate.waitFor();
    await page.goBack();
    await proposeDate.waitFor({ state: 'detached' });
    await expectAt(page, buddies);

    // A Best Match's profile, a dialog with its own entry: Back closes it; opened again, Invite to Hike
    // leads to the request-sent view, which takes the dialog's entry.
    const candidate = page.getByRole('main').locator('article h3 button[aria-haspopup="dialog"]').filter({ hasText: buddyName });
    await candidate.waitFor();
    await candidate.click();
    const profileDialog = page.getByRole('dialog', { name: buddyName });
    await profileDialog.waitFor();
    await page.goBack();
    await profileDialog.waitFor({ state: 'detached' });
    await expectAt(page, buddies);
    await candidate.click();
    await profileDialog.getByRole('button', { name: 'Invite to Hike' }).click();
    const sent: Stop = { path: /^\/matches\/[0-9a-f-]{36}\/sent$/, check: headingIs('Request sent to play!') };
    await expectAt(page, sent);
    const sentPath = path(page);

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

    // A partner's profile from a pending card.
    const partner = page
      .getByRole('main')
      .getByRole('button', { name: /^Partner: / })
      .first();
    const partnerName = ((await partner.textContent()) ?? '').replace(/^Partner: /, '').trim();
    await partner.click();
    const person: Stop = {
      path: /^\/people\/[^/]+$/,
      check: async (p) => void (await p.getByRole('main').getByText(partnerName, { exact: true }).first().waitFor()),
    };
    await expectAt(page, person);
    const personPath = path(page);

    await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).click();
    const profile: Stop = { path: '/me', check: async (p) => void (await p.getByRole('main').getByText(MIGUEL).waitFor()) };
    await expectAt(page, profile);

    // Home greets the signed-in person by name.
    const home: Stop = { path: '/', check: headingIs('Hi, Miguel Santos!') };
    // Back through every view (choices inside a view replaced their entry), then Forward again.
    const stops = [home, trail, buddies, sent, pending, person, profile];
    for (const stop of stops.slice(0, -1).reverse()) {
      await page.goBack();
      await expectAt(page, stop);
    }
    for (const stop of stops.slice(1)) {
      await page.goForward();
      await expectAt(page, stop);
    }

    // A reload lands on each view.
    const addressOf = new Map<Stop, string>([
      [buddies, buddiesPath],
      [sent, sentPath],
      [person, personPath],
    ]);
    for (const stop of stops) {
      await page.goto(addressOf.get(stop) ?? (stop.path as string));
      await page.reload();
      await expectAt(page, stop);
    }
    await context.close();

    // Leave no match behind for the other specs (and the next viewport): the invited buddy declines.
    const sentId = /\/matches\/([0-9a-f-]{36})\/sent/.exec(sentPath)![1];
    const status = await buddy.evaluate(
      async (id) => (await fetch(`/api/matches/${id}/reject`, { method: 'POST', headers: { Accept: 'application/json' } })).status,
      sentId,
    );
    expect(status).toBe(200);
  });

  it('a member-only link opened signed out asks for sign-in, then lands on the view', async () => {
    const { context, page } = await browser.page(viewport);
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

  it(`shows the navigation ${viewport.width >= 1024 ? 'in the header, not the bottom bar' : 'in the bottom bar, not the header'}`, async () => {
    const { context, page } = await browser.page(viewport);
    await page.goto('/');
    await heading(page).waitFor();
    const wide = viewport.width >= 1024;
    const navs = await page.evaluate(() =>
      Array.from(document.querySelectorAll('nav[aria-label="Main"]')).map((nav) => ({
        inHeader: nav.closest('header') !== null,
        shown: getComputedStyle(nav).display !== 'none',
      })),
    );
    expect(navs).toEqual([
      { inHeader: true, shown: wide },
      { inHeader: false, shown: !wide },
    ]);
    expect(await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).isVisible()).toBe(wide);
    // Exactly one navigation is there for people and assistive technology.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    // Wide, the app uses the width: the main column is wider than the phone's 768 px column.
    const mainWidth = await page.locator('#main').evaluate((main) => main.getBoundingClientRect().width);
    if (wide) expect(mainWidth).toBeGreaterThan(1000);
    else expect(mainWidth).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });

  it('an address that matches no view shows the not-found view with the way home, answered with a 404', async () => {
    const { context, page } = await browser.page(viewport);
    const response = await page.goto('/trails/nowhere/reviews');
    expect(response?.status()).toBe(404);
    await headingIs('Page not found')(page);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expectAt(page, { path: '/', check: headingIs('Find your trail buddy') });
    await context.close();
  });

  it('a shared trail link shows the trail and its day in a fresh, signed-out browser', async () => {
    expect(trailPath).not.toBe('');
    const { context, page } = await browser.page(viewport);
    await page.goto(`${trailPath}?day=sunday`);
    await headingIs(TRAIL)(page);
    await expect.poll(() => dayRadio(page, 'sunday').isChecked(), POLL).toBe(true);
    expect(await signInDialog(page).count()).toBe(0);
    await context.close();
  });
});
