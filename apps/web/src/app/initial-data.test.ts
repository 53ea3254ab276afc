// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryOptions } from '../lib/queries/me';
import { trailPagesQueryOptions } from '../lib/queries/trails';
import { makeTrail } from '../testing/test-utils';
import { primeFromPage } from './initial-data';

const { me: INITIAL_ME_ID, trails: INITIAL_TRAILS_ID } = PAGE_DATA_BLOCK_IDS;

function addBlock(id: string, text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = id;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => {
  document.getElementById(INITIAL_ME_ID)?.remove();
  document.getElementById(INITIAL_TRAILS_ID)?.remove();
});

describe('primeFromPage', () => {
  it('starts a visitor with the trails and with nobody signed in, so neither is asked for', () => {
    const trails = [makeTrail()];
    addBlock(INITIAL_TRAILS_ID, JSON.stringify({ trails, nextCursor: 'next' }));
    addBlock(INITIAL_ME_ID, 'null');
    const client = new QueryClient();
    primeFromPage(client);
    expect(client.getQueryData(trailPagesQueryOptions().queryKey)).toEqual({ pages: [{ trails, nextCursor: 'next' }], pageParams: [null] });
    expect(client.getQueryState(meQueryOptions().queryKey)).toMatchObject({ status: 'success', data: null });
    expect(document.getElementById(INITIAL_ME_ID)).toBeNull();
  });

  it('leaves who is signed in to GET /api/me when the page does not say, or says anything but null', () => {
    const client = new QueryClient();
    primeFromPage(client);
    expect(client.getQueryState(meQueryOptions().queryKey)).toBeUndefined();
    addBlock(INITIAL_ME_ID, '{"user":{"id":"forged"}}');
    primeFromPage(client);
    expect(client.getQueryState(meQueryOptions().queryKey)).toBeUndefined();
  });
});
