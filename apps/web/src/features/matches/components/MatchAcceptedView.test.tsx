// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { formatDate, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { describe, expect, it } from 'vitest';
import { makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matching-utils';
import { mockFetch } from '../../../testing/test-utils';
import MatchAcceptedView from './MatchAcceptedView';

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('MatchAcceptedView', () => {
  it('summarises the confirmed match: partner, trail, date, time, location and compatibility', async () => {
    const match = makeMatch({
      status: 'confirmed',
      compatibility: 92,
      partner: makeProfile({ name: 'Sofia Almeida', location: 'Lisbon, Portugal' }),
    });
    mockFetch([{ path: '/api/matches/mine', body: { matches: [match] } }]);
    const { navigation } = renderWithNavigation(<MatchAcceptedView matchId={match.id} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Match Accepted!' })).toBeDefined();
    expect(await screen.findByText('Sofia Almeida')).toBeDefined();
    expect(row('Trail')).toBe('Sintra Forest Loop');
    expect(row('Location')).toBe('Sintra, Portugal');
    expect(row('Compatibility')).toBe('92% match');
    // Written by the app's one set of date formatters, as on every other view.
    expect(row('Date')).toBe(formatDate(match.startTime));
    expect(row('Time')).toBe(formatTimeRange(match.startTime, match.endTime));

    fireEvent.click(screen.getByRole('button', { name: 'View My Matches' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'matches-page' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'home' });
  });

  it('falls back to the product labels, and to no figure with its reason (not a default 85%) when data is missing', async () => {
    const match = makeMatch({ status: 'confirmed', partner: null, trail: null, compatibility: null, startTime: '' });
    mockFetch([{ path: '/api/matches/mine', body: { matches: [match] } }]);
    renderWithNavigation(<MatchAcceptedView matchId={match.id} />);

    expect(await screen.findByText('Unknown Partner')).toBeDefined();
    expect(row('Trail')).toBe('Unknown Trail');
    expect(row('Date')).toBe('Unknown Date');
    expect(row('Time')).toBe('Invalid time');
    expect(row('Compatibility')).toBe('— (not enough profile details to compare)');
  });

  it('says "Invalid date" for an unreadable start time', async () => {
    const match = makeMatch({ status: 'confirmed', startTime: 'not a date' });
    mockFetch([{ path: '/api/matches/mine', body: { matches: [match] } }]);
    renderWithNavigation(<MatchAcceptedView matchId={match.id} />);

    await screen.findByText('Trail', { selector: 'dt' });
    expect(row('Date')).toBe('Invalid date');
    expect(row('Time')).toBe('Invalid time');
  });

  it('does not present a hike my own block cancelled, which my list keeps for its card (ADR 0067), as accepted', async () => {
    const match = makeMatch({
      status: 'cancelled',
      cancellation: { kind: 'blocked', by: 'me', note: null, at: null, late: false },
      partner: makeProfile({ name: 'Sofia Almeida' }),
    });
    mockFetch([{ path: '/api/matches/mine', body: { matches: [match] } }]);
    renderWithNavigation(<MatchAcceptedView matchId={match.id} />);

    expect(await screen.findByText('This match is no longer available.')).toBeDefined();
    expect(screen.queryByText('Sofia Almeida')).toBeNull();
  });
});
