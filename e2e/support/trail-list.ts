import type { Locator, Page } from 'playwright-core';

/** The "Show more trails" control of a paged trail list (ADR 0022), also while it loads. */
const moreControl = (scope: Page | Locator) => scope.getByRole('button', { name: /^(Show more trails|Loading more trails…)$/ });

/** Waits for a list to grow past `before` cards or lose its control (the last page came). */
async function nextPage(scope: Page | Locator, before: number) {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if ((await scope.getByRole('article').count()) > before || (await moreControl(scope).count()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the trail list did not grow past ${before} cards within 10 s`);
}

/**
 * Scrolls the home page's trail list to its end, as a person would: each time the control comes
 * into view the next page loads, until there is none. Returns the number of cards then shown.
 */
export async function scrollToEndOfTrails(page: Page): Promise<number> {
  for (let i = 0; i < 100 && (await moreControl(page).count()) > 0; i++) {
    const before = await page.getByRole('article').count();
    await page.mouse.wheel(0, 5000);
    await nextPage(page, before);
  }
  return page.getByRole('article').count();
}

/** Presses a list's "Show more trails" until every page is shown (a keyboard user's way). */
export async function showAllTrails(scope: Page | Locator): Promise<void> {
  await scope.getByRole('article').first().waitFor();
  for (let i = 0; i < 100 && (await moreControl(scope).count()) > 0; i++) {
    const before = await scope.getByRole('article').count();
    await scope.getByRole('button', { name: 'Show more trails' }).click();
    await nextPage(scope, before);
  }
}
