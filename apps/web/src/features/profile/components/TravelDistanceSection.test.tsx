// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRegisteredMe, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import TravelDistanceSection from './TravelDistanceSection';

const NAME = 'How far will you travel to a trailhead?';

describe('TravelDistanceSection', () => {
  it('shows the saved distance and saves a new one through the profile edit', async () => {
    const me = makeRegisteredMe({ maxTravelKm: 150 });
    const fetchMock = mockFetch([{ method: 'PATCH', path: '/api/me/profile', body: { ...me.profile, maxTravelKm: 60 } }]);
    const { queryClient } = renderProfileUi(<TravelDistanceSection />, { me });
    const input = screen.getByRole('spinbutton', { name: NAME }) as HTMLInputElement;
    expect(input.value).toBe('150');
    fireEvent.change(input, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save distance' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ maxTravelKm: 60 });
    expect(await screen.findByText('Saved.')).toBeDefined();
    expect(queryClient.getQueryData<typeof me>(['me'])?.profile.maxTravelKm).toBe(60);
  });

  it.each([
    ['0', 'Travel distance must be between 1 and 1000 km.'],
    ['2.5', 'Travel distance must be a whole number of kilometres.'],
    ['', 'Travel distance must be a number of kilometres.'],
  ])('refuses %j with the shared rule’s words, sending nothing', (value, message) => {
    const fetchMock = mockFetch([]);
    renderProfileUi(<TravelDistanceSection />, { me: makeRegisteredMe() });
    fireEvent.change(screen.getByRole('spinbutton', { name: NAME }), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save distance' }));
    expect(screen.getByText(message)).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
