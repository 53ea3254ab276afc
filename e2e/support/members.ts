import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage } from './browser';
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

/**
 * A person in a browser of their own, signed up with a complete profile and a verified e-mail
 * (matching needs both, ADR 0030), who has seen the onboarding. They live in Porto unless told:
 * Best Matches lists the people near a trailhead first (ADR 0068), and a crowd of earlier specs'
 * people near the Lisbon trails would push the demo people, whom other specs look for there, off
 * the first page.
 */
export async function person(
  browser: Browser,
  contexts: BrowserContext[],
  fullName: string,
  emailPrefix: string,
  viewport?: { width: number; height: number },
  city = 'Porto',
) {
  const { context, page } = await newPage(browser, viewport);
  contexts.push(context);
  await page.goto('/');
  const email = uniqueEmail(emailPrefix);
  await apiIn(page, 'POST', '/api/auth/sign-up/email', { email, password: 'long-trail-secret', name: fullName });
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
