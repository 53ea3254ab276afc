import type { Page, Route } from 'playwright-core';

/**
 * Holds the browser's requests to `url` until `release()` is called, so a short-lived state
 * (a spinner, an upload's progress bar) can be seen for certain instead of raced. The requests
 * then go to the real server unchanged.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const inFlight = new Set<Promise<void>>();
  const handler = (route: Route) => {
    const passed = opened.then(() => route.continue());
    inFlight.add(passed);
    return passed;
  };
  await page.route(url, handler);
  return {
    release: async () => {
      open();
      // Only once every held request has gone on: unrouting earlier would settle them twice.
      await Promise.all(inFlight);
      await page.unroute(url, handler);
    },
  };
}
