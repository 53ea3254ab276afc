import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { uniqueEmail, type Hiker } from './support/people';
import { completeProfile, favouriteIds, me, openWidget, widget, widgetSignIn, widgetSignUp } from './support/widget';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const WIDE = { width: 1024, height: 800 };
const TRAIL = 'Seven Hanging Valleys';
const guest: Hiker = {
  fullName: 'Guest Walker',
  age: '28',
  gender: 'Other',
  country: 'Portugal',
  city: 'Lisbon',
  hiking: 'Beginner',
  running: 'Beginner',
  bio: 'Trying TrailBuddy before making an account.',
  instagram: 'guest.walker',
};

/** "Continue as guest", the profile, then the trail's heart; answers the guest's id. */
async function guestFavouritesTrail(page: Page): Promise<string> {
  await openWidget(page);
  await widget(page).getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // A guest has no e-mail: the header says so instead of showing an empty address.
  await page.getByRole('banner').getByText('Guest', { exact: true }).waitFor();
  await completeProfile(page, guest);

  await page.getByRole('button', { name: TRAIL }).click();
  await page.getByRole('heading', { level: 1, name: TRAIL }).waitFor();
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await page.getByRole('button', { name: 'Remove from favourites' }).waitFor();
  expect(await favouriteIds(page)).toHaveLength(1);
  return (await me(page)).user.id;
}

describe('guests and the sign-in widget', () => {
  it('moves a guest’s favourites to the existing account the guest signs in to (merge conflict)', async () => {
    // Someone who already has an account, made in another browser.
    const email = uniqueEmail('widget.merge');
    const owner = await newPage(browser, WIDE);
    await openWidget(owner.page);
    await widgetSignUp(owner.page, { email, name: 'Merge Owner', password: 'owner-secret-1' });
    await owner.page.waitForURL((url) => url.pathname === '/');
    const ownerId = (await me(owner.page)).user.id;
    expect(await favouriteIds(owner.page)).toEqual([]);
    await owner.context.close();

    const { context, page } = await newPage(browser, WIDE);
    const guestId = await guestFavouritesTrail(page);
    const [trailId] = await favouriteIds(page);

    // Signing in to that account as the guest: the widget reports the merge conflict, the app
    // redeems it (POST /api/auth/identity/merge) and goes home, signed in to the existing account.
    await openWidget(page);
    const merge = page.waitForResponse((r) => r.url().endsWith('/api/auth/identity/merge') && r.request().method() === 'POST');
    await widgetSignIn(page, email, 'owner-secret-1');
    expect((await merge).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByText(email).waitFor();
    const after = await me(page);
    expect(after.user.id).toBe(ownerId);
    expect(after.user.id).not.toBe(guestId);
    expect(await favouriteIds(page)).toEqual([trailId]);
    await context.close();
  });

  it('keeps the same favourites when a guest signs up with a password (upgrade)', async () => {
    const { context, page } = await newPage(browser, WIDE);
    const guestId = await guestFavouritesTrail(page);
    const favourites = await favouriteIds(page);

    const email = uniqueEmail('widget.upgrade');
    await openWidget(page);
    await widgetSignUp(page, { email, name: 'Upgraded Guest', password: 'upgrade-secret-1' });
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByText(email).waitFor();
    expect((await me(page)).user.id).toBe(guestId);
    expect(await favouriteIds(page)).toEqual(favourites);
    await context.close();
  });
});
