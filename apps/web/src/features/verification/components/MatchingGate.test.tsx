// @vitest-environment jsdom
import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GUEST_VERIFICATION_MESSAGE } from '@trailbuddy/shared/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { makeRegisteredMe } from '../../../testing/profile-utils';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import MatchingGate, { GUEST_GATE_TITLE, upgradeHref, VERIFY_GATE_TITLE } from './MatchingGate';

/** Any view of the app that starts a search: it knows nothing about the gate. */
function SearchButton() {
  const search = useMutation({ mutationFn: () => api.post('/api/matches/search', { trailId: 't1', day: 'saturday' }) });
  return (
    <button type="button" onClick={() => search.mutate()}>
      Find Hiking Buddy
    </button>
  );
}

const refusal = (code: string, message: string) => [
  { method: 'POST', path: '/api/matches/search', status: 403, body: { error: { code, message } } },
  { path: '/api/me', body: makeRegisteredMe() },
];

describe('MatchingGate', () => {
  it('sends a guest to create an account, coming back to this page', async () => {
    mockFetch(refusal('verification-required', GUEST_VERIFICATION_MESSAGE));
    const me = makeRegisteredMe();
    me.user = { ...me.user, email: '', isAnonymous: true };
    renderWithProviders(
      <>
        <SearchButton />
        <MatchingGate me={me} verifyEmailNotice={(email) => <p>notice for {email}</p>} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    const dialog = await screen.findByRole('dialog', { name: GUEST_GATE_TITLE });
    expect(dialog.textContent).toContain(GUEST_VERIFICATION_MESSAGE);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(upgradeHref('/'));
  });

  it('shows an unverified person the verification notice for their address', async () => {
    mockFetch(refusal('verification-required', 'Verify your e-mail address (or confirm a phone number) to find a buddy.'));
    renderWithProviders(
      <>
        <SearchButton />
        <MatchingGate me={makeRegisteredMe()} verifyEmailNotice={(email) => <p>notice for {email}</p>} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    await screen.findByRole('dialog', { name: VERIFY_GATE_TITLE });
    expect(screen.getByText('notice for rita@example.com')).toBeTruthy();
  });

  it('opens nothing for other refusals, and reloads who I am on a missing profile', async () => {
    const fetch = mockFetch(refusal('profile-required', 'Complete your profile to find a buddy.'));
    const { queryClient } = renderWithProviders(
      <>
        <SearchButton />
        <MatchingGate me={makeRegisteredMe()} verifyEmailNotice={() => null} />
      </>,
    );
    queryClient.setQueryData(['me'], makeRegisteredMe());
    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    await waitFor(() => expect(queryClient.getQueryState(['me'])?.isInvalidated).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/matches/search'), expect.anything());
  });
});
