import type { Page } from 'playwright-core';

/**
 * Scrolls the home page's trail list to its end, as a person would: each time the "Show more
 * trails" control comes into view the next page loads (ADR 0022), until there is none. Returns the
 * number of trail cards then shown.
 */
export async function scrollToEndOfTrails(page: Page): Promise<number> {
  const more = page.getByRole('button', { name: 'Show more trails' });
  for (let i = 0; i < 100 && (await more.count()) > 0; i++) {
    const before = await page.getByRole('article').count();
    await page.mouse.wheel(0, 5000);
    await page.waitForFunction(
      (n) => document.querySelectorAll('article').length > n || !document.body.textContent?.includes('Show more trails'),
      before,
      {
        timeout: 10_000,
      },
    );
  }
  return page.getByRole('article').count();
}
