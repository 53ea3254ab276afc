import { describe, expect, it } from 'vitest';
import { hrefOf, isAppAddress, routeOf, sectionOf, type View } from './app-routes';

const TRAIL = '3f1c6a2e-8b5d-4c7e-9a10-2b3c4d5e6f70';
const MATCH = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

/** Every view with the address it has; each must parse back to itself. */
const ADDRESSES: [View, string][] = [
  [{ name: 'home' }, '/'],
  [{ name: 'trail-detail', trailId: TRAIL, from: 'home' }, `/trails/${TRAIL}`],
  [{ name: 'trail-detail', trailId: TRAIL, from: 'home', day: 'sunday' }, `/trails/${TRAIL}?day=sunday`],
  [{ name: 'matching', trailId: TRAIL, day: 'saturday' }, `/trails/${TRAIL}/buddies?day=saturday`],
  [{ name: 'matching', trailId: TRAIL, day: 'sunday', capacity: 4 }, `/trails/${TRAIL}/buddies?day=sunday&room=4`],
  [{ name: 'no-matches', trailId: TRAIL, day: 'sunday', matchId: MATCH }, `/trails/${TRAIL}/buddies/searches/${MATCH}?day=sunday`],
  // A start time (ADR 0065) travels from the trail page to the search and its Best Matches.
  [{ name: 'matching', trailId: TRAIL, day: 'saturday', time: '16:30' }, `/trails/${TRAIL}/buddies?day=saturday&time=16%3A30`],
  [
    { name: 'no-matches', trailId: TRAIL, day: 'saturday', matchId: MATCH, time: '08:00' },
    `/trails/${TRAIL}/buddies/searches/${MATCH}?day=saturday&time=08%3A00`,
  ],
  [{ name: 'request-sent', matchId: MATCH }, `/matches/${MATCH}/sent`],
  [{ name: 'match-accepted', matchId: MATCH }, `/matches/${MATCH}/accepted`],
  [{ name: 'conversation', matchId: MATCH }, `/matches/${MATCH}/messages`],
  [{ name: 'matches-page', tab: 'upcoming' }, '/matches/upcoming'],
  [{ name: 'matches-page', tab: 'pending' }, '/matches/pending'],
  [{ name: 'matches-page', tab: 'completed' }, '/matches/completed'],
  [{ name: 'matches' }, '/matches/partners'],
  [{ name: 'profile', userId: 'user-42' }, '/people/user-42'],
  [{ name: 'personal-profile' }, '/me'],
  [{ name: 'notification-preferences' }, '/me/notifications'],
  [{ name: 'account-settings' }, '/me/account'],
  [{ name: 'account-deleted' }, '/account-deleted'],
  [{ name: 'notifications' }, '/notifications'],
  [{ name: 'notification', notificationId: 'n-1' }, '/notifications/n-1'],
  [{ name: 'agenda' }, '/agenda'],
  [{ name: 'agenda', month: '2026-11' }, '/agenda/2026-11'],
  [{ name: 'agenda', month: '2026-11', day: '2026-11-28' }, '/agenda/2026-11?day=2026-11-28'],
];

/** An address as the browser's location gives it: its path and its query. */
const split = (href: string): [string, string] => {
  const at = href.indexOf('?');
  return at < 0 ? [href, ''] : [href.slice(0, at), href.slice(at)];
};

function parse(href: string, from?: 'home' | 'agenda' | 'matches') {
  return routeOf(...split(href), from);
}

/** Addresses that name no view: the app shows its not-found there, the server answers 404. */
const UNKNOWN = [
  '/nowhere',
  '/trails',
  `/trails/${TRAIL}/reviews`,
  `/trails/${TRAIL}/buddies/searches?day=sunday`,
  '/matches/archived',
  `/matches/${MATCH}/declined`,
  '/people',
  '/people/a/b',
  '/me/settings',
  '/agenda/2026-13',
  '/agenda/november',
  '/agenda/2026-11/28',
  '/trails/%E0%A4%A',
  '/admin/other',
  '/authx',
];

describe('hrefOf and routeOf', () => {
  it.each(ADDRESSES)('%o lives at %s and parses back', (view, href) => {
    expect(hrefOf(view)).toBe(href);
    expect(parse(href)).toEqual(view);
  });

  it('takes the trail opener from the history entry, never from the URL', () => {
    expect(parse(`/trails/${TRAIL}`, 'agenda')).toEqual({ name: 'trail-detail', trailId: TRAIL, from: 'agenda' });
    expect(hrefOf({ name: 'trail-detail', trailId: TRAIL, from: 'matches' })).toBe(`/trails/${TRAIL}`);
  });

  it('encodes ids so that a slash or a question mark cannot change the route', () => {
    const href = hrefOf({ name: 'profile', userId: 'a/b?c' });
    expect(href).toBe('/people/a%2Fb%3Fc');
    expect(parse(href)).toEqual({ name: 'profile', userId: 'a/b?c' });
  });

  it('accepts a trailing slash, /matches alone and the agenda day as a path segment', () => {
    expect(parse('/me/')).toEqual({ name: 'personal-profile' });
    expect(parse('/matches')).toEqual({ name: 'matches-page', tab: 'upcoming' });
    expect(parse('/agenda/2026-11-28')).toEqual({ name: 'agenda', month: '2026-11', day: '2026-11-28' });
    expect(parse('/agenda?day=2026-12-05')).toEqual({ name: 'agenda', month: '2026-12', day: '2026-12-05' });
  });

  it('opens the trail when a buddies link has no valid day, and drops an unknown trail day', () => {
    expect(parse(`/trails/${TRAIL}/buddies`)).toEqual({ name: 'trail-detail', trailId: TRAIL, from: 'home' });
    expect(parse(`/trails/${TRAIL}/buddies?day=monday`)).toEqual({ name: 'trail-detail', trailId: TRAIL, from: 'home' });
    expect(parse(`/trails/${TRAIL}?day=friday`)).toEqual({ name: 'trail-detail', trailId: TRAIL, from: 'home' });
  });

  it.each(UNKNOWN)('knows no view at %s', (href) => {
    expect(parse(href)).toBeNull();
  });

  it('keeps an unknown address as it was asked for, for the not-found view', () => {
    expect(hrefOf({ name: 'not-found', path: '/trails/x/reviews?day=sunday' })).toBe('/trails/x/reviews?day=sunday');
  });

  it('keeps a selected day only inside the month shown', () => {
    expect(parse('/agenda/2026-11?day=2026-12-05')).toEqual({ name: 'agenda', month: '2026-11' });
    expect(parse('/agenda/2026-11?day=2026-11-99')).toEqual({ name: 'agenda', month: '2026-11' });
  });
});

describe('isAppAddress', () => {
  it.each(ADDRESSES.map(([, href]) => href))('knows the view at %s', (href) => {
    expect(isAppAddress(...split(href))).toBe(true);
  });

  it.each(['/auth', '/auth/', '/admin', '/admin/reports', '/ADMIN/'])('knows the page of its own at %s', (path) => {
    expect(isAppAddress(path)).toBe(true);
  });

  it.each(UNKNOWN)('knows no page at %s', (href) => {
    expect(isAppAddress(...split(href))).toBe(false);
  });

  it('follows the sections: /admin and /auth are their own, any other path the main app’s', () => {
    expect(sectionOf('/admin/reports')).toBe('admin');
    expect(sectionOf('/auth')).toBe('auth');
    expect(sectionOf('/admin/other')).toBe('main');
  });
});
