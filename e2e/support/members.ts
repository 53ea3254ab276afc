import type { Page } from 'playwright-core';
import { verifyFromInbox } from './inbox';
import { uniqueEmail } from './people';

/** A JSON request with the page's own session, for the setup no screen of this spec is about. */
export function apiIn<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** The password of every member `signUpMember` makes. */
export const MEMBER_PASSWORD = 'long-trail-secret';

/**
 * Makes the person in `page` (a fresh context) a member: signed up with a complete profile and a
 * verified e-mail (matching needs both, ADR 0030), past the onboarding, on the home page. They
 * live in Porto unless told. Specs reach it through `useBrowser().member()`, which opens the page.
 */
export async function signUpMember(page: Page, fullName: string, emailPrefix: string, city = 'Porto'): Promise<Page> {
  await page.goto('/');
  const email = uniqueEmail(emailPrefix);
  await apiIn(page, 'POST', '/api/auth/sign-up/email', { email, password: MEMBER_PASSWORD, name: fullName });
  await apiIn(page, 'PUT', '/api/me/registration', {
    fullName,
    age: 33,
    gender: 'Other',
    country: 'Portugal',
    city,
    skills: { hiking: 'intermediate', running: 'beginner' },
    bio: 'Likes early starts and a coffee at the trailhead.',
    instagram: '@trail.talk',
  });
  await apiIn(page, 'PATCH', '/api/me/profile', { hasSeenOnboarding: true });
  await verifyFromInbox(page, email);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).waitFor();
  return page;
}

/** The member in `page` with their id, for the calls that name a person (an invitation). */
export async function memberWithId(page: Page): Promise<{ page: Page; id: string }> {
  const me = await apiIn<{ user: { id: string } }>(page, 'GET', '/api/me');
  return { page, id: me.user.id };
}
