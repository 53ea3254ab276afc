import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, type RenderOptions } from '@testing-library/react';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';

// Role queries walk the accessibility tree and jsdom is slow at it: when the whole suite runs in
// parallel, the default 1 s for findBy* is too tight for a first render that includes imports.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders inside a fresh query cache that never retries, so a failure shows at once. */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options),
  };
}

export interface MockRoute {
  method?: string;
  /** Matched against the request's path (no origin, no query). */
  path: string;
  status?: number;
  /** The answer, or a function of the request's URL (its query) that makes it. */
  body?: unknown;
  /** The answer waits for this: a request still on its way until the test says otherwise. */
  heldUntil?: Promise<unknown>;
}

/**
 * Replaces `fetch` (the app's only way out) with canned answers by method and path. A request
 * nobody expected fails the test loudly rather than hanging.
 */
export function mockFetch(routes: MockRoute[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const route = routes.find((r) => (r.method ?? 'GET').toUpperCase() === method && r.path === url.pathname);
    if (!route) throw new Error(`Unexpected request: ${method} ${url.pathname}`);
    await route.heldUntil;
    const body: unknown = typeof route.body === 'function' ? (route.body as (url: URL) => unknown)(url) : route.body;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status: route.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let nextId = 1;

export function makeTrail(overrides: Partial<Trail> = {}): Trail {
  const id = String(nextId++);
  return {
    id,
    name: `Trail ${id}`,
    location: 'Lisbon, Portugal',
    country: 'Portugal',
    length: '10.1 km',
    hours: 3,
    difficulty: 'Moderate',
    activity: 'hiking',
    description: 'A pleasant walk along the river with views of the old town.',
    linkmap: 'https://maps.example.com/trail',
    image: `/images/trail-${id}.jpg`,
    map: null,
    startTime: '2026-06-13T09:00:00.000Z',
    endTime: '2026-06-13T12:00:00.000Z',
    weekendDay: 'saturday',
    startTimes: [],
    order: Number(id),
    trailhead: null,
    route: null,
    ...overrides,
  };
}
