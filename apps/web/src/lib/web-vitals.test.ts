// @vitest-environment jsdom
import type { Metric } from 'web-vitals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const callbacks = vi.hoisted(() => new Map<string, (metric: Metric) => void>());
vi.mock('web-vitals', () => ({
  onLCP: (cb: (m: Metric) => void) => callbacks.set('LCP', cb),
  onCLS: (cb: (m: Metric) => void) => callbacks.set('CLS', cb),
  onINP: (cb: (m: Metric) => void) => callbacks.set('INP', cb),
  onFCP: (cb: (m: Metric) => void) => callbacks.set('FCP', cb),
  onTTFB: (cb: (m: Metric) => void) => callbacks.set('TTFB', cb),
}));

function metric(name: Metric['name'], value: number, id = `${name}-1`): Metric {
  return { name, value, rating: 'good', delta: value, id, entries: [], navigationType: 'navigate', navigationId: 1 } as Metric;
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

beforeEach(() => {
  callbacks.clear();
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('web-vitals reporting', () => {
  it('batches every metric and sends them in one beacon when the page is hidden', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const { reportWebVitals } = await import('./web-vitals');
    reportWebVitals();
    expect([...callbacks.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);

    callbacks.get('LCP')!(metric('LCP', 1234.56));
    callbacks.get('CLS')!(metric('CLS', 0.012345));
    callbacks.get('CLS')!(metric('CLS', 0.05)); // the same CLS instance, reported again: the later value wins
    expect(sendBeacon).not.toHaveBeenCalled();

    hidePage();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/vitals');
    expect(JSON.parse(body)).toEqual({
      path: '/',
      metrics: [
        { name: 'LCP', value: 1235, rating: 'good', id: 'LCP-1', navigationType: 'navigate' },
        { name: 'CLS', value: 0.05, rating: 'good', id: 'CLS-1', navigationType: 'navigate' },
      ],
    });

    // Nothing new queued: nothing sent again.
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('falls back to a keepalive fetch when the beacon is refused, in reports of at most 20', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: vi.fn(() => false) });
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    const { reportWebVitals } = await import('./web-vitals');
    reportWebVitals();
    for (let i = 0; i < 25; i++) callbacks.get('INP')!(metric('INP', 40 + i, `INP-${i}`));

    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [[, first], [, second]] = fetchMock.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect(first.keepalive).toBe(true);
    expect(JSON.parse(String(first.body)).metrics).toHaveLength(20);
    expect(JSON.parse(String(second.body)).metrics).toHaveLength(5);
  });
});
