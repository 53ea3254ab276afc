// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMatch, renderWithNavigation } from '../../../testing/matching-utils';
import { makeTrail, mockFetch } from '../../../testing/test-utils';
import MatchingView from './MatchingView';

const trail = makeTrail({ name: 'Sintra Forest Loop' });

function searchCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/matches/search' && init?.method === 'POST');
}

describe('MatchingView', () => {
  it('shows the spinner, starts one search even in StrictMode, then opens the results', async () => {
    const match = makeMatch({ trailId: trail.id });
    const fetchMock = mockFetch([
      { path: `/api/trails/${trail.id}`, body: trail },
      { method: 'POST', path: '/api/matches/search', body: { match, created: true } },
    ]);
    const { navigation } = renderWithNavigation(<MatchingView trailId={trail.id} day="sunday" />, undefined, { reactStrictMode: true });

    expect(screen.getByRole('heading', { name: 'Finding your ideal hiking buddy...' })).toBeDefined();
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith(
        { name: 'no-matches', trailId: trail.id, day: 'sunday', matchId: match.id },
        { replace: true },
      ),
    );
    const calls = searchCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ trailId: trail.id, day: 'sunday' });
  });

  it('says so when the match cannot be created, and goes back home on request', async () => {
    mockFetch([
      { path: `/api/trails/${trail.id}`, body: trail },
      { method: 'POST', path: '/api/matches/search', status: 500, body: { error: { code: 'internal', message: 'Boom' } } },
    ]);
    const { navigation } = renderWithNavigation(<MatchingView trailId={trail.id} day="saturday" />);

    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong while trying to create a match.');
    expect(navigation.navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(navigation.navigate).toHaveBeenCalledWith({ name: 'home' });
  });

  it('shows the server’s own words for a refusal it explains: a started session, another hike at that time', async () => {
    mockFetch([
      { path: `/api/trails/${trail.id}`, body: trail },
      {
        method: 'POST',
        path: '/api/matches/search',
        status: 409,
        body: {
          error: {
            code: 'hike-conflict',
            message: 'You already have a hike at that time: Sintra Forest Loop, Saturday, 21 November 2026 at 10:00. One hike at a time.',
          },
        },
      },
    ]);
    renderWithNavigation(<MatchingView trailId={trail.id} day="saturday" capacity={3} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have a hike at that time: Sintra Forest Loop, Saturday, 21 November 2026 at 10:00. One hike at a time.',
    );
  });
});
