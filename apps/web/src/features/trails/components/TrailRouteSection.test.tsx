// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import type { TrailRoute } from '@trailbuddy/shared/contracts/trail-route';
import { describe, expect, it } from 'vitest';
import { makeTrail, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { makeRegisteredMe } from '../../../testing/profile-utils';
import { TrailRouteFacts, TrailRouteSection } from './TrailRouteSection';

const summary = {
  distanceMeters: 12_000,
  elevationGainMeters: 600,
  elevationLossMeters: 590,
  highestPointMeters: 640,
  lowestPointMeters: 40,
};
const route: TrailRoute = {
  ...summary,
  profile: Array.from({ length: 50 }, (_, i) => [i * 245, 40 + 600 * Math.sin((Math.PI * i) / 49)] as [number, number]),
  suggestedDifficulty: 'Moderate',
};
const hiker: MeasuredAbility = {
  activity: 'hiking',
  activityCount: 9,
  flatPaceSecondsPerKm: 720,
  climbRateMetersPerHour: 400,
  longestDistanceMeters: 10_000,
  largestElevationGainMeters: 800,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function renderRoute(abilities: MeasuredAbility[], trail = makeTrail({ route: summary })) {
  mockFetch([{ path: `/api/trails/${trail.id}/route`, body: route }]);
  return renderWithProviders(<TrailRouteFacts trail={trail} abilities={abilities} />);
}

describe('TrailRouteFacts', () => {
  it('shows the route’s facts and its elevation profile as a described chart', async () => {
    renderRoute([]);
    const section = screen.getByRole('region', { name: 'Route' });
    const facts = [...section.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['Distance: 12 km', 'Elevation gain: 600 m', 'Elevation loss: 590 m', 'Highest point: 640 m']);
    const chart = await screen.findByRole('img', { name: /Elevation profile of Trail \d+/ });
    expect(chart.querySelector('desc')?.textContent).toBe('Over 12 km, from 40 m to 40 m, lowest 40 m, highest 640 m.');
    // The line and the area under it, through every point of the profile.
    const paths = chart.querySelectorAll('path');
    expect(paths).toHaveLength(2);
    expect(paths[1]!.getAttribute('d')!.split('L')).toHaveLength(route.profile.length);
  });

  it('says nothing of a fit without a measured ability for the trail’s activity', async () => {
    renderRoute([{ ...hiker, activity: 'running' }]);
    await screen.findByRole('img', { name: /Elevation profile/ });
    expect(screen.queryByRole('region', { name: /from what you have done/ })).toBeNull();
  });

  it('tells a member when the trail is longer than anything of their year, and the time at their pace', async () => {
    renderRoute([hiker]);
    const fit = screen.getByRole('region', { name: 'For you, from what you have done' });
    // 12 km at 12 min/km plus 600 m at 400 m/h: 3 h 54, said to the nearest 5 minutes.
    expect([...fit.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Longer than anything you did in the last year.',
      'About 3 h 55 at your pace.',
    ]);
  });

  it('shows nothing for a trail without a route, and asks for none', () => {
    const fetchMock = mockFetch([]);
    const { container } = renderWithProviders(<TrailRouteFacts trail={makeTrail()} abilities={[hiker]} />);
    expect(container.innerHTML).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the measured ability the fit reads (GET /api/me/ability, one query with the ability section)', () => {
  const paths = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname).sort();

  it('shows the fit for a signed-in member with a measured ability', async () => {
    const trail = makeTrail({ route: summary });
    const fetchMock = mockFetch([
      { path: '/api/me', body: makeRegisteredMe() },
      { path: '/api/me/ability', body: { abilities: [hiker], providers: [] } },
      { path: `/api/trails/${trail.id}/route`, body: route },
    ]);
    renderWithProviders(<TrailRouteSection trail={trail} />);
    await screen.findByRole('region', { name: 'For you, from what you have done' });
    expect(paths(fetchMock)).toEqual(['/api/me', '/api/me/ability', `/api/trails/${trail.id}/route`].sort());
  });

  it('asks nothing of a visitor, and shows no fit', async () => {
    const trail = makeTrail({ route: summary });
    const fetchMock = mockFetch([
      { path: '/api/me', status: 401, body: { error: { code: 'unauthorized', message: 'Sign in.' } } },
      { path: `/api/trails/${trail.id}/route`, body: route },
    ]);
    renderWithProviders(<TrailRouteSection trail={trail} />);
    await screen.findByRole('img', { name: /Elevation profile/ });
    await waitFor(() => expect(paths(fetchMock)).toContain('/api/me'));
    expect(paths(fetchMock)).not.toContain('/api/me/ability');
    expect(screen.queryByRole('region', { name: /from what you have done/ })).toBeNull();
  });

  it('shows no fit while the member has no measured ability', async () => {
    const trail = makeTrail({ route: summary });
    mockFetch([
      { path: '/api/me', body: makeRegisteredMe() },
      { path: '/api/me/ability', body: { abilities: [], providers: [] } },
      { path: `/api/trails/${trail.id}/route`, body: route },
    ]);
    renderWithProviders(<TrailRouteSection trail={trail} />);
    await screen.findByRole('img', { name: /Elevation profile/ });
    await waitFor(() => expect(screen.queryByRole('region', { name: /from what you have done/ })).toBeNull());
  });
});
