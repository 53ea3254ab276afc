import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { apiIn } from './support/members';
import { sharedSlot } from './support/slots';

/**
 * Best Matches says how good a match is, why, and how far each person lives from the trailhead
 * (issue 24, ADR 0064), lists the people within the viewer's travel distance first (ADR 0068),
 * and gives a hike to join its average figure, why and distance, in Chromium at a phone's width
 * and a laptop's.
 */

const browser = useBrowser();

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * A trail near Lisbon, where every member of this spec lives, on a day no other spec searches:
 * others' searchers there would push the farther person off the first page. Both widths share it
 * (each run's people carry its tag).
 */
const slot = sharedSlot({ trail: 'Tagus Riverside Run' });

describe.each(WIDTHS)('Best Matches at $width px', (viewport) => {
  it(
    'shows each searcher’s figure, why, and distance to the trailhead, the near first; one from London is marked as farther; a hike to join says the same',
    { timeout: 240_000 },
    async () => {
      const tag = `${viewport.width}-${Date.now().toString(36).slice(-4)}`;
      const sofia = await browser.member(`Sofia Near ${tag}`, 'sofia', { viewport, city: 'Lisbon' });
      const miguel = await browser.member(`Miguel Near ${tag}`, 'miguel', { viewport, city: 'Lisbon' });
      const oliver = await browser.member(`Oliver Far ${tag}`, 'oliver', { viewport, city: 'Lisbon' });
      await apiIn(oliver, 'PATCH', '/api/me/profile', { country: 'United Kingdom', city: 'London' });
      const ana = await browser.member(`Ana Hike ${tag}`, 'ana', { viewport, city: 'Lisbon' });
      const rui = await browser.member(`Rui Hike ${tag}`, 'rui', { viewport, city: 'Lisbon' });
      const trail = await slot(sofia);
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
