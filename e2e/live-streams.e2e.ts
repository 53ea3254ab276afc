import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { signIn } from './support/people';

const browser = useBrowser();

declare global {
  interface Window {
    /** Every EventSource the page made, with whether the server told it `replaced`. */
    liveStreams: { source: EventSource; replaced: boolean }[];
  }
}

/** Records the page's EventSources (the browser's own, only observed) before the app runs. */
function recordLiveStreams(context: BrowserContext) {
  return context.addInitScript(() => {
    window.liveStreams = [];
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        const entry = { source: this as EventSource, replaced: false };
        window.liveStreams.push(entry);
        this.addEventListener('replaced', () => (entry.replaced = true));
      }
    };
  });
}

/** The page's requests for the live stream, as they are made. */
function liveStreamRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') requests.push(request);
  });
  return requests;
}

const streams = (page: Page) =>
  page.evaluate(() => window.liveStreams.map((s) => ({ replaced: s.replaced, closed: s.source.readyState === EventSource.CLOSED })));
const replacedCount = async (page: Page) => (await streams(page)).filter((s) => s.replaced).length;

describe('live streams of one person in many tabs', () => {
  it('closes the oldest tab’s stream when one tab too many opens; that tab stays closed until it is shown again', async () => {
    const { context, page: oldest } = await browser.page();
    await recordLiveStreams(context);
    const oldestRequests = liveStreamRequests(oldest);
    await oldest.goto('/');
    await signIn(oldest, 'sofia@trailbuddy.app');
    // The stream opens once the browser is idle after the first render.
    await expect.poll(async () => (await streams(oldest)).filter((s) => !s.closed).length, { timeout: 20_000 }).toBe(1);

    // The server keeps five streams per account (LIVE_STREAMS_PER_ACCOUNT): five more tabs.
    const tabs: Page[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await context.newPage();
      await page.goto('/');
      await expect.poll(async () => (await streams(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
      tabs.push(page);
    }

    await expect.poll(() => replacedCount(oldest), { timeout: 20_000 }).toBe(1);
    expect((await streams(oldest)).every((s) => s.closed)).toBe(true);
    const made = (await streams(oldest)).length;
    const requested = oldestRequests.length;
    // Longer than the stream's retry hint (3 s): an EventSource left to itself would be back by now.
    await oldest.waitForTimeout(5_000);
    expect((await streams(oldest)).length).toBe(made);
    expect(oldestRequests.length).toBe(requested);

    // Shown again, it opens one stream, which in turn replaces the next oldest tab's.
    await oldest.bringToFront();
    await oldest.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(async () => (await streams(oldest)).length, { timeout: 10_000 }).toBe(made + 1);
    await expect.poll(() => replacedCount(tabs[0]!), { timeout: 20_000 }).toBe(1);
    expect(await replacedCount(tabs[4]!)).toBe(0);
    await context.close();
  });
});
