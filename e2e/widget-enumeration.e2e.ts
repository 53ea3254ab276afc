import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, useBrowser } from './support/browser';
import { uniqueEmail } from './support/people';
import { startSpecServer, type SpecServer } from './support/spec-server';
import { enterEmail, me, widget } from './support/widget';

const browser = useBrowser();
let app: SpecServer;

// A server of this spec's own with e-mail enumeration protection on, the default (ADR 0053); the
// shared server runs with it off for the specs that walk the telling e-mail-first tree.
beforeAll(async () => {
  app = await startSpecServer(() => ({ IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'true' }));
});
afterAll(async () => {
  await app?.stop();
});

/** /auth, e-mail first with `address`, up to the password sign-in it leads to under protection. */
async function atPasswordSignIn(page: Page, address: string) {
  await page.goto('/auth?mode=select');
  await enterEmail(page, address);
  await widget(page).getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** What the card shows, with `address` blanked so two addresses' pages compare. */
const cardWithout = async (page: Page, address: string) => (await widget(page).innerText()).replace(address, '<address>');

describe('the sign-in widget under e-mail enumeration protection', () => {
  it('answers a known and an unknown address alike, and still signs in and signs up', async () => {
    const { context, page } = await browser.page(LAPTOP, app.baseUrl);
    const card = widget(page);

    /** E-mail first, then a wrong password: the page the widget shows then, the address blanked. */
    const failedSignIn = async (address: string) => {
      await atPasswordSignIn(page, address);
      await card.getByLabel('Password', { exact: true }).fill('whatever-1');
      await card.getByRole('button', { name: 'Sign In' }).click();
      await card.getByText('Wrong e-mail or password.').waitFor();
      return cardWithout(page, address);
    };
    // An unknown address gets the password sign-in (with the offer to create an account) and the
    // answer a demo account with a wrong password gets: the very same page.
    const unknownPage = await failedSignIn('nobody.here@example.com');
    expect(unknownPage).toContain('Create account');
    expect(await failedSignIn('camille@trailbuddy.app')).toBe(unknownPage);

    // The right password signs in.
    await card.getByLabel('Password', { exact: true }).fill('trailbuddy');
    await card.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await me(page)).user.email).toBe('camille@trailbuddy.app');
    await context.close();

    // A new address signs up through the sign-in page's "Create account".
    const fresh = await browser.page(LAPTOP, app.baseUrl);
    const email = uniqueEmail('enumeration');
    await atPasswordSignIn(fresh.page, email);
    const freshCard = widget(fresh.page);
    await freshCard.getByRole('button', { name: 'Create account' }).click();
    await freshCard.getByRole('heading', { name: 'Create account' }).waitFor();
    await freshCard.getByLabel('First & last name').fill('Quiet Hiker');
    await freshCard.getByLabel('Choose password').fill('quiet-secret-1');
    await freshCard.getByRole('button', { name: 'Save' }).click();
    await fresh.page.waitForURL((url) => url.pathname === '/');
    expect((await me(fresh.page)).user.email).toBe(email);
    await fresh.context.close();
  });

  it('a reset request for an unknown address answers as for a known one', async () => {
    const { context, page } = await browser.page(LAPTOP, app.baseUrl);
    const card = widget(page);
    const recoveryOf = async (address: string) => {
      await atPasswordSignIn(page, address);
      await card.getByRole('button', { name: 'Trouble signing in?' }).click();
      await card.getByRole('heading', { name: 'Recover password' }).waitFor();
      await card.getByRole('button', { name: 'Send' }).click();
      await card.getByRole('heading', { name: 'Check your email' }).waitFor();
      return cardWithout(page, address);
    };
    expect(await recoveryOf('nobody.there@example.com')).toBe(await recoveryOf('sofia@trailbuddy.app'));
    await context.close();
  });
});
