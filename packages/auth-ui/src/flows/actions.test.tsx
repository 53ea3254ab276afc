// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authError } from '../testing/fake-client';
import {
  click,
  expectPage,
  fakeEnv,
  fieldError,
  fill,
  infoBarText,
  rejectCall,
  renderWidget,
  resolveCall,
  submit,
} from '../testing/harness';

const config = { signInOptions: ['password'] };
const at = (query: string) => renderWidget(config, { env: fakeEnv(`https://app.test/auth?${query}`) });
const text = () => document.querySelector('[data-page-id]')?.textContent ?? '';
const hasContinue = () => screen.queryByRole('button', { name: 'Continue' }) !== null;

describe('resetPassword (checklist §5.12)', () => {
  it('checks the code, asks for the new password, saves → password changed with Continue', async () => {
    const { client, env } = await at('mode=resetPassword&oobCode=code-1&continueUrl=https%3A%2F%2Fapp.test%2Ftrails');
    const check = client.next('checkActionCode');
    expect(check.args).toEqual(['code-1', 'resetPassword']);
    await resolveCall(check, { operation: 'PASSWORD_RESET', email: 'hiker@example.com' });
    expectPage('passwordReset');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(document.querySelector('.authui-text')?.textContent).toBe('for hiker@example.com');
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    await submit();
    expect(fieldError('New password')).toBe('Enter your password');
    fill('New password', 'new-secret1');
    await submit();
    const confirm = client.next('confirmPasswordReset');
    expect(confirm.args).toEqual(['code-1', 'new-secret1']);
    await resolveCall(confirm);
    expectPage('passwordResetSuccess');
    expect(text()).toContain('Password changed');
    expect(text()).toContain('You can now sign in with your new password');
    await click('Continue');
    expect(env.assigned).toEqual(['https://app.test/trails']);
  });

  it('no Continue without a continue URL', async () => {
    const { client } = await at('mode=resetPassword&oobCode=c');
    await resolveCall(client.next('checkActionCode'), { operation: 'PASSWORD_RESET', email: 'a@b.co' });
    fill('New password', 'x');
    await submit();
    await resolveCall(client.next('confirmPasswordReset'));
    expectPage('passwordResetSuccess');
    expect(hasContinue()).toBe(false);
  });

  it('a weak password → inline with focus; other errors → the failure page', async () => {
    const { client } = await at('mode=resetPassword&oobCode=c');
    await resolveCall(client.next('checkActionCode'), { operation: 'PASSWORD_RESET', email: 'a@b.co' });
    fill('New password', 'x');
    await submit();
    await rejectCall(client.next('confirmPasswordReset'), authError('weak-password'));
    expect(fieldError('New password')).toBe('Strong passwords have at least 6 characters and a mix of letters and numbers');
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    fill('New password', 'long-enough-1');
    await submit();
    await rejectCall(client.next('confirmPasswordReset'), authError('expired-action-code'));
    expectPage('passwordResetFailure');
  });

  it('an invalid code → the failure page, without Continue', async () => {
    const { client } = await at('mode=resetPassword&oobCode=c&continueUrl=%2Fx');
    await rejectCall(client.next('checkActionCode'), authError('invalid-action-code'));
    expectPage('passwordResetFailure');
    expect(text()).toBe(
      'Try resetting your password againYour request to reset your password has expired or the link has already been used',
    );
    expect(hasContinue()).toBe(false);
  });

  it('no oobCode → the failure page without asking the server', async () => {
    const { client } = await at('mode=resetPassword');
    expectPage('passwordResetFailure');
    expect(client.calls).toHaveLength(0);
  });
});

