import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, isFailing, mergeFindings, runAxe } from './support/axe';
import { LAPTOP, useBrowser } from './support/browser';
import type { InboxMail } from './support/inbox';
import { signIn } from './support/people';
import { startSpecServer, type SpecServer } from './support/spec-server';

/**
 * Notifications end to end (ADR 0025), on a server of this spec's own whose notification mail
 * waits 2 seconds instead of 2 minutes, and is looked for every second (NOTIFICATION_MAIL_DELAY_S,
 * NOTIFICATION_MAIL_SWEEP_S): Ana searches and leaves,
 * Miguel invites her, the mail in the development inbox brings her (through sign-in) to the
 * invitation, she accepts, both bells say so, and with invitations' e-mail turned off the next
 * invitation stays in the app.
 */
const ANA = { email: 'admin@trailbuddy.app', name: 'Ana Ribeiro' };
const MIGUEL = { email: 'miguel@trailbuddy.app', name: 'Miguel Santos' };
const TRAIL = 'Calanques Ridge Trail';
const DELAY_S = 2;
const POLL = { timeout: 15_000 };

const browser = useBrowser();
let spec: SpecServer;
let inboxUrl: string;
beforeAll(async () => {
  spec = await startSpecServer(() => ({
    SEED_DEMO_MATCHES: 'false',
    NOTIFICATION_MAIL_DELAY_S: String(DELAY_S),
    NOTIFICATION_MAIL_SWEEP_S: '1',
  }));
  inboxUrl = /Dev inbox:\s+(\S+)/.exec(spec.server.output())![1]!;
}, 120_000);
afterAll(async () => {
  await spec?.stop();
});

async function mailsTo(address: string): Promise<InboxMail[]> {
  const res = await fetch(`${inboxUrl}/api/email`);
  const all = (await res.json()) as InboxMail[];
  return all.filter((m) => m.to.some((t) => t.address === address));
}
/** A header of a mail as it was sent: the inbox's parsed headers leave the List-* ones out. */
async function rawHeader(id: string, name: string): Promise<string> {
  const source = await (await fetch(`${inboxUrl}/api/email/${id}/source`)).text();
  const head = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim() ?? '';
}
const fullMail = async (id: string): Promise<InboxMail> => (await (await fetch(`${inboxUrl}/api/email/${id}`)).json()) as InboxMail;
const invitationMails = async () => (await mailsTo(ANA.email)).filter((m) => m.subject.includes('invited you'));
/** The new views pass axe (serious and critical findings fail), as the a11y spec checks the others. */
async function expectAccessible(page: Page, view: string) {
  const findings = mergeFindings([{ width: page.viewportSize()?.width ?? 0, violations: (await runAxe(page)).violations }]);
  expect(findings.filter(isFailing), formatFindings(view, findings)).toEqual([]);
}
const bellOf = (page: Page) => page.getByRole('banner').getByTestId('notification-bell');
const path = (page: Page) => new URL(page.url()).pathname;

async function startSearch(page: Page, day?: 'saturday' | 'sunday') {
  await page.goto('/');
  // The app has taken over the server-rendered page once the header knows who is signed in.
  await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).waitFor();
  await page.getByRole('button', { name: TRAIL }).click();
  // The chosen day is part of the trail's address (ADR 0019): open the trail on that day.
  if (day) {
    await page.waitForURL(/\/trails\/[^/?]+/);
    await page.goto(`${new URL(page.url()).pathname}?day=${day}`);
  }
  await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
  await page.getByText('Searching for buddies').waitFor();
}

async function inviteAna(page: Page) {
  await page.getByRole('button', { name: ANA.name }).first().click();
  await page.getByRole('dialog', { name: ANA.name }).getByRole('button', { name: 'Invite to Hike' }).click();
  await page.getByRole('heading', { level: 1, name: 'Request sent to play!' }).waitFor();
}

