import type { Page } from 'playwright-core';
import { ACCOUNT_DELETED_PAGE } from '@trailbuddy/shared/contracts/account';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { uniqueEmail } from './support/people';

const browser = useBrowser();

const PASSWORD = 'leaving-soon-1';

/** A new person with a completed profile, signed in in this page (made through the API, as the forms would). */
async function newMember(page: Page, email: string) {
  await page.goto('/');
  const status = await page.evaluate(
    async ({ email, password }) => {
      const json = { Accept: 'application/json', 'Content-Type': 'application/json' };
      const signUp = await fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Leaving Person', email, password, confirmPassword: password }),
      });
      const registration = await fetch('/api/me/registration', {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({
          fullName: 'Leaving Person',
          age: 33,
          gender: 'Other',
          country: 'Portugal',
          city: 'Lisbon',
          skills: { hiking: 'beginner', running: 'beginner' },
          bio: 'Trying the app for a weekend and then moving on.',
          instagram: '@leaving.person',
        }),
      });
      const onboarded = await fetch('/api/me/profile', {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ hasSeenOnboarding: true }),
      });
      return [signUp.status, registration.status, onboarded.status];
    },
    { email, password: PASSWORD },
  );
  expect(status).toEqual([200, 200, 200]);
}

describe('delete my account', () => {
  it('confirms, signs the person out, and the account can no longer sign in', async () => {
    const { page } = await browser.page();
    const email = uniqueEmail('leaving');
    await newMember(page, email);

    // From the personal profile to the account settings.
    await page.goto('/me');
    await page.getByRole('link', { name: 'Account settings' }).click();
    await page.waitForURL(/\/me\/account$/);
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();

    // A confirmation that does not name the account is refused, and nothing happens.
    await page.getByLabel(/Type your e-mail or DELETE/).fill('not-me@example.com');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('That is neither your email address nor DELETE').waitFor();

    await page.getByLabel(/Type your e-mail or DELETE/).fill('DELETE');
    await page.getByLabel('Password', { exact: true }).last().fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account' }).click();

    // Signed out, on a page that says the account is gone (issue 23).
    await page.getByRole('heading', { level: 1, name: ACCOUNT_DELETED_PAGE.title }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForFunction(() => location.pathname === '/account-deleted');
    expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);

    // Signing in again fails: the account is gone.
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).count()).toBe(0);
  });
});
