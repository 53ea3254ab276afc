import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACTIVITY_FALLBACK_FIELD, ACTIVITY_FILES_FIELD } from '@trailbuddy/shared/contracts/ability-import';
import { useBrowser } from './support/browser';
import { signIn } from './support/people';

const browser = useBrowser();

/** A demo member who lives in Porto; this spec only reads. */
const MEMBER = 'miguel@trailbuddy.app';

/** A watch's recording of a 10 km hike with 340 m of climbing (apps/server/src/ability/fixtures/README.md). */
const WATCH_HIKE = join(import.meta.dirname, '../apps/server/src/ability/fixtures/watch-hike.fit');

/**
 * Imports the watch's hike for the signed-in member through the real upload, as the ability
 * section sends it (a second run finds it a duplicate and keeps the one summary).
 */
async function importWatchHike(page: Page): Promise<void> {
  const bytes = (await readFile(WATCH_HIKE)).toString('base64');
  const status = await page.evaluate(
    async ({ bytes, activityField, filesField }) => {
      const form = new FormData();
      form.append(activityField, 'hiking');
      form.append(filesField, new Blob([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))]), 'watch-hike.fit');
      const res = await fetch('/api/me/ability/imports', { method: 'POST', body: form, headers: { Accept: 'application/json' } });
      return res.status;
    },
    { bytes, activityField: ACTIVITY_FALLBACK_FIELD, filesField: ACTIVITY_FILES_FIELD },
  );
  expect(status).toBe(200);
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await browser.page(viewport);
  await page.goto('/');
  await signIn(page, MEMBER);
  return page;
}

/** "12 km away" → 12000, "850 m away" → 850. */
function metersOf(text: string): number {
  const match = /([\d.,]+) (km|m) away/.exec(text);
  if (!match) throw new Error(`no distance in ${text}`);
  const value = Number(match[1]!.replace(/,/g, ''));
  return match[2] === 'km' ? value * 1000 : value;
}

describe.each(VIEWPORTS)('trail routes and distance at $width px', (viewport) => {
  it('lists the trails nearest to the member’s city first, each saying how far', async () => {
    const page = await signedIn(viewport);
    await page.getByRole('checkbox', { name: 'Nearest to Porto first' }).check();
    const cards = page.getByRole('article');
    await cards.first().getByTestId('trail-distance').waitFor();
    await expect.poll(() => cards.first().getByRole('heading').textContent()).toBe('Gerês Waterfalls Circuit');
    const distances = (await page.getByTestId('trail-distance').allTextContents()).map(metersOf);
    expect(distances.length).toBeGreaterThanOrEqual(5);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Gerês is 75 km from Porto, the Douro ride's start 89 km; Sintra's 271 km.
    expect(await cards.nth(1).getByRole('heading').textContent()).toBe('Douro Vineyard Ride');
    await page.screenshot({ path: `/tmp/trail-route-home-${viewport.width}.png` });
  });

  it('shows a trail’s route facts, its elevation profile and the fit for a member with a measured ability', async () => {
    const page = await signedIn(viewport);
    await importWatchHike(page);
    await page.getByRole('button', { name: 'Gerês Waterfalls Circuit' }).click();
    const route = page.getByRole('region', { name: 'Route' });
    await route.waitFor();
    await expect
      .poll(() => route.locator('dt').allTextContents())
      .toEqual(['Distance', 'Elevation gain', 'Elevation loss', 'Highest point']);
    const chart = route.getByRole('img', { name: 'Elevation profile of Gerês Waterfalls Circuit' });
    await chart.waitFor();
    expect(await chart.locator('desc').textContent()).toMatch(/^Over 9\.3 km, from \d+ m to \d+ m, lowest \d+ m, highest \d+ m\.$/);
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(60);
    const fit = route.getByRole('region', { name: 'For you, from what you have done' });
    await fit.waitFor();
    const sentences = await fit.getByRole('listitem').allTextContents();
    // 9.3 km and about 1,390 m of climbing against the watch's 10 km and 340 m; 9.3 km at about
    // 12 min 20 s per km plus 1,390 m at about 420 m/h is a little over 5 h.
    expect(sentences).toContain('More climbing than anything you did in the last year.');
    expect(sentences).not.toContain('Longer than anything you did in the last year.');
    expect(sentences.at(-1)).toMatch(/^About [45] h \d\d at your pace\.$/);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/trail-route-detail-${viewport.width}.png`, fullPage: true });
  });
});
