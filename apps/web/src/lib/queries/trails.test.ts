// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTrail } from '../../testing/test-utils';
import { primeTrailsFromPage, trailsQueryOptions } from './trails';

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
  it('fills the trails query from the JSON block the server put in the page, once', () => {
    const trails = [makeTrail({ name: 'Sintra <Forest> Loop' })];
    // As the server escapes it: JSON escapes instead of < and >.
    addBlock(JSON.stringify({ trails }).replace(/</g, '\\u003c').replace(/>/g, '\\u003e'));
    const client = new QueryClient();
    expect(primeTrailsFromPage(client)).toBe(true);
    expect(client.getQueryData(trailsQueryOptions().queryKey)).toEqual(trails);
    expect(client.getQueryState(trailsQueryOptions().queryKey)?.status).toBe('success');
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
    expect(client.getQueryData(trailsQueryOptions().queryKey)).toBeUndefined();
  });
});
