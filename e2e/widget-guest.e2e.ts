import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP, useBrowser } from './support/browser';
import { uniqueEmail, type Hiker } from './support/people';
import { continueAsGuest, favouriteIds, me, openWidget, widgetSignIn, widgetSignUp } from './support/widget';

const browser = useBrowser();

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
  await continueAsGuest(page, guest);

  await page.getByRole('button', { name: TRAIL }).click();
  await page.getByRole('heading', { level: 1, name: TRAIL }).waitFor();
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await page.getByRole('button', { name: 'Remove from favourites' }).waitFor();
  // The heart turns at once (an optimistic update); the server has it once the request is through.
  await expect.poll(() => favouriteIds(page)).toHaveLength(1);
  return (await me(page)).user.id;
}

describe('guests and the sign-in widget', () => {
  it('moves a guest’s favourites to the existing account the guest signs in to (merge conflict)', async () => {
    // Someone who already has an account, made in another browser.
    const email = uniqueEmail('widget.merge');
    const owner = await browser.page(LAPTOP);
    await openWidget(owner.page);
    await widgetSignUp(owner.page, { email, name: 'Merge Owner', password: 'owner-secret-1' });
    await owner.page.waitForURL((url) => url.pathname === '/');
    const ownerId = (await me(owner.page)).user.id;
    expect(await favouriteIds(owner.page)).toEqual([]);
    await owner.context.close();

    const { context, page } = await browser.page(LAPTOP);
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
    const { context, page } = await browser.page(LAPTOP);
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
