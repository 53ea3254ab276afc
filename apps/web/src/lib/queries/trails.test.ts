// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTrail, mockFetch } from '../../testing/test-utils';
import { primeTrailsFromPage, trailPagesQueryOptions } from './trails';

const INITIAL_TRAILS_ID = PAGE_DATA_BLOCK_IDS.trails;

function addBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INITIAL_TRAILS_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => document.getElementById(INITIAL_TRAILS_ID)?.remove());

describe('primeTrailsFromPage', () => {
  it('fills the first page of the unfiltered list from the JSON block the server put in the page, once', () => {
    const trails = [makeTrail({ name: 'Sintra <Forest> Loop' })];
    // As the server escapes it: JSON escapes instead of < and >.
    addBlock(JSON.stringify({ trails, nextCursor: 'abc' }).replace(/</g, '\\u003c').replace(/>/g, '\\u003e'));
    const client = new QueryClient();
    expect(primeTrailsFromPage(client)).toBe(true);
    expect(client.getQueryData(trailPagesQueryOptions().queryKey)).toEqual({ pages: [{ trails, nextCursor: 'abc' }], pageParams: [null] });
    expect(client.getQueryState(trailPagesQueryOptions().queryKey)?.status).toBe('success');
    // Read once: the block is gone, so a later client does not get old data.
    expect(document.getElementById(INITIAL_TRAILS_ID)).toBeNull();
    expect(primeTrailsFromPage(new QueryClient())).toBe(false);
  });

  it('leaves the query alone when the page has no block or an unusable one', () => {
    const client = new QueryClient();
    expect(primeTrailsFromPage(client)).toBe(false);
    addBlock('{not json');
    expect(primeTrailsFromPage(client)).toBe(false);
    addBlock('{"trails":"nope"}');
    expect(primeTrailsFromPage(client)).toBe(false);
    expect(client.getQueryData(trailPagesQueryOptions().queryKey)).toBeUndefined();
  });
});

describe('the paged trail list', () => {
  it('asks for the next page with the cursor the last one gave, keeping the filters', async () => {
    const first = [makeTrail({ name: 'One' })];
    const second = [makeTrail({ name: 'Two' })];
    const fetchMock = mockFetch([
      {
        path: '/api/trails',
        body: (url: URL) =>
          url.searchParams.get('cursor') === 'c1' ? { trails: second, nextCursor: null } : { trails: first, nextCursor: 'c1' },
      },
    ]);
    const client = new QueryClient();
    const options = trailPagesQueryOptions({ activity: 'running', q: 'river' });
    const loaded = await client.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(loaded.pages.flatMap((page) => page.trails.map((trail) => trail.name))).toEqual(['One', 'Two']);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/trails?activity=running&q=river',
      '/api/trails?activity=running&q=river&cursor=c1',
    ]);
  });
});
