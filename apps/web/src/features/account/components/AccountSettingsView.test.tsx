// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, ACCOUNT_SETTINGS_MESSAGES } from '@trailbuddy/shared/contracts/account';
import { renderWithNavigation } from '../../../testing/matches-utils';
import { makeRegisteredMe } from '../../../testing/profile-utils';
import { mockFetch } from '../../../testing/test-utils';
import AccountSettingsView from './AccountSettingsView';

const me = makeRegisteredMe();

/** The body each call sent, by path. */
const sent = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('AccountSettingsView', () => {
  it('deletes the account only with a confirmation that names it, then shows the page that says it is deleted (issue 23)', async () => {
    const fetch = mockFetch([
      { path: '/api/me', body: me },
      { method: 'POST', path: '/api/account/delete', status: 204 },
    ]);
    const { navigate } = renderWithNavigation(<AccountSettingsView />, { name: 'account-settings' });
    const button = await screen.findByRole('button', { name: 'Delete my account' });

    fireEvent.click(button);
    expect(await screen.findByText(ACCOUNT_SETTINGS_MESSAGES.confirmationMissing)).toBeDefined();
    type(/Type your e-mail or DELETE/, 'someone-else@example.com');
    fireEvent.click(button);
    expect(await screen.findByText(ACCOUNT_SETTINGS_MESSAGES.confirmationWrong)).toBeDefined();
    expect(sent(fetch, '/api/account/delete')).toEqual([]);

    type(/Type your e-mail or DELETE/, 'DELETE');
    fireEvent.change(screen.getAllByLabelText(/^Password/).at(-1)!, { target: { value: 'secret123' } });
    fireEvent.click(button);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'account-deleted' }, { replace: true }));
    expect(sent(fetch, '/api/account/delete')).toEqual([{ confirmation: 'DELETE', password: 'secret123' }]);
  });

  it("shows the server's refusal under the field it names (a wrong password)", async () => {
    mockFetch([
      { path: '/api/me', body: me },
      {
        method: 'POST',
        path: '/api/account/delete',
        status: 400,
        body: { error: { code: 'wrong-password', message: 'The password is wrong.', fields: { password: 'The password is wrong.' } } },
      },
    ]);
    const { navigate } = renderWithNavigation(<AccountSettingsView />, { name: 'account-settings' });
    await screen.findByLabelText(/Type your e-mail or DELETE/);
    type(/Type your e-mail or DELETE/, me.user.email.toUpperCase());
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The password is wrong.')).toBeDefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('changes the password through Better Auth, checking the new one first', async () => {
    const fetch = mockFetch([
      { path: '/api/me', body: me },
      { method: 'POST', path: '/api/auth/change-password', body: { token: null } },
    ]);
    renderWithNavigation(<AccountSettingsView />, { name: 'account-settings' });
    await screen.findByLabelText('Current password');
    type('Current password', 'secret123');
    type('New password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordWeak)).toBeDefined();
    type('New password', 'a-longer-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password is changed/)).toBeDefined();
    expect(sent(fetch, '/api/auth/change-password')).toEqual([
      { currentPassword: 'secret123', newPassword: 'a-longer-secret', revokeOtherSessions: true },
    ]);
  });

  it('asks for a link to the new e-mail address', async () => {
    const fetch = mockFetch([
      { path: '/api/me', body: me },
      { method: 'POST', path: '/api/auth/change-email', body: { status: true, newEmail: 'new@example.com', sent: true } },
    ]);
    renderWithNavigation(<AccountSettingsView />, { name: 'account-settings' });
    await screen.findByLabelText('New e-mail');
    type('New e-mail', 'New@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/We sent a link to new@example.com/)).toBeDefined();
    expect(sent(fetch, '/api/auth/change-email')).toEqual([{ newEmail: 'New@Example.com' }]);
  });

  it('signs out of every device and goes home', async () => {
    const fetch = mockFetch([
      { path: '/api/me', body: me },
      { method: 'POST', path: '/api/auth/revoke-sessions', body: { status: true } },
    ]);
    const { navigate } = renderWithNavigation(<AccountSettingsView />, { name: 'account-settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of every device' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'home' }, { replace: true }));
    expect(sent(fetch, '/api/auth/revoke-sessions')).toHaveLength(1);
  });

  it('offers a guest no password or e-mail to change, but the rest', async () => {
    mockFetch([{ path: '/api/me', body: { ...me, user: { ...me.user, isAnonymous: true, email: '' } } }]);
    renderWithNavigation(<AccountSettingsView />, { name: 'account-settings' });
    expect(await screen.findByRole('button', { name: 'Delete my account' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeDefined();
  });
});
