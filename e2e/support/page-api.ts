import type { Page } from 'playwright-core';

/** A JSON call with the page's own session, as the app makes it. */
export function call<T>(page: Page, method: string, url: string, body?: object): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, url, body },
  ) as Promise<{ status: number; body: T }>;
}
