import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The password of every demo account (`npm start` prints it). */
export const DEMO_PASSWORD = 'trailbuddy';

/** A unique address per run, so a journey can sign up again on the same server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Signs in through the header's Sign In button and the login dialog, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).waitFor();
}

/** Creates an account through the login dialog's "Create an account". */
export async function signUp(page: Page, { name, email, password }: { name: string; email: string; password: string }): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
}

/** The people a journey drives; the fields of "Complete Your Profile". */
export interface Hiker {
  fullName: string;
  age: string;
  gender: 'Male' | 'Female' | 'Other';
  country: string;
  city: string;
  hiking: 'Beginner' | 'Intermediate' | 'Advanced';
  running: 'Beginner' | 'Intermediate' | 'Advanced';
  bio: string;
  instagram: string;
}

/** The bottom bar's tabs. */
export const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Reads the signed-in person's matches with their own session, e.g. to learn a match's id. */
export function myMatches(
  page: Page,
): Promise<{ id: string; status: string; startTime: string; endTime: string; trail: { name: string } | null }[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/matches/mine', { headers: { Accept: 'application/json' } });
    return ((await res.json()) as { matches: never[] }).matches;
  });
}

/**
 * Picks one answer of a radio group drawn as buttons or stars: the inputs themselves are
 * visually hidden, so a person taps the label around one. Checks that it took.
 */
export async function choose(scope: Page | Locator, group: string | RegExp, option: string): Promise<void> {
  const page = 'goto' in scope ? scope : scope.page();
  const fieldset = scope.getByRole('group', { name: group });
  const radio = fieldset.getByRole('radio', { name: option, exact: true });
  // `has` is matched inside each label, so it starts from the page root.
  await fieldset
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: option, exact: true }) })
    .click();
  await expect.poll(() => radio.isChecked(), { timeout: 5_000 }).toBe(true);
}
