import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { apiIn, person } from './support/members';

/**
 * Best Matches says how good a match is, why, and how far each person lives from the trailhead
 * (issue 24, ADR 0064), lists the people within the viewer's travel distance first (ADR 0068),
 * and gives a hike to join its average figure, why and distance, in Chromium at a phone's width
 * and a laptop's.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * A trail near Lisbon, where every member of this spec lives, that no other spec searches: one
 * that others fill with searchers of their own would push the farther person off the first page.
 */
const TRAIL = 'Tagus Riverside Run';

async function comingTrail(page: Page): Promise<{ id: string; day: 'saturday' | 'sunday' }> {
  const { trails } = await apiIn<{
    trails: { id: string; name: string; startTime: string; weekendDay: 'saturday' | 'sunday'; trailhead: unknown }[];
  }>(page, 'GET', `/api/trails?q=${encodeURIComponent(TRAIL)}`);
  const trail = trails.find((t) => t.name === TRAIL && t.trailhead && Date.parse(t.startTime) > Date.now() + 60 * 60 * 1000);
  if (!trail) throw new Error(`no session of ${TRAIL} still to come`);
  return { id: trail.id, day: trail.weekendDay };
}

describe.each(WIDTHS)('Best Matches at $width px', (viewport) => {
  it(
    'shows each searcher’s figure, why, and distance to the trailhead, the near first; one from London is marked as farther; a hike to join says the same',
    { timeout: 240_000 },
    async () => {
      const tag = `${viewport.width}-${Date.now().toString(36).slice(-4)}`;
      const sofia = await person(browser, contexts, `Sofia Near ${tag}`, 'sofia', viewport, 'Lisbon');
      const miguel = await person(browser, contexts, `Miguel Near ${tag}`, 'miguel', viewport, 'Lisbon');
      const oliver = await person(browser, contexts, `Oliver Far ${tag}`, 'oliver', viewport, 'Lisbon');
      await apiIn(oliver, 'PATCH', '/api/me/profile', { country: 'United Kingdom', city: 'London' });
      const ana = await person(browser, contexts, `Ana Hike ${tag}`, 'ana', viewport, 'Lisbon');
      const rui = await person(browser, contexts, `Rui Hike ${tag}`, 'rui', viewport, 'Lisbon');
      const trail = await comingTrail(sofia);
      // Oliver searches last: by the most recent search alone he would be listed before Miguel.
      for (const searcher of [miguel, oliver]) await apiIn(searcher, 'POST', '/api/matches/search', { trailId: trail.id, day: trail.day });
      // Ana leaves room for three and Rui joins her: a hike to join with one place left.
      const { match: hike } = await apiIn<{ match: { id: string } }>(ana, 'POST', '/api/matches/search', {
        trailId: trail.id,
        day: trail.day,
        capacity: 3,
      });
      await apiIn(rui, 'POST', `/api/matches/${hike.id}/request`);
      await apiIn(ana, 'POST', `/api/matches/${hike.id}/accept`);

      await sofia.goto(`/trails/${trail.id}/buddies?day=${trail.day}`);
      await sofia.getByRole('heading', { name: 'Best Matches' }).waitFor();
      const card = (name: string) => sofia.locator('article').filter({ has: sofia.getByRole('button', { name }) });

      // Same profile, both from Lisbon: the formula's 100%, said why, and how far from the trailhead.
      const near = card(`Miguel Near ${tag}`);
      await near.getByText('100% match').waitFor();
      const nearWhy = await near.getByText(/from the trailhead/).textContent();
      expect(nearWhy).toMatch(/^Why: same running level · .* · \d[\d,.]* km from the trailhead$/);

      const far = card(`Oliver Far ${tag}`);
      await far.getByText(/from the trailhead, farther than you travel$/).waitFor();
      expect(await far.getByText('85% match').count()).toBe(0);
      // Within the viewer's travel distance first, whatever the search's age.
      const names = await sofia.locator('article h3 button').allTextContents();
      expect(names.indexOf(`Miguel Near ${tag}`)).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(`Miguel Near ${tag}`)).toBeLessThan(names.indexOf(`Oliver Far ${tag}`));

      // The hike to join: the average over its two people, why, and how far from the trailhead.
      // (The other width's run left a hike of an Ana and a Rui on the same slot: this run's is the one with its tag.)
      const offer = sofia.getByRole('article', { name: 'Hike with Ana, Rui' }).filter({ hasText: `Ana Hike ${tag}` });
      await offer.getByText('100% match on average over the 2 people on it').waitFor();
      const hikeWhy = await offer.getByText(/from the trailhead/).textContent();
      expect(hikeWhy).toMatch(/^Why: same running level · all like .* · \d[\d,.]* km from the trailhead$/);
      await offer.scrollIntoViewIfNeeded();
      expect(await offer.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(viewport.width);
      await offer.screenshot({ path: `/tmp/near-first-hike-to-join-${viewport.width}.png` });

      // The profile dialog says the same.
      await near.getByRole('button', { name: `Miguel Near ${tag}` }).click();
      const dialog = sofia.getByRole('dialog');
      await dialog.getByText('100% match').waitFor();
      await dialog.getByText(/km from the trailhead/).waitFor();
      await sofia.screenshot({ path: `/tmp/best-matches-e2e-${viewport.width}.png`, fullPage: true });
    },
  );
});
