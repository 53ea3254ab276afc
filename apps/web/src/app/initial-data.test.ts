// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryOptions } from '../lib/queries/me';
import { trailPagesQueryOptions } from '../lib/queries/trails';
import { makeTrail } from '../testing/test-utils';
import { primeFromPage, serverRenderOfPage } from './initial-data';

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

describe('serverRenderOfPage', () => {
  const settings = (href: string) => JSON.stringify({ href, locale: 'en-US', timeZone: 'Europe/Lisbon', now: '2026-11-18T09:00:00.000Z' });
  afterEach(() => document.getElementById(PAGE_DATA_BLOCK_IDS.render)?.remove());

  it('hydrates with the settings the server rendered with, when it rendered the view at this address', () => {
    addBlock(PAGE_DATA_BLOCK_IDS.render, settings('/trails/t1?day=sunday'));
    expect(serverRenderOfPage('/trails/t1?utm_source=x&day=sunday')).toEqual({
      href: '/trails/t1?utm_source=x&day=sunday',
      dateFormat: { locale: 'en-US', timeZone: 'Europe/Lisbon', now: new Date('2026-11-18T09:00:00.000Z'), plainSpaces: true },
    });
    expect(document.getElementById(PAGE_DATA_BLOCK_IDS.render)).toBeNull();
  });

  it('renders alone when the page has no render block, or one for another view', () => {
    expect(serverRenderOfPage('/')).toBeNull();
    addBlock(PAGE_DATA_BLOCK_IDS.render, settings('/'));
    expect(serverRenderOfPage('/trails/t1')).toBeNull();
    addBlock(PAGE_DATA_BLOCK_IDS.render, settings('/trails/t1'));
    expect(serverRenderOfPage('/trails/t1?day=sunday')).toBeNull();
    addBlock(PAGE_DATA_BLOCK_IDS.render, '{not json');
    expect(serverRenderOfPage('/')).toBeNull();
  });
});
