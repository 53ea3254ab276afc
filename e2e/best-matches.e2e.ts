import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { apiIn, person } from './support/members';

/**
 * Best Matches says how good a match is, why, and how far each person lives from the trailhead
 * (issue 24, ADR 0064), in Chromium at a phone's width and a laptop's.
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

/** A trail with a trailhead whose own session is still more than an hour ahead. */
async function comingTrail(page: Page): Promise<{ id: string; day: 'saturday' | 'sunday' }> {
  const { trails } = await apiIn<{
    trails: { id: string; startTime: string; weekendDay: 'saturday' | 'sunday'; trailhead: unknown }[];
  }>(page, 'GET', '/api/trails');
  const trail = trails.find((t) => t.trailhead && Date.parse(t.startTime) > Date.now() + 60 * 60 * 1000);
  if (!trail) throw new Error('no trail with a trailhead and a session still to come');
  return { id: trail.id, day: trail.weekendDay };
}

describe.each(WIDTHS)('Best Matches at $width px', (viewport) => {
  it(
    'shows each searcher’s figure, why, and distance to the trailhead; one from London is marked as farther',
    { timeout: 180_000 },
    async () => {
      const tag = `${viewport.width}-${Date.now().toString(36).slice(-4)}`;
      const sofia = await person(browser, contexts, `Sofia Near ${tag}`, 'sofia', viewport);
      const miguel = await person(browser, contexts, `Miguel Near ${tag}`, 'miguel', viewport);
      const oliver = await person(browser, contexts, `Oliver Far ${tag}`, 'oliver', viewport);
      await apiIn(oliver, 'PATCH', '/api/me/profile', { country: 'United Kingdom', city: 'London' });
      const trail = await comingTrail(sofia);
      for (const searcher of [miguel, oliver]) await apiIn(searcher, 'POST', '/api/matches/search', { trailId: trail.id, day: trail.day });

      await sofia.goto(`/trails/${trail.id}/buddies?day=${trail.day}`);
      await sofia.getByRole('heading', { name: 'Best Matches' }).waitFor();
      const card = (name: string) => sofia.locator('article').filter({ has: sofia.getByRole('button', { name }) });

      // Same profile, both from Lisbon: the formula's 100%, said why, and how far from the trailhead.
      const near = card(`Miguel Near ${tag}`);
      await near.getByText('100% match').waitFor();
      const nearWhy = await near.getByText(/from the trailhead/).textContent();
      expect(nearWhy).toMatch(/^Why: same hiking level · .* · \d[\d,.]* km from the trailhead$/);

      const far = card(`Oliver Far ${tag}`);
      await far.getByText(/from the trailhead, farther than you travel$/).waitFor();
      expect(await far.getByText('85% match').count()).toBe(0);

      // The profile dialog says the same.
      await near.getByRole('button', { name: `Miguel Near ${tag}` }).click();
      const dialog = sofia.getByRole('dialog');
      await dialog.getByText('100% match').waitFor();
      await dialog.getByText(/km from the trailhead/).waitFor();
      await sofia.screenshot({ path: `/tmp/best-matches-e2e-${viewport.width}.png`, fullPage: true });
    },
  );
});
