// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicProfile, renderProfileUi } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import ProfileView from './ProfileView';

describe('ProfileView', { timeout: 20_000 }, () => {
  it('shows another user’s public profile', async () => {
    mockFetch([{ path: '/api/users/u2', body: makePublicProfile() }]);
    renderProfileUi(<ProfileView userId="u2" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Miguel Costa' })).toBeTruthy();
    expect(screen.getAllByText('Lisbon, Portugal').length).toBeGreaterThan(0);
    expect(screen.getByText('34')).toBeTruthy();
    expect(screen.getByText('Male')).toBeTruthy();
    expect(screen.getByText('Advanced')).toBeTruthy();
    // Biking beside hiking and running (issue 23).
    expect(screen.getByText('Biking').nextElementSibling?.textContent).toBe('Beginner');
    expect(screen.getByText('Trail runner, early riser.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /miguel\.runs/ }).getAttribute('href')).toBe('https://www.instagram.com/miguel.runs/');
    expect(screen.getByText('Fast')).toBeTruthy();
    expect(screen.queryByText(/@example/)).toBeNull();
  });

  it('falls back to "Unknown Player" and "N/A" for missing values, and shows no Instagram row without a handle', async () => {
    mockFetch([{ path: '/api/users/u2', body: makePublicProfile({ name: '', age: null, bio: null, instagram: null, gender: null }) }]);
    renderProfileUi(<ProfileView userId="u2" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown Player' })).toBeTruthy();
    // Age, gender, bio; the handle is optional (issue 23), so its row is left out, not "N/A".
    expect(screen.getAllByText('N/A').length).toBe(3);
    expect(screen.queryByText('Instagram')).toBeNull();
  });

  it('says "No profile data available." when the profile does not exist', async () => {
    mockFetch([{ path: '/api/users/gone', status: 404, body: { error: { code: 'not-found', message: 'User not found.' } } }]);
    renderProfileUi(<ProfileView userId="gone" />);
    expect(await screen.findByText('No profile data available.')).toBeTruthy();
  });

  it('goes back to the matches page', async () => {
    mockFetch([{ path: '/api/users/u2', body: makePublicProfile() }]);
    const { navigation } = renderProfileUi(<ProfileView userId="u2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Matches' }));
    expect(navigation.navigate).toHaveBeenCalledWith({ name: 'matches-page' });
  });
});
