// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import type { PastPartner } from '@trailbuddy/shared/contracts/match';
import { describe, expect, it } from 'vitest';
import { makePartner, makeProfile, renderWithNavigation } from '../../../testing/matches-utils';
import { mockFetch } from '../../../testing/test-utils';
import PartnersView from './PartnersView';

function renderPartners(partners: PastPartner[]) {
  const fetchMock = mockFetch([{ path: '/api/matches/partners', body: { partners } }]);
  return { fetchMock, ...renderWithNavigation(<PartnersView />, { name: 'matches' }) };
}

describe('PartnersView', () => {
  it('shows each past partner with their percent match, and opens their profile', async () => {
    const joana = makeProfile({ name: 'Joana Lima', image: '/avatars/avatar-4.png' });
    const { navigate } = renderPartners([
      makePartner({ profile: joana, compatibility: 93, trailName: 'Sintra Forest Loop' }),
      makePartner({ profile: makeProfile({ name: 'Tiago Reis' }), compatibility: 71.6, trailName: null }),
    ]);

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading').textContent).toBe('Joana Lima');
    expect(within(cards[0]!).getByText('93% match')).toBeDefined();
    expect(within(cards[0]!).getByText(/Sintra Forest Loop/)).toBeDefined();
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/avatars/avatar-4.png');
    expect(within(cards[1]!).getByText('72% match')).toBeDefined();
    expect(within(cards[1]!).getByText(/Unknown Trail/)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Joana Lima' }));
    expect(navigate).toHaveBeenCalledWith({ name: 'profile', userId: joana.id });
  });

  it('shows an empty state with a way back to the trails', async () => {
    const { navigate } = renderPartners([]);
    expect(await screen.findByText(/No past partners yet/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Find a trail' }));
    expect(navigate).toHaveBeenCalledWith({ name: 'home' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Matches' }));
    expect(navigate).toHaveBeenLastCalledWith({ name: 'matches-page' });
  });
});
