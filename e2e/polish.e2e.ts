import type { Locator, Page } from 'playwright-core';
import { BLOCK_LEFT_HIKE_TEXT, NO_LONGER_AVAILABLE } from '@trailbuddy/shared/contracts/safety';
import { describe, expect, it } from 'vitest';
import { useBrowser, type Viewport } from './support/browser';
import { apiIn, memberWithId } from './support/members';
import { hikeOfThree } from './support/hikes';
import { sharedSlot } from './support/slots';

/**
 * Two cards at a phone's width and a laptop's, in Chromium: the blocker's card of a hike of three
 * (ADR 0073) lists everyone still on it, the blocked person marked, nothing cut off; and the push
 * offer (ADR 0024) takes its place in the page instead of floating over the cards. Fresh members
 * only, on one slot of this spec's own.
 */

const browser = useBrowser();
/** A member of this spec's own at `viewport`, with their id. */
const member = async (fullName: string, viewport: Viewport) =>
  memberWithId(await browser.member(fullName, fullName.split(' ')[0]!.toLowerCase(), { viewport }));
const slot = sharedSlot();

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Text the page cuts off: elements whose content is wider than their box and hidden (an ellipsis, a clip). */
function clippedTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      // Words for screen readers only are clipped by design.
      .filter((el) => !el.closest('.sr-only'))
      .filter((el) => {
        const style = getComputedStyle(el);
        return el.scrollWidth > el.clientWidth + 1 && (style.textOverflow === 'ellipsis' || style.overflowX !== 'visible');
      })
      .map((el) => el.textContent ?? ''),
  );
}

/** Wider than the window: the page scrolls sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.each(WIDTHS)('at $width px', (viewport) => {
  it(
    'the blocker’s card of a hike of three lists both others, the one she blocked marked beside her first name, nothing cut off',
    { timeout: 240_000 },
    async () => {
      const tag = `${viewport.width}-${Date.now().toString(36).slice(-4)}`;
      const ana = await member(`Ana Polish ${tag}`, viewport);
      const rui = await member(`Rui Polish ${tag}`, viewport);
      const eva = await member(`Eva Polish ${tag}`, viewport);
      const trail = await slot(ana.page);

      // Ana's hike for three with Rui and Eva, then her block of Eva from its card (setup through the API).
      const matchId = await hikeOfThree(trail, ana.page, rui.page, eva.page);
      await apiIn(ana.page, 'POST', '/api/blocks', { userId: eva.id, matchId });

      await ana.page.goto('/matches/upcoming');
      const card = ana.page.getByRole('article').filter({ hasText: trail.name });
      await card.getByText(BLOCK_LEFT_HIKE_TEXT).waitFor();
      const people = card.getByRole('region', { name: 'Who is on this hike' });
      await people.getByRole('heading', { name: 'Still on this hike' }).waitFor();
      const rows = people.getByRole('listitem');
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toMatch(new RegExp(`^Rui Polish ${tag}\\d+% match$`));
      expect(await rows.nth(1).textContent()).toBe(`Eva${NO_LONGER_AVAILABLE}`);
      await card.getByText(`You blocked Eva Polish ${tag}`).waitFor();

      expect(await clippedTexts(card)).toEqual([]);
      expect(await scrollsSideways(ana.page)).toBe(false);
      await card.screenshot({ path: `/tmp/wp-polish-blocker-card-${viewport.width}.png` });
      await ana.page.screenshot({ path: `/tmp/wp-polish-blocker-${viewport.width}.png`, fullPage: true });
    },
  );

  it('the push offer after a search sits in the page above the view, over none of it, and is put away', { timeout: 240_000 }, async () => {
    const tag = `${viewport.width}-${Date.now().toString(36).slice(-4)}`;
    const sam = await member(`Sam Polish ${tag}`, viewport);
    const trail = await slot(sam.page);
    // Someone searching already, so Best Matches has a card for the offer to stay off.
    const lea = await member(`Lea Polish ${tag}`, viewport);
    await apiIn(lea.page, 'POST', '/api/matches/search', { trailId: trail.id, day: trail.day });
    await sam.page.goto(`/trails/${trail.id}?day=${trail.day}`);
    await sam.page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    await sam.page.getByText('Searching for buddies').waitFor();
    const offer = sam.page.getByRole('region', { name: 'Get notified when someone answers?' });
    await offer.waitFor();
    await sam.page.getByRole('heading', { level: 2, name: 'Best Matches' }).waitFor();
    await sam.page.locator('#best-matches-list').getByRole('button').first().waitFor();

    /** The view's headings, cards and controls whose box the offer's box overlaps, where the page is scrolled now. */
    const covered = () =>
      offer.evaluate((offerBox) => {
        const box = offerBox.getBoundingClientRect();
        const main = offerBox.closest('main') ?? document.body;
        return Array.from(main.querySelectorAll('h1, h2, h3, article, button, a, p'))
          .filter((el) => !offerBox.contains(el))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
          })
          .map((el) => (el.textContent ?? '').trim().slice(0, 40));
      });
    expect(await covered()).toEqual([]);
    await sam.page.screenshot({ path: `/tmp/wp-polish-push-${viewport.width}.png` });
    await sam.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await covered()).toEqual([]);
    expect(await scrollsSideways(sam.page)).toBe(false);
    await sam.page.screenshot({ path: `/tmp/wp-polish-push-${viewport.width}-end.png`, fullPage: true });

    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => offer.count()).toBe(0);
  });
});
