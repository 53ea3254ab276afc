// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { daysFromNow, makeMatch, makeProfile } from '../../../testing/matches-utils';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import MatchesPagePlans from './MatchesPagePlans';

describe('MatchesPagePlans', () => {
  it('lists my open searches with Cancel Search, and what partners changed', async () => {
    const search = makeMatch({ status: 'searching', partner: null, start: daysFromNow(3) });
    const past = makeMatch({ status: 'searching', partner: null, start: daysFromNow(-1) });
    const confirmed = makeMatch({ status: 'confirmed' });
    const withdrawn = makeMatch({
      status: 'cancelled',
      partner: makeProfile({ name: 'Rui Santos' }),
      cancellation: { kind: 'withdrawn', by: 'partner', note: null, at: null, late: false },
    });
    const fetch = mockFetch([
      { path: '/api/matches/mine', body: { matches: [search, past, confirmed] } },
      { path: '/api/matches/changed-plans', body: { matches: [withdrawn] } },
      { method: 'POST', path: `/api/matches/${search.id}/cancel`, body: { ...search, status: 'cancelled' } },
    ]);
    renderWithProviders(<MatchesPagePlans />);

    const searches = await screen.findByRole('region', { name: 'Searching for a buddy' });
    expect(within(searches).getAllByRole('listitem')).toHaveLength(1);
    expect(within(searches).getByText(search.trail!.name)).toBeDefined();

    const changed = await screen.findByRole('region', { name: 'Changed plans' });
    expect(changed.textContent).toContain('Rui withdrew the request.');

    fireEvent.click(within(searches).getByRole('button', { name: /^Cancel Search/ }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => String(url) === `/api/matches/${search.id}/cancel` && init?.method === 'POST')).toBe(
        true,
      ),
    );
  });

  it('shows nothing when there is nothing open or changed', async () => {
    const fetch = mockFetch([
      { path: '/api/matches/mine', body: { matches: [] } },
      { path: '/api/matches/changed-plans', body: { matches: [] } },
    ]);
    const { container } = renderWithProviders(<MatchesPagePlans />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(container.textContent).toBe('');
  });
});
