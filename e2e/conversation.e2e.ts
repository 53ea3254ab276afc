import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { bottomBar } from './support/people';
import { apiIn } from './support/members';
import { slotOfItsOwn } from './support/slots';

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 900 };

const matchesTab = (page: Page) => bottomBar(page).getByRole('button', { name: /Matches/ });
const bellOf = (page: Page) => page.getByRole('banner').getByTestId('notification-bell');
const bellSays = (page: Page) => expect.poll(() => bellOf(page).getAttribute('aria-label'), { timeout: 20_000 });

describe('the buddy conversation', () => {
  it('lets two matched people talk live, each in their own browser, and clears the unread counts', { timeout: 120_000 }, async () => {
    const tag = Date.now().toString(36).slice(-4).toUpperCase();
    const ines = await browser.member(`Inês Talk ${tag}`, 'ines');
    const tomas = await browser.member(`Tomás Talk ${tag}`, 'tomas');

    // Inês searches a slot of this spec's own; Tomás asks to join her: a pending match.
    const slot = await slotOfItsOwn(ines);
    const {
      match: { id: matchId },
    } = await apiIn<{ match: { id: string } }>(ines, 'POST', '/api/matches/search', { trailId: slot.id, day: slot.day });
    await apiIn(tomas, 'POST', `/api/matches/${matchId}/request`);

    // Inês opens the conversation from the match card: it has an address of its own. The card on
    // screen is Tomás's request seen: her bell clears (ADR 0037).
    await ines.goto('/matches/pending');
    await bellSays(ines).toBe('Notifications');
    await ines.getByRole('button', { name: /^Messages/ }).click();
    await ines.waitForURL(`**/matches/${matchId}/messages`);
    await ines.getByRole('heading', { level: 1, name: `Tomás Talk ${tag}` }).waitFor();
    const inesBox = ines.getByRole('textbox', { name: 'Message' });
    await inesBox.fill('Hi! Shall we meet at the car park at 9:30? https://example.com/map');
    await expect.poll(() => ines.getByText('66/1,000').count()).toBe(1);
    await inesBox.press('Enter');
    const inesThread = ines.getByRole('list', { name: `Conversation with Tomás Talk ${tag}` });
    await inesThread.getByText('Hi! Shall we meet at the car park at 9:30?', { exact: false }).waitFor();
    // Plain text: the link is shown, not clickable.
    expect(await inesThread.getByRole('link').count()).toBe(0);

    // Tomás, who has not reloaded since signing in, sees the unread count arrive live.
    await expect.poll(async () => (await matchesTab(tomas).textContent()) ?? '', { timeout: 20_000 }).toContain('1 unread');
    await matchesTab(tomas).click();
    await tomas.getByRole('tab', { name: /Pending/ }).click();
    const tomasMessages = tomas.getByRole('button', { name: /^Messages/ });
    await expect.poll(async () => (await tomasMessages.textContent()) ?? '').toContain('1 unread');
    // The match's card does not read the message for him: his bell still has it.
    await bellSays(tomas).toBe('Notifications, 1 unread');
    await tomasMessages.click();
    const tomasThread = tomas.getByRole('list', { name: `Conversation with Inês Talk ${tag}` });
    await tomasThread.getByText('Hi! Shall we meet at the car park at 9:30?', { exact: false }).waitFor();

    // Reading it clears his counts and his bell, and Inês sees the receipt without reloading.
    await expect.poll(async () => (await matchesTab(tomas).textContent()) ?? '', { timeout: 20_000 }).not.toContain('unread');
    await bellSays(tomas).toBe('Notifications');
    await inesThread.getByText('Seen').waitFor({ timeout: 20_000 });

    // His answer reaches her open thread live; she is reading it, so no count is left for her.
    await tomas.getByRole('textbox', { name: 'Message' }).fill('Perfect, see you there!');
    await tomas.getByRole('button', { name: 'Send' }).click();
    await inesThread.getByText('Perfect, see you there!').waitFor({ timeout: 20_000 });
    await tomasThread.getByText('Seen').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await matchesTab(ines).textContent()) ?? '', { timeout: 20_000 }).not.toContain('unread');
    const unread = await apiIn<{ total: number }>(ines, 'GET', '/api/messages/unread');
    expect(unread.total).toBe(0);
    // Nor in her bell: reading the thread read the message's notification.
    await bellSays(ines).toBe('Notifications');

    // The address reloads onto the same conversation, history included.
    await tomas.reload();
    await tomasThread.getByText('Perfect, see you there!').waitFor();
    await tomasThread.getByText('Hi! Shall we meet at the car park at 9:30?', { exact: false }).waitFor();
  });

  it(
    'keeps every message once and in order when both write quickly, one on a phone and one on a desktop',
    { timeout: 120_000 },
    async () => {
      const tag = Date.now().toString(36).slice(-4).toUpperCase();
      const rita = await browser.member(`Rita Quick ${tag}`, 'rita');
      const paulo = await browser.member(`Paulo Quick ${tag}`, 'paulo', { viewport: DESKTOP });
      const slot = await slotOfItsOwn(rita);
      const {
        match: { id: matchId },
      } = await apiIn<{ match: { id: string } }>(rita, 'POST', '/api/matches/search', { trailId: slot.id, day: slot.day });
      await apiIn(paulo, 'POST', `/api/matches/${matchId}/request`);
      await Promise.all([rita.goto(`/matches/${matchId}/messages`), paulo.goto(`/matches/${matchId}/messages`)]);
      const ritaThread = rita.getByRole('list', { name: `Conversation with Paulo Quick ${tag}` });
      const paulosThread = paulo.getByRole('list', { name: `Conversation with Rita Quick ${tag}` });
      await Promise.all([ritaThread.waitFor(), paulosThread.waitFor()]);

      // Each types and sends four messages as fast as the keyboard goes, both at once: their writes
      // arrive while others commit, and are written in groups (ADR 0082).
      const burst = async (page: Page, who: string) => {
        const box = page.getByRole('textbox', { name: 'Message' });
        for (let i = 1; i <= 4; i++) {
          await box.fill(`${who} ${i}`);
          await box.press('Enter');
        }
      };
      await Promise.all([burst(rita, 'Rita says'), burst(paulo, 'Paulo says')]);

      // Both threads end with all eight, each once, each person's in the order they were written.
      const bodies = (thread: typeof ritaThread) =>
        thread.getByRole('listitem').evaluateAll((items) => items.map((li) => li.textContent ?? ''));
      const said = (texts: string[], who: string) => texts.flatMap((t) => t.match(new RegExp(`${who} says \\d`, 'g')) ?? []);
      for (const [page, thread] of [
        [rita, ritaThread],
        [paulo, paulosThread],
      ] as const) {
        await expect
          .poll(async () => said(await bodies(thread), 'Rita'), { timeout: 20_000 })
          .toEqual(['Rita says 1', 'Rita says 2', 'Rita says 3', 'Rita says 4']);
        await expect
          .poll(async () => said(await bodies(thread), 'Paulo'), { timeout: 20_000 })
          .toEqual(['Paulo says 1', 'Paulo says 2', 'Paulo says 3', 'Paulo says 4']);
        await expect.poll(() => page.getByText('Sending…').count(), { timeout: 20_000 }).toBe(0);
        expect(await page.getByText(/Not sent/).count()).toBe(0);
      }
      const stored = await apiIn<{ messages: { body: string }[] }>(paulo, 'GET', `/api/matches/${matchId}/messages`);
      expect(stored.messages).toHaveLength(8);
    },
  );
});
