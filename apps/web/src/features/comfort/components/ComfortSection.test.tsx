// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRegisteredMe, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import ComfortSection from './ComfortSection';

const sentBody = (fetchMock: ReturnType<typeof mockFetch>) => JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));

describe('ComfortSection', () => {
  it('shows the saved preferences and saves the changes through the profile edit', async () => {
    const me = makeRegisteredMe({ comfort: { sameGenderOnly: false, ageMin: 25, ageMax: null, languages: ['Portuguese'] } });
    const saved = { ...me.profile, comfort: { sameGenderOnly: true, ageMin: 25, ageMax: 45, languages: ['English', 'Portuguese'] } };
    const fetchMock = mockFetch([{ method: 'PATCH', path: '/api/me/profile', body: saved }]);
    const { queryClient } = renderProfileUi(<ComfortSection />, { me });

    expect(screen.getByRole('region', { name: 'Who you hike with' })).toBeDefined();
    expect((screen.getByRole('spinbutton', { name: 'From' }) as HTMLInputElement).value).toBe('25');
    expect((screen.getByRole('checkbox', { name: 'Portuguese' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Buddies of my gender only' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'to' }), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('PATCH');
    // Languages go in the list's order, whatever order they were ticked in.
    expect(sentBody(fetchMock)).toEqual({
      comfort: { sameGenderOnly: true, ageMin: 25, ageMax: 45, languages: ['English', 'Portuguese'] },
    });
    expect(await screen.findByText('Saved.')).toBeDefined();
    expect(queryClient.getQueryData<typeof me>(['me'])?.profile.comfort).toEqual(saved.comfort);
  });

  it('refuses an age band upside down without sending it', () => {
    const fetchMock = mockFetch([]);
    renderProfileUi(<ComfortSection />, { me: makeRegisteredMe() });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'From' }), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'to' }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(screen.getByRole('alert').textContent).toBe('The oldest age must not be below the youngest.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
