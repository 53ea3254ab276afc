import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import { describe, expect, it, vi } from 'vitest';
import {
  AUTH_ERROR_MESSAGES,
  developerMessages,
  format,
  formatCountdown,
  getErrorMessage,
  normalizeError,
  strings,
  TENANT_HANDLER_ERROR_MESSAGES,
  WIDGET_ERROR_MESSAGES,
} from './strings';

describe('error code → message (checklist §6.4, product §8)', () => {
  it.each([
    ['auth/email-already-in-use', 'The email address is already used by another account'],
    ['auth/requires-recent-login', 'Please login again to perform this operation'],
    ['auth/user-token-expired', 'Please login again to perform this operation'],
    ['auth/too-many-requests', 'You have entered an incorrect password too many times. Please try again in a few minutes.'],
    ['auth/user-cancelled', 'Please authorize the required permissions to sign in to the application'],
    ['auth/user-not-found', "That email address doesn't match an existing account"],
    ['auth/weak-password', 'Strong passwords have at least 6 characters and a mix of letters and numbers'],
    ['auth/wrong-password', "The email and password you entered don't match"],
    ['auth/network-request-failed', 'A network error has occurred'],
    ['auth/invalid-phone-number', 'Enter a valid phone number'],
    ['auth/invalid-verification-code', 'Wrong code. Try again.'],
    ['auth/code-expired', 'This code is no longer valid'],
    ['auth/expired-action-code', 'This code has expired.'],
    [
      'auth/invalid-action-code',
      'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
    ],
  ])('%s → %s', (code, message) => {
    expect(AUTH_ERROR_MESSAGES[code]).toBe(message);
    // The mapped text wins over whatever the server said.
    expect(getErrorMessage({ code, message: 'server text' })).toBe(message);
  });

  it('maps exactly the 14 codes of the table', () => {
    expect(Object.keys(AUTH_ERROR_MESSAGES)).toHaveLength(14);
  });

  it('agrees with the identity contract where both give a message', () => {
    for (const [code, message] of Object.entries(AUTH_ERROR_MESSAGES)) {
      const bare = code.replace('auth/', '') as keyof typeof IDENTITY_ERROR_MESSAGES;
      if (bare in IDENTITY_ERROR_MESSAGES) expect(IDENTITY_ERROR_MESSAGES[bare]).toBe(message);
    }
  });

  it('falls back to the raw message for other codes', () => {
    expect(getErrorMessage({ code: 'auth/user-disabled', message: 'The user account has been disabled by an administrator.' })).toBe(
      'The user account has been disabled by an administrator.',
    );
    expect(getErrorMessage({ code: 'auth/admin-restricted-operation', message: 'Restricted.' })).toBe('Restricted.');
  });

  it('shows the generic message (and logs) when the raw message is JSON', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(getErrorMessage({ code: 'auth/internal-error', message: '{"error":{"code":500}}' })).toBe(
      'Something went wrong. Please try again.',
    );
    expect(log).toHaveBeenCalled();
  });

  it("falls back to the identity contract's default text when the server sent no message", () => {
    expect(getErrorMessage({ code: 'auth/user-disabled', message: '' })).toBe(IDENTITY_ERROR_MESSAGES['user-disabled']);
    expect(getErrorMessage({ code: 'auth/unheard-of', message: '' })).toBe(strings.genericError);
  });

  it('treats a consent-required invalid credential as a cancellation (normalisation a)', () => {
    const error = { code: 'auth/invalid-credential', message: 'OAuth failed: error=consent_required' };
    expect(normalizeError(error).code).toBe('auth/user-cancelled');
    expect(getErrorMessage(error)).toBe('Please authorize the required permissions to sign in to the application');
  });

  it('unwraps blocking-function errors (normalisation b)', () => {
    const message = 'HTTP Cloud Function returned an error: {"error":{"code":400,"message":"Only company accounts may sign up."}}';
    expect(getErrorMessage({ code: 'auth/internal-error', message })).toBe('Only company accounts may sign up.');
  });

  it('carries the intended merge-conflict text under the real code (checklist §11.14, fixed)', () => {
    expect(WIDGET_ERROR_MESSAGES['firebaseui/anonymous-upgrade-merge-conflict']).toBe(
      'The current anonymous user failed to upgrade. The non-anonymous credential is already associated with a different user account.',
    );
    expect(getErrorMessage({ code: 'firebaseui/anonymous-upgrade-merge-conflict' })).toBe(strings.mergeConflict);
  });

  it('has the tenant handler messages', () => {
    expect(Object.keys(TENANT_HANDLER_ERROR_MESSAGES)).toHaveLength(24);
    expect(TENANT_HANDLER_ERROR_MESSAGES['auth/too-many-requests']).toBe(
      'We have blocked all requests from this device due to unusual activity. Try again later.',
    );
    expect(TENANT_HANDLER_ERROR_MESSAGES['no-matching-tenant-for-email']).toBe(
      'No sign-in provider is available for the given email, please try with a different email.',
    );
  });
});

