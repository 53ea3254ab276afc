// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import LoginModal from './LoginModal';
import type { LoginMode } from './login-mode';

function renderModal(initialMode: LoginMode = 'signIn') {
  const onClose = vi.fn();
  const utils = renderWithProviders(<LoginModal initialMode={initialMode} onClose={onClose} />);
  return { onClose, ...utils };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A complete, valid sign-up that the server answers with `status` and Better Auth's error `body`. */
function signUpRefusedWith(status: number, body: { code: string; message: string }) {
  mockFetch([{ method: 'POST', path: '/api/auth/sign-up/email', status, body }]);
  const rendered = renderModal('signUp');
  type('Name', 'Rita');
  type('Email', 'rita@example.com');
  type('Password', 'secret1');
  type('Confirm password', 'secret1');
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  return rendered;
}

describe('LoginModal', () => {
  it('is a labelled modal dialog that takes focus and closes on Escape', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();

    const { onClose, unmount } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);

    // The browser turns Escape into the native dialog's cancel event (jsdom has no showModal).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);

    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('links to the sign-in widget for more sign-in options on sign-in and sign-up', () => {
    renderModal();
    expect(screen.getByRole('link', { name: 'More sign-in options' }).getAttribute('href')).toBe('/auth?mode=select');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('link', { name: 'More sign-in options' }).getAttribute('href')).toBe('/auth?mode=select');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.queryByRole('link', { name: 'More sign-in options' })).toBeNull();
  });

  it('sends the widget back to the view the person asked for', () => {
    renderWithProviders(<LoginModal onClose={vi.fn()} returnTo="/matches/upcoming" />);
    expect(screen.getByRole('link', { name: 'More sign-in options' }).getAttribute('href')).toBe(
      '/auth?mode=select&signInSuccessUrl=%2Fmatches%2Fupcoming',
    );
  });

  /** The message a field shows, as assistive technology reads it (its accessible description). */
  const fieldError = (label: string) => {
    const input = screen.getByLabelText(label);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    return (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
  };

  it('says "Passwords do not match" under the confirmation on sign-up without calling the server', async () => {
    const fetchMock = mockFetch([]);
    renderModal('signUp');
    type('Name', 'Rita');
    type('Email', 'rita@example.com');
    type('Password', 'secret1');
    type('Confirm password', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(fieldError('Confirm password')).toBe('Passwords do not match'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the sign-up fields with the shared schema, each with its own message', async () => {
    const fetchMock = mockFetch([]);
    renderModal('signUp');
    type('Email', 'rita@example');
    type('Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(fieldError('Name')).toBe('Enter your account name'));
    expect(fieldError('Email')).toBe("That email address isn't correct");
    expect(fieldError('Password')).toBe('Strong passwords have at least 6 characters and a mix of letters and numbers');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a field the server refuses under that field, in words, never the validator’s raw text', async () => {
    // An address the browser's check lets through but Better Auth's validation refuses.
    const { onClose } = signUpRefusedWith(400, { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' });

    await waitFor(() => expect(fieldError('Email')).toBe("That email address isn't correct"));
    expect(document.body.textContent).not.toContain('[body.email]');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server’s message when sign-up fails for another reason', async () => {
    const { onClose } = signUpRefusedWith(422, { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' });

    expect((await screen.findByRole('alert')).textContent).toBe('User already exists. Use another email.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for an e-mail address before sending a reset link', async () => {
    const fetchMock = mockFetch([]);
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(fieldError('Email')).toBe('Please enter your email address'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for both fields before signing in', async () => {
    const fetchMock = mockFetch([]);
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(fieldError('Email')).toBe('Enter your email address to continue'));
    expect(fieldError('Password')).toBe('Enter your password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms a sent reset e-mail, which links back to /auth', async () => {
    const fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/request-password-reset', body: { status: true } }]);
    renderModal('forgotPassword');
    type('Email', 'rita@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('status')).textContent).toBe('Password reset email sent! Please check your inbox.');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'rita@example.com', redirectTo: '/auth' });
  });

  it('reports a failed reset e-mail', async () => {
    mockFetch([{ method: 'POST', path: '/api/auth/request-password-reset', status: 500, body: { message: 'boom' } }]);
    renderModal('forgotPassword');
    type('Email', 'rita@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Error sending password reset email. Please try again.');
  });

  it('says "Invalid email or password" when sign-in is refused', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    ]);
    const { onClose } = renderModal();
    type('Email', 'rita@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password. Please try again.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes and refetches who is signed in after signing in', async () => {
    const fetchMock = mockFetch([
      { method: 'POST', path: '/api/auth/sign-in/email', body: { redirect: false, token: 't', user: { id: 'u1' } } },
    ]);
    const { onClose, queryClient } = renderModal();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    type('Email', 'rita@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(invalidate).toHaveBeenCalled();
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/auth\/sign-in\/email$/);
  });

  it('tells a sign-in apart from a dismissal when asked to', async () => {
    mockFetch([{ method: 'POST', path: '/api/auth/sign-in/email', body: { redirect: false, token: 't', user: { id: 'u1' } } }]);
    const onClose = vi.fn();
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginModal onClose={onClose} onSignedIn={onSignedIn} />);
    type('Email', 'rita@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
  });
});
