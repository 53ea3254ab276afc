import type { Page } from 'playwright-core';
import { BLOCK_LEFT_HIKE_TEXT, BLOCKED_HIKE_TEXT } from '@trailbuddy/shared/contracts/safety';
import { describe, expect, it } from 'vitest';
import { useBrowser, type Viewport } from './support/browser';
import { apiIn, memberWithId } from './support/members';
import { hikeOfThree } from './support/hikes';
import { slotOfItsOwn } from './support/slots';

/**
 * Report and Block for everyone on a hike's card, and a block that says so at once and stays, with
 * the way back (issue 23, ADR 0067), in Chromium at a phone's width and a laptop's. On a hike of
 * three the block takes the blocker off it and the other two keep their hike, told only that she
 * left (ADR 0073). Fresh members only, on
 * slots of their own.
 */

const browser = useBrowser();
/** A member of this spec's own at `viewport`, with their id. */
const hiker = async (fullName: string, viewport: Viewport) =>
  memberWithId(await browser.member(fullName, fullName.split(' ')[0]!.toLowerCase(), { viewport }));

const bellOf = (page: Page) => page.getByRole('banner').getByTestId('notification-bell');

/** The members' names carry the word "Block" (this journey's tag): taken out before looking for the word. */
const withoutNames = (text: string | null, tag: string) => (text ?? '').replaceAll(new RegExp(`(Ana|Rui|Eva) Block ${tag}`, 'g'), '');

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

describe.each(WIDTHS)('a hike card’s Report and Block at $width px', (viewport) => {
  it(
    'offers both for each other person on a hike of three; a block of the second takes the blocker off it, says so at once, stays, and is undone; the other two keep their hike',
    { timeout: 240_000 },
    async () => {
      const tag = `${viewport.width}-${Date.now().toString(36).slice(-4)}`;
      const ana = await hiker(`Ana Block ${tag}`, viewport);
      const rui = await hiker(`Rui Block ${tag}`, viewport);
      const eva = await hiker(`Eva Block ${tag}`, viewport);
      // A slot of its own per width.
      const trail = await slotOfItsOwn(ana.page);

      // Ana's hike for three: Rui is her partner, Eva joins (the setup is not what this journey is about).
      const matchId = await hikeOfThree(trail, ana.page, rui.page, eva.page);

      await ana.page.goto('/matches/upcoming');
      const card = ana.page.getByRole('article').filter({ hasText: trail.name });
      // Both others, not only the first, can be reported and blocked from the card.
      for (const name of [`Rui Block ${tag}`, `Eva Block ${tag}`]) {
        await card.getByRole('button', { name: `Report ${name}`, exact: true }).waitFor();
        await card.getByRole('button', { name: `Block ${name}`, exact: true }).waitFor();
      }

      // Ana reports Eva, the second other person on the hike: the server takes it.
      await card.getByRole('button', { name: `Report Eva Block ${tag}`, exact: true }).click();
      const reportDialog = ana.page.getByRole('dialog', { name: `Report Eva Block ${tag}` });
      await reportDialog.getByLabel('Reason').selectOption({ label: 'Did not show up' });
      await reportDialog.getByLabel('What happened?').fill('Said she would come to the last one and did not.');
      await reportDialog.getByRole('button', { name: 'Send report' }).click();
      await reportDialog.getByText('Thank you. An administrator will look at your report.').waitFor();
      await reportDialog.getByRole('button', { name: 'Close', exact: true }).last().click();

      // Then blocks her: Ana leaves the hike, and her card says so at once, with the way back.
      await card.getByRole('button', { name: `Block Eva Block ${tag}`, exact: true }).click();
      await ana.page
        .getByRole('dialog', { name: `Block Eva Block ${tag}?` })
        .getByRole('button', { name: 'Block', exact: true })
        .click();
      await card.getByText(`You blocked Eva Block ${tag}`).waitFor();
      await card.getByText(BLOCK_LEFT_HIKE_TEXT).waitFor();
      await card.getByRole('button', { name: `Unblock Eva Block ${tag}`, exact: true }).waitFor();

      // It stays: after the lists are fetched again, and after the page is opened afresh.
      await ana.page.waitForTimeout(3000);
      expect(await card.getByText(`You blocked Eva Block ${tag}`).isVisible()).toBe(true);
      await ana.page.reload();
      await card.getByText(`You blocked Eva Block ${tag}`).waitFor();
      await card.getByText(BLOCK_LEFT_HIKE_TEXT).waitFor();
      // Rui can still be reported or blocked from the same card.
      await card.getByRole('button', { name: `Block Rui Block ${tag}`, exact: true }).waitFor();
      await ana.page.screenshot({ path: `/tmp/hike-block-blocked-${viewport.width}.png`, fullPage: true });

      // Rui and Eva keep their hike, the two of them, and are told that Ana left, not why.
      for (const [who, other] of [
        [rui, `Eva Block ${tag}`],
        [eva, `Rui Block ${tag}`],
      ] as const) {
        await who.page.goto('/matches/upcoming');
        const theirs = who.page.getByRole('article').filter({ hasText: trail.name });
        await theirs.getByRole('button', { name: `Block ${other}`, exact: true }).waitFor();
        expect(await theirs.getByText(`Ana Block ${tag}`).count()).toBe(0);
        const cardText = await theirs.textContent();
        for (const said of [BLOCK_LEFT_HIKE_TEXT, BLOCKED_HIKE_TEXT, 'You blocked', 'blocked you', 'cancelled'])
          expect(cardText).not.toContain(said);
        await bellOf(who.page).click();
        const told = who.page.getByTestId('notification-list');
        await told
          .getByText(/left your hike on/)
          .first()
          .waitFor();
        expect(withoutNames(await told.textContent(), tag)).not.toMatch(/block/i);
        await who.page.screenshot({ path: `/tmp/hike-block-kept-${who === rui ? 'rui' : 'eva'}-${viewport.width}.png`, fullPage: true });
      }
      const ruiMine = await apiIn<{ matches: { id: string; status: string; people: { profile: { id: string } }[] }[] }>(
        rui.page,
        'GET',
        '/api/matches/mine',
      );
      const kept = ruiMine.matches.find((m) => m.id === matchId);
      expect(kept?.status).toBe('confirmed');
      expect(kept?.people.map((p) => p.profile.id)).toEqual([eva.id]);
      // Eva, the one blocked, reads no word of a block anywhere in her list.
      const evaMine = await apiIn<{ matches: { id: string; status: string }[] }>(eva.page, 'GET', '/api/matches/mine');
      expect(evaMine.matches.find((m) => m.id === matchId)?.status).toBe('confirmed');
      expect(withoutNames(JSON.stringify(evaMine), tag)).not.toMatch(/block/i);

      // Undo: the block is lifted and Block is offered again, on the card that is still there. (Names
      // are matched exactly: "Unblock Eva …" contains "Block Eva …".)
      await card.getByRole('button', { name: `Unblock Eva Block ${tag}`, exact: true }).click();
      await card.getByRole('button', { name: `Block Eva Block ${tag}`, exact: true }).waitFor();
      await card.getByText(BLOCK_LEFT_HIKE_TEXT).waitFor();
      const blocks = await apiIn<{ people: unknown[] }>(ana.page, 'GET', '/api/blocks');
      expect(blocks.people).toEqual([]);
      await ana.page.screenshot({ path: `/tmp/hike-block-undone-${viewport.width}.png`, fullPage: true });
    },
  );
});
