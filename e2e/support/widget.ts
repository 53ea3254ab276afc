import type { Page } from 'playwright-core';
import type { Hiker } from './people';

/** The sign-in widget's card on /auth. */
export const widget = (page: Page) => page.locator('.authui-root');

/** Opens /auth as "More sign-in options" does and waits for the provider buttons. */
export async function openWidget(page: Page, query = 'mode=select'): Promise<void> {
  await page.goto(`/auth?${query}`);
  await widget(page).getByRole('button').first().waitFor();
}

/** E-mail first: "Sign in with email", the address, Next. */
export async function enterEmail(page: Page, email: string): Promise<void> {
  await widget(page).getByRole('button', { name: 'Sign in with email' }).click();
  await widget(page).getByLabel('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Next' }).click();
}

/** A new address: "Create account" with a name and a password, Save. */
export async function widgetSignUp(
  page: Page,
  { email, name, password }: { email: string; name: string; password: string },
): Promise<void> {
  await enterEmail(page, email);
  const card = widget(page);
  await card.getByRole('heading', { name: 'Create account' }).waitFor();
  await card.getByLabel('First & last name').fill(name);
  await card.getByLabel('Choose password').fill(password);
  await card.getByRole('button', { name: 'Save' }).click();
}

/** A known address: "Sign in" with its password. */
export async function widgetSignIn(page: Page, email: string, password: string): Promise<void> {
  await enterEmail(page, email);
  const card = widget(page);
  await card.getByRole('heading', { name: 'Sign in' }).waitFor();
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Sign In' }).click();
}

/** "Continue as guest" from the widget, then the guest's profile and the onboarding: home as a guest. */
export async function continueAsGuest(page: Page, guest: Hiker): Promise<void> {
  await openWidget(page);
  await widget(page).getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // A guest has no e-mail: the header says so instead of showing an empty address.
  await page.getByRole('banner').getByText('Guest', { exact: true }).waitFor();
  await completeProfile(page, guest);
}

/** "Complete Your Profile" then the onboarding carousel, for a session that has not done them. */
export async function completeProfile(page: Page, person: Hiker): Promise<void> {
  const registration = page.getByRole('dialog', { name: 'Complete Your Profile' });
  await registration.waitFor();
  await registration.getByLabel('Full name').fill(person.fullName);
  await registration.getByLabel('Age').fill(person.age);
  await registration.getByLabel('Gender').selectOption(person.gender);
  await registration.getByLabel('Country').selectOption(person.country);
  const city = registration.getByLabel('City');
  await city.locator(`option:text-is("${person.city}")`).waitFor({ state: 'attached' });
  await city.selectOption(person.city);
  await registration.getByLabel('Hiking experience').selectOption({ label: person.hiking });
  await registration.getByLabel('Running experience').selectOption({ label: person.running });
  await registration.getByLabel('Bio').fill(person.bio);
  await registration.getByLabel('Instagram handle').fill(person.instagram);
  await registration.getByRole('button', { name: 'Complete Profile' }).click();
  await registration.waitFor({ state: 'detached' });
  await walkOnboarding(page);
}

/** The onboarding carousel a new profile opens: four steps, Next three times, then Get started. */
export async function walkOnboarding(page: Page): Promise<void> {
  const onboarding = page.getByRole('dialog', { name: 'How TrailBuddy works' });
  await onboarding.waitFor();
  // One step at a time: a click made while the carousel is still moving may land on the step
  // before, so each click waits for the step it should move from.
  for (let step = 1; step <= 3; step++) {
    await onboarding.getByText(`Step ${step} of 4`).waitFor();
    await onboarding.getByRole('button', { name: 'Next' }).click();
  }
  await onboarding.getByText('Step 4 of 4').waitFor();
  await onboarding.getByRole('button', { name: 'Get started' }).click();
  await onboarding.waitFor({ state: 'detached' });
}

/** The signed-in person's favourite trail ids, read with their own session. */
export function favouriteIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => ((await (await fetch('/api/me/favourites')).json()) as { trailIds: string[] }).trailIds);
}

/** The signed-in person as /api/me shows them. */
export function me(page: Page): Promise<{ user: { id: string; email: string; emailVerified: boolean } }> {
  return page.evaluate(async () => (await fetch('/api/me')).json());
}
