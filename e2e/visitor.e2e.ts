import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { bottomBar } from './support/people';
import { scrollToEndOfTrails } from './support/trail-list';

const browser = useBrowser();

/** What each trail card on screen says: its name, activity badge and place. */
async function visibleCards(page: Page) {
  return page.getByRole('article').evaluateAll((articles) =>
    articles.map((article) => ({
      name: article.querySelector('h3')?.textContent ?? '',
      // The badge on the picture: the one text that is exactly an activity.
      activity:
        Array.from(article.querySelectorAll('span'))
          .map((s) => s.textContent ?? '')
          .find((t) => /^(Hiking|Running|Biking)$/.test(t)) ?? '',
      location: article.querySelector('h3 + p')?.textContent ?? '',
    })),
  );
}

/** The filters work in the page itself, but a busy machine may take a moment to render. */
const POLL = { timeout: 5_000 };

const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign In' });

describe('a visitor, not signed in', () => {
  it('browses the trails, narrows them by activity and by country, and meets the empty state', async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Find your trail buddy' }).waitFor();
    await page.getByRole('article').first().waitFor();
    const all = await visibleCards(page);
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((c) => c.activity))).toEqual(new Set(['Hiking', 'Running', 'Biking']));

    const activity = page.getByRole('group', { name: 'Activity' });
    await expect.poll(() => activity.getByRole('button', { name: 'All' }).getAttribute('aria-pressed'), POLL).toBe('true');

    // Running: only running trails, and all of them.
    await activity.getByRole('button', { name: 'Running' }).click();
    await expect.poll(() => activity.getByRole('button', { name: 'Running' }).getAttribute('aria-pressed'), POLL).toBe('true');
    const running = all.filter((c) => c.activity === 'Running');
    await expect.poll(async () => (await visibleCards(page)).map((c) => c.name), POLL).toEqual(running.map((c) => c.name));
    expect(running.map((c) => c.name)).toContain('Tagus Riverside Run');
    expect(await page.getByRole('button', { name: 'Sintra Palaces Loop' }).count()).toBe(0);

    // All: every trail again.
    await activity.getByRole('button', { name: 'All' }).click();
    await expect.poll(async () => (await visibleCards(page)).length, POLL).toBe(all.length);

    // Location, grouped by country: the whole of Spain.
    const location = page.getByLabel('Location');
    const groups = await location.locator('optgroup').evaluateAll((els) => els.map((el) => (el as HTMLOptGroupElement).label));
    expect(groups).toEqual(expect.arrayContaining(['Portugal', 'Spain', 'France', 'Italy', 'Switzerland', 'Norway']));
    await location.selectOption({ label: 'All of Spain' });
    const spain = all.filter((c) => c.location.endsWith(', Spain'));
    expect(spain.length).toBeGreaterThan(0);
    await expect.poll(async () => (await visibleCards(page)).map((c) => c.name), POLL).toEqual(spain.map((c) => c.name));

    // Spain has no biking trail: the empty state, and its button clears both filters.
    expect(spain.some((c) => c.activity === 'Biking')).toBe(false);
    await activity.getByRole('button', { name: 'Biking' }).click();
    await page.getByText('No trails match your filters.').waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(async () => (await visibleCards(page)).length, POLL).toBe(all.length);
    expect(await location.inputValue()).toBe('');
    await context.close();
  });

  it('sees the first page of trails, and the next as the list is scrolled to its end', async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    await page.getByRole('article').first().waitFor();
    // The page carries the first twelve; the demo has fourteen.
    expect(await page.getByRole('article').count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Show more trails' }).count()).toBe(1);
    const names = async () => (await visibleCards(page)).map((c) => c.name);
    const first = await names();
    expect(await scrollToEndOfTrails(page)).toBeGreaterThanOrEqual(14);
    const all = await names();
    expect(all.slice(0, 12)).toEqual(first);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('Preikestolen Cliff Hike');
    expect(await page.getByRole('button', { name: 'Show more trails' }).count()).toBe(0);
    await context.close();
  });

  it('is asked to sign in when opening a trail, the Agenda or the Matches', async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    // The header knows nobody is signed in once it offers Sign In.
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    await page.getByRole('button', { name: 'Sintra Palaces Loop' }).click();
    const dialog = signInDialog(page);
    await dialog.waitFor();
    await dialog.getByLabel('Email').waitFor();
    // Still on the home page behind the dialog: the trail did not open.
    expect(await page.getByRole('button', { name: 'Find Hiking Buddy' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    for (const tab of ['Agenda', 'Matches']) {
      await bottomBar(page).getByRole('button', { name: tab }).click();
      await dialog.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Find your trail buddy');
      expect(await bottomBar(page).getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});

describe('a visitor who taps a trail and signs in (issue 23)', () => {
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ])('reaches the trail they tapped, on a %s', async (_, viewport) => {
    const { context, page } = await browser.page(viewport);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    await page.getByRole('button', { name: 'Sintra Palaces Loop' }).click();
    const dialog = signInDialog(page);
    await dialog.getByLabel('Email').fill('ingrid@trailbuddy.app');
    await dialog.getByLabel('Password').fill('trailbuddy');
    await dialog.getByRole('button', { name: 'Sign In' }).click();

    // Not Home: the trail that was tapped, with its address, and no prompt left open.
    await page.getByRole('heading', { level: 1, name: 'Sintra Palaces Loop' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/trails\/[^/]+$/);
    await page.getByRole('button', { name: 'Find Hiking Buddy' }).waitFor();
    expect(await dialog.count()).toBe(0);
    // Back returns to Home, where the tap was made.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /^Hi, / }).waitFor();
    await context.close();
  });
});
