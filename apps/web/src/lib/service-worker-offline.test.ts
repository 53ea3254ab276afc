import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import { describe, expect, it } from 'vitest';
import { changesWhoIsSignedIn, imagesOf, personCacheName, personOfCaches, shellWithoutIdentity } from './service-worker-offline';

describe('the person cache', () => {
  it('is named after the person, and found again by its name', () => {
    expect(personOfCaches(['workbox-precache-v2-x', personCacheName('u-42')])).toBe('u-42');
    expect(personOfCaches(['workbox-precache-v2-x'])).toBeNull();
  });
});

describe('requests that change who is signed in', () => {
  it.each([
    ['POST', 'cors', '/api/auth/sign-in/email', true],
    ['POST', 'cors', '/api/auth/sign-out', true],
    ['POST', 'cors', '/api/auth/federated/link-pending', true],
    ['POST', 'cors', '/api/identity/anything', false],
    ['GET', 'navigate', '/api/auth/callback/github', true],
    ['GET', 'cors', '/api/auth/get-session', false],
    ['POST', 'cors', '/api/matches/search', false],
    ['GET', 'navigate', '/matches/upcoming', false],
  ])('%s %s %s → %s', (method, mode, path, expected) => {
    expect(changesWhoIsSignedIn(method, mode, path)).toBe(expected);
  });
});

describe('the offline shell', () => {
  it('drops the "nobody is signed in" block and keeps the rest of the page', () => {
    const html = `<html><head></head><body><div id="root"></div><script type="application/json" id="${PAGE_DATA_BLOCK_IDS.trails}">{"trails":[]}</script><script type="application/json" id="${PAGE_DATA_BLOCK_IDS.me}">null</script></body></html>`;
    const shell = shellWithoutIdentity(html);
    expect(shell).not.toContain(PAGE_DATA_BLOCK_IDS.me);
    expect(shell).toContain(`id="${PAGE_DATA_BLOCK_IDS.trails}">{"trails":[]}</script></body>`);
  });
});

describe('the images of the upcoming hikes', () => {
  const match = (trailImage: string | null, partnerImage: string) =>
    ({ trail: trailImage === null ? null : { image: trailImage }, partner: { image: partnerImage } }) as unknown as MatchView;

  it('are the trail pictures and buddy photos served by this origin, once each', () => {
    const origin = 'https://trailbuddy.example';
    expect(
      imagesOf(
        [
          match('/api/files/trailImages/a.jpg', '/people/ana.png'),
          match(null, '/people/ana.png'),
          match('https://cdn.example/x.jpg', '/avatars/avatar-2.png'),
        ],
        origin,
      ),
    ).toEqual([`${origin}/api/files/trailImages/a.jpg`, `${origin}/people/ana.png`, `${origin}/avatars/avatar-2.png`]);
  });
});
