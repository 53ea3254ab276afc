// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import { authError, fakeUser } from '../testing/fake-client';
import { click, expectPage, fakeEnv, fieldError, fill, rejectCall, renderShowing, resolveCall, submit } from '../testing/harness';

const user = fakeUser({ email: 'hiker@example.com' });
const totp = { uid: 'f-totp', factorId: 'totp', displayName: 'Work phone', phoneNumber: null };
const phone = { uid: 'f-phone', factorId: 'phone', displayName: null, phoneNumber: '+351912345678' };
const required = (factors: object[]) =>
  authError('multi-factor-auth-required', 'Verify it’s you with your second factor to finish signing in.', {
    mfaPendingCredential: 'pending-1',
    factors,
  });

async function passwordSignInAnswered(error: unknown, config: AuthUIConfig = {}) {
  const signInSuccessWithAuthResult = vi.fn(() => true);
  const rendered = await renderShowing(
    { signInOptions: ['password'], signInSuccessUrl: 'https://app.test/home', callbacks: { signInSuccessWithAuthResult }, ...config },
    (app) => app.flows.showPasswordSignIn(app, 'hiker@example.com'),
    { env: fakeEnv() },
  );
  fill('Password', 'secret1');
  await submit();
  await rejectCall(rendered.client.next('signInWithPassword'), error);
  return { ...rendered, signInSuccessWithAuthResult };
}

describe('second factor at sign-in', () => {
  it("shows the multi-factor page after the password and completes the sign-in with the app's code", async () => {
    const { client, env, signInSuccessWithAuthResult } = await passwordSignInAnswered(required([totp]));
    expectPage('multiFactorSignIn');
    expect(screen.getByRole('heading').textContent).toBe('Verify it’s you');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app “Work phone”.')).toBeTruthy();

    fill('6-digit code', '12345');
    await submit();
    expect(fieldError('6-digit code')).toBe('Wrong code. Try again.');

    fill('6-digit code', '123456');
    await submit();
    await rejectCall(client.next('signInWithTotpFactor'), authError('invalid-verification-code', 'Wrong code. Try again.'));
    expect(fieldError('6-digit code')).toBe('Wrong code. Try again.');

    fill('6-digit code', '654321');
    await submit();
    const finish = client.next('signInWithTotpFactor');
    expect(finish.args).toEqual(['pending-1', 'f-totp', '654321']);
    await resolveCall(finish, user);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'password', isNewUser: false } },
      undefined,
    );
    expect(env.assigned).toEqual(['https://app.test/home']);
  });

  it('texts a phone factor its code, offers the other factors, and finishes with the texted code', async () => {
    const { client } = await passwordSignInAnswered(required([phone, totp]));
    const send = client.next('sendPhoneFactorCode');
    expect(send.args).toEqual(['pending-1', 'f-phone']);
    await resolveCall(send, { verificationId: 'v-1', phoneNumber: '+351912345678' });
    expectPage('multiFactorSignIn');
    expect(screen.getByText('Enter the 6-digit code we sent to +351912345678.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Authenticator app “Work phone”' })).toBeTruthy();

    fill('6-digit code', '000111');
    await submit();
    const finish = client.next('signInWithPhoneFactor');
    expect(finish.args).toEqual(['pending-1', 'v-1', '000111']);
    await resolveCall(finish, user);
  });

  it('switches to another factor', async () => {
    const { client } = await passwordSignInAnswered(required([phone, totp]));
    await resolveCall(client.next('sendPhoneFactorCode'), { verificationId: 'v-1', phoneNumber: '+351912345678' });
    await click('Authenticator app “Work phone”');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app “Work phone”.')).toBeTruthy();
    client.assertNoMoreCalls();
  });

  it('a lapsed sign-in goes back to the start page with the message', async () => {
    const { client } = await passwordSignInAnswered(required([totp]));
    fill('6-digit code', '123456');
    await submit();
    await rejectCall(client.next('signInWithTotpFactor'), authError('code-expired', 'This sign-in has expired. Sign in again.'));
    expectPage('signIn');
    expect(document.body.textContent).toContain('This code is no longer valid');
  });
});
