import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BLOCK_LEFT_HIKE_TEXT, NO_LONGER_AVAILABLE } from '@trailbuddy/shared/contracts/safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { apiIn, person } from './support/members';

/**
 * Two cards at a phone's width and a laptop's, in Chromium: the blocker's card of a hike of three
 * (ADR 0073) lists everyone still on it, the blocked person marked, nothing cut off; and the push
 * offer (ADR 0024) takes its place in the page instead of floating over the cards. Fresh members,
 * on the last coming trails (the first ones are other journeys').
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

async function member(fullName: string, viewport: { width: number; height: number }): Promise<{ page: Page; id: string }> {
  const page = await person(browser, contexts, fullName, fullName.split(' ')[0]!.toLowerCase(), viewport);
  const me = await apiIn<{ user: { id: string } }>(page, 'GET', '/api/me');
  return { page, id: me.user.id };
}

/** The `fromEnd`-th last trail whose session is still more than an hour ahead. */
async function lateTrail(page: Page, fromEnd: number): Promise<{ id: string; name: string; day: 'saturday' | 'sunday' }> {
  const { trails } = await apiIn<{ trails: { id: string; name: string; startTime: string; weekendDay: 'saturday' | 'sunday' }[] }>(
    page,
    'GET',
    '/api/trails',
  );
  const coming = trails.filter((t) => Date.parse(t.startTime) > Date.now() + 60 * 60 * 1000);
  const trail = coming[coming.length - 1 - fromEnd];
  if (!trail) throw new Error(`no trail ${fromEnd} from the end with a session still to come`);
  return { id: trail.id, name: trail.name, day: trail.weekendDay };
}

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
      const trail = await lateTrail(ana.page, viewport.width === 390 ? 0 : 1);

      // Ana's hike for three with Rui and Eva, then her block of Eva from its card (setup through the API).
      const { match } = await apiIn<{ match: { id: string } }>(ana.page, 'POST', '/api/matches/search', {
        trailId: trail.id,
        day: trail.day,
        capacity: 3,
      });
      await apiIn(rui.page, 'POST', `/api/matches/${match.id}/request`);
      await apiIn(ana.page, 'POST', `/api/matches/${match.id}/accept`);
      const asked = await apiIn<{ requestId: string }>(eva.page, 'POST', `/api/matches/${match.id}/join-requests`);
      await apiIn(rui.page, 'POST', `/api/join-requests/${asked.requestId}/accept`);
      await apiIn(ana.page, 'POST', '/api/blocks', { userId: eva.id, matchId: match.id });

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
    const trail = await lateTrail(sam.page, viewport.width === 390 ? 2 : 3);
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