describe('strings (checklist §6)', () => {
  it('has the shared controls', () => {
    expect([strings.next, strings.signInButton, strings.save, strings.continue, strings.cancel, strings.back, strings.dismiss]).toEqual([
      'Next',
      'Sign In',
      'Save',
      'Continue',
      'Cancel',
      'Back',
      'Dismiss',
    ]);
    expect([strings.send, strings.done, strings.verify, strings.recoverPassword, strings.retry]).toEqual([
      'Send',
      'Done',
      'Verify',
      'Recover password',
      'Retry',
    ]);
    expect([
      strings.troubleSigningIn,
      strings.troubleGettingEmail,
      strings.resend,
      strings.learnMore,
      strings.termsOfService,
      strings.privacyPolicy,
    ]).toEqual(['Trouble signing in?', 'Trouble getting email?', 'Resend', 'Learn More', 'Terms of Service', 'Privacy Policy']);
  });

  it('has the progress dialog texts', () => {
    expect([
      strings.dialogVerifying,
      strings.dialogCodeSent,
      strings.dialogVerified,
      strings.dialogSigningIn,
      strings.dialogSignedIn,
    ]).toEqual(['Verifying...', 'Code sent!', 'Verified!', 'Signing in...', 'Signed in!']);
  });

  it('has the validation messages', () => {
    expect(strings.missingEmail).toBe('Enter your email address to continue');
    expect(strings.invalidEmail).toBe("That email address isn't correct");
    expect(strings.missingPassword).toBe('Enter your password');
    expect(strings.missingName).toBe('Enter your account name');
    expect(strings.unsupportedCountryCode).toBe('The country code provided is not supported.');
    expect(strings.noWebStorage).toBe('The browser you are using does not support Web Storage. Please try again in a different browser.');
    expect(strings.emailNotReceivedFixes).toHaveLength(4);
  });

  it('formats placeholders and the resend countdown', () => {
    expect(format(strings.recoveryEmailSentBody, { email: 'a@b.co' })).toBe(
      'Follow the instructions sent to a@b.co to recover your password',
    );
    expect(format(strings.resendCodeIn, { time: formatCountdown(15) })).toBe('Resend code in 0:15');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(format('{known} {unknown}', { known: 'x' })).toBe('x {unknown}');
  });

  it('has the developer messages', () => {
    expect(developerMessages.invalidConfig('foo')).toBe('Invalid config: "foo"');
    expect(developerMessages.required('widgetUrl')).toBe('Configuration widgetUrl is required.');
    expect(developerMessages.recaptchaKeysNotAllowed(['sitekey', 'callback'])).toBe(
      'The following provided "recaptchaParameters" keys are not allowed: sitekey, callback',
    );
  });
});