describe('recoverEmail (checklist §5.12)', () => {
  it('checks then applies the code → e-mail change revoked, without Continue even with a continue URL', async () => {
    const { client } = await at('mode=recoverEmail&oobCode=c&continueUrl=%2Fx');
    expect(client.next('checkActionCode').args).toEqual(['c', 'recoverEmail']);
    await resolveCall(client.calls[0]!, { operation: 'RECOVER_EMAIL', email: 'old@example.com', previousEmail: 'new@example.com' });
    expect(client.next('applyActionCode').args).toEqual(['c']);
    await resolveCall(client.calls[1]!);
    expectPage('emailChangeRevoke');
    expect(text()).toContain('Updated email address');
    expect(text()).toContain('Your sign-in email address has been changed back to old@example.com.');
    expect(text()).toContain(
      'If you didn’t ask to change your sign-in email, it’s possible someone is trying to access your account and you should change your password right away.',
    );
    expect(hasContinue()).toBe(false);
  });

  it('"change your password right away" mails a reset → the sent notice without Done', async () => {
    const { client } = await at('mode=recoverEmail&oobCode=c');
    await resolveCall(client.next('checkActionCode'), { operation: 'RECOVER_EMAIL', email: 'old@example.com' });
    await resolveCall(client.next('applyActionCode'));
    await click('change your password right away');
    await resolveCall(client.next('sendPasswordRecovery'));
    expectPage('passwordRecoveryEmailSent');
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('a failed reset mail → info bar', async () => {
    const { client } = await at('mode=recoverEmail&oobCode=c');
    await resolveCall(client.next('checkActionCode'), { operation: 'RECOVER_EMAIL', email: 'old@example.com' });
    await resolveCall(client.next('applyActionCode'));
    await click('change your password right away');
    await rejectCall(client.next('sendPasswordRecovery'), authError('user-not-found'));
    expectPage('emailChangeRevoke');
    expect(infoBarText()).toBe('Unable to send password reset code to specified email');
  });

  it.each(['checkActionCode', 'applyActionCode'] as const)('a failing %s → the failure page', async (failing) => {
    const { client } = await at('mode=recoverEmail&oobCode=c');
    if (failing === 'applyActionCode') await resolveCall(client.next('checkActionCode'), { operation: 'RECOVER_EMAIL', email: 'a@b.co' });
    await rejectCall(client.next(failing), authError('invalid-action-code'));
    expectPage('emailChangeRevokeFailure');
    expect(text()).toBe(
      'Unable to update your email addressThere was a problem changing your sign-in email back.If you try again and still can’t reset your email, try asking your administrator for help.',
    );
  });
});

describe('verifyEmail (checklist §5.12)', () => {
  it('applies the code → verified, with Continue for a continue URL', async () => {
    const { client, env } = await at('mode=verifyEmail&oobCode=c&continueUrl=%2Fprofile');
    expect(client.next('applyActionCode').args).toEqual(['c']);
    await resolveCall(client.calls[0]!);
    expectPage('emailVerificationSuccess');
    expect(text()).toContain('Your email has been verified');
    expect(text()).toContain('You can now sign in with your new account');
    await click('Continue');
    expect(env.assigned).toEqual(['/profile']);
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/y', 'javascript:alert(1)'])(
    'a hostile continue URL %j continues to the default page instead (ADR 0053)',
    async (hostile) => {
      const { client, env } = await renderWidget(
        { ...config, signInSuccessUrl: '/trails' },
        { env: fakeEnv(`https://app.test/auth?mode=verifyEmail&oobCode=c&continueUrl=${encodeURIComponent(hostile)}`) },
      );
      await resolveCall(client.next('applyActionCode'));
      await click('Continue');
      expect(env.assigned).toEqual(['/trails']);
    },
  );

  it('without a continue URL there is no Continue; a failure → the failure page', async () => {
    const first = await at('mode=verifyEmail&oobCode=c');
    await resolveCall(first.client.next('applyActionCode'));
    expect(hasContinue()).toBe(false);
    first.unmount();
    const second = await at('mode=verifyEmail&oobCode=c&continueUrl=%2Fx');
    await rejectCall(second.client.next('applyActionCode'), authError('expired-action-code'));
    expectPage('emailVerificationFailure');
    expect(text()).toBe('Try verifying your email againYour request to verify your email has expired or the link has already been used');
    expect(hasContinue()).toBe(false);
  });
});

describe('verifyAndChangeEmail (checklist §5.12)', () => {
  it('checks (the new e-mail) and applies → success with Continue', async () => {
    const { client } = await at('mode=verifyAndChangeEmail&oobCode=c&continueUrl=%2Fx');
    expect(client.next('checkActionCode').args).toEqual(['c', 'verifyAndChangeEmail']);
    await resolveCall(client.calls[0]!, {
      operation: 'VERIFY_AND_CHANGE_EMAIL',
      email: 'new@example.com',
      previousEmail: 'old@example.com',
    });
    await resolveCall(client.next('applyActionCode'));
    expectPage('verifyAndChangeEmailSuccess');
    expect(text()).toContain('Your email has been verified and changed');
    expect(text()).toContain('You can now sign in with your new email new@example.com.');
    expect(hasContinue()).toBe(true);
  });

  it('a failure → the failure page', async () => {
    const { client } = await at('mode=verifyAndChangeEmail&oobCode=c');
    await rejectCall(client.next('checkActionCode'), authError('invalid-action-code'));
    expectPage('verifyAndChangeEmailFailure');
    expect(text()).toBe(
      'Try updating your email againYour request to verify and update your email has expired or the link has already been used.',
    );
  });
});

describe('revertSecondFactorAddition (checklist §5.12)', () => {
  it('a phone factor: names it, offers a reset, no Continue', async () => {
    const { client } = await at('mode=revertSecondFactorAddition&oobCode=c&continueUrl=%2Fx');
    expect(client.next('checkActionCode').args).toEqual(['c', 'revertSecondFactorAddition']);
    await resolveCall(client.calls[0]!, {
      operation: 'REVERT_SECOND_FACTOR_ADDITION',
      email: 'hiker@example.com',
      multiFactorInfo: { factorId: 'phone', phoneNumber: '+15555550100' },
    });
    await resolveCall(client.next('applyActionCode'));
    expectPage('revertSecondFactorAdditionSuccess');
    expect(text()).toContain('Removed second factor');
    expect(text()).toContain('The phone +15555550100 was removed as a second authentication step.');
    expect(text()).toContain(
      "If you don't recognize this device, someone might be trying to access your account. Consider changing your password right away.",
    );
    expect(hasContinue()).toBe(false);
    await click('changing your password right away');
    expect(client.next('sendPasswordRecovery').args).toEqual(['hiker@example.com']);
  });

  it('another factor: "The device or app…"', async () => {
    const { client } = await at('mode=revertSecondFactorAddition&oobCode=c');
    await resolveCall(client.next('checkActionCode'), {
      operation: 'REVERT_SECOND_FACTOR_ADDITION',
      email: 'a@b.co',
      multiFactorInfo: { factorId: 'totp' },
    });
    await resolveCall(client.next('applyActionCode'));
    expect(text()).toContain('The device or app was removed as a second authentication step.');
  });

  it('a failure → the failure page', async () => {
    const { client } = await at('mode=revertSecondFactorAddition&oobCode=c');
    await resolveCall(client.next('checkActionCode'), { operation: 'REVERT_SECOND_FACTOR_ADDITION', email: 'a@b.co' });
    await rejectCall(client.next('applyActionCode'), authError('invalid-action-code'));
    expectPage('revertSecondFactorAdditionFailure');
    expect(text()).toBe(
      "Couldn't remove your second factorSomething went wrong removing your second factor.Try removing it again. If that doesn't work, contact support for assistance.",
    );
  });
});