describe('notifications', () => {
  it(
    'an invitation reaches Ana by mail, opens after sign-in, and both bells show the match; a kind turned off sends no mail',
    { timeout: 120_000 },
    async () => {
      const ana = await browser.page(LAPTOP, spec.baseUrl);
      const miguel = await browser.page(LAPTOP, spec.baseUrl);
      try {
        // Ana searches, then signs out and leaves.
        await ana.page.goto('/');
        await signIn(ana.page, ANA.email);
        await startSearch(ana.page);
        const day = await ana.page.evaluate(() => new URL(location.href).searchParams.get('day'));
        await ana.page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
        await ana.page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

        // Miguel finds her among the people searching that day and invites her.
        await miguel.page.goto('/');
        await signIn(miguel.page, MIGUEL.email);
        await startSearch(miguel.page, day as 'saturday' | 'sunday');
        await inviteAna(miguel.page);

        // Unseen for the delay, the invitation is mailed, with one-click unsubscribe.
        await expect.poll(async () => (await invitationMails()).length, POLL).toBe(1);
        const mail = await fullMail((await invitationMails())[0]!.id);
        expect(mail.subject).toBe(`${MIGUEL.name} invited you to ${TRAIL}`);
        expect(await rawHeader(mail.id, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        expect(await rawHeader(mail.id, 'List-Unsubscribe')).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
        const link = [...mail.html.matchAll(/href="([^"]+)"/g)]
          .map((m) => m[1]!.replace(/&amp;/g, '&'))
          .find((l) => l.includes('/notifications/'))!;

        // The link asks Ana to sign in, then opens the invitation among her pending matches.
        await ana.page.goto(link);
        const dialog = ana.page.getByRole('dialog', { name: 'Sign In' });
        await dialog.getByLabel('Email').fill(ANA.email);
        await dialog.getByLabel('Password', { exact: true }).fill('trailbuddy');
        await dialog.getByRole('button', { name: 'Sign In' }).click();
        await expect.poll(() => path(ana.page), POLL).toBe('/matches/pending');
        const card = ana.page.getByRole('article').filter({ hasText: MIGUEL.name });
        await card.getByRole('button', { name: 'Accept' }).click();

        // Miguel's bell counts the accept live; his list says so. Ana's list has the invitation, read.
        await expect.poll(() => bellOf(miguel.page).getAttribute('aria-label'), POLL).toBe('Notifications, 1 unread');
        await bellOf(miguel.page).click();
        await miguel.page.getByTestId('notification-list').getByText('Match confirmed').waitFor();
        await expect.poll(() => bellOf(ana.page).getAttribute('aria-label'), POLL).toBe('Notifications');
        await bellOf(ana.page).click();
        await ana.page.getByTestId('notification-list').getByText(`${MIGUEL.name} invited you to ${TRAIL}.`).waitFor();
        await expectAccessible(ana.page, 'notifications');
        // A reload keeps the counts (they come from the server, not the page).
        await miguel.page.reload();
        await expect.poll(() => bellOf(miguel.page).getAttribute('aria-label'), POLL).toBe('Notifications, 1 unread');

        // Ana turns invitations' e-mail off in her profile's notification settings.
        await ana.page.getByRole('banner').getByRole('button', { name: 'Your profile' }).click();
        await ana.page.getByRole('link', { name: 'Notification settings' }).click();
        await expectAccessible(ana.page, 'notification-settings');
        await ana.page.getByRole('checkbox', { name: 'Invitations: E-mail', exact: true }).uncheck();
        await ana.page.getByRole('button', { name: 'Save' }).click();
        await ana.page.getByText('Saved.').waitFor();
        await ana.page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();

        // The next invitation reaches her bell (once she is back), but no mail comes.
        const otherDay = day === 'saturday' ? 'sunday' : 'saturday';
        await startSearch(miguel.page, otherDay);
        await inviteAna(miguel.page);
        await new Promise((r) => setTimeout(r, (DELAY_S + 4) * 1000));
        expect(await invitationMails()).toHaveLength(1);
        await ana.page.goto('/');
        await signIn(ana.page, ANA.email);
        await expect.poll(() => bellOf(ana.page).getAttribute('aria-label'), POLL).toBe('Notifications, 1 unread');
      } finally {
        await ana.context.close();
        await miguel.context.close();
      }
    },
  );
});
