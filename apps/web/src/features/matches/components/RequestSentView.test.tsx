// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchKeys } from '../../../lib/queries/matches';
import { makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matching-utils';
import { mockFetch } from '../../../testing/test-utils';
import RequestSentView from './RequestSentView';

describe('RequestSentView', () => {
  it('shows the request with its partner and trail, and turns into a confirmation when accepted', async () => {
    const pending = makeMatch({ status: 'pending', partner: makeProfile({ name: 'Miguel Costa' }) });
    mockFetch([{ path: '/api/matches/mine', body: { matches: [pending] } }]);
    const { navigation, queryClient } = renderWithNavigation(<RequestSentView matchId={pending.id} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Request sent to play!' })).toBeDefined();
    expect(await screen.findByText(/as soon as/)).toBeDefined();
    expect(screen.getAllByText('Miguel Costa').length).toBeGreaterThan(0);
    expect(screen.getByText('Sintra Forest Loop')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'See the match' })).toBeNull();

    // A live event refreshes my matches: the partner has accepted.
    queryClient.setQueryData(matchKeys.mine(), [{ ...pending, status: 'confirmed', compatibility: 88 }]);
    expect((await screen.findByText(/Your hike is confirmed!/)).textContent).toBe('Miguel Costa accepted. Your hike is confirmed!');
    fireEvent.click(screen.getByRole('button', { name: 'See the match' }));
    expect(navigation.navigate).toHaveBeenCalledWith({ name: 'match-accepted', matchId: pending.id });
  });

  it('offers the way back when the request is gone', async () => {
    mockFetch([{ path: '/api/matches/mine', body: { matches: [] } }]);
    const { navigation } = renderWithNavigation(<RequestSentView matchId="gone" />);

    expect((await screen.findByRole('alert')).textContent).toBe('This request was declined or has expired.');
    fireEvent.click(screen.getByRole('button', { name: 'View My Matches' }));
    expect(navigation.navigate).toHaveBeenCalledWith({ name: 'matches-page' });
  });
});
