import { IDENTITY_ERROR_MESSAGES, type IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';

/**
 * Every user-facing string of the widget (checklist §1, §6; product §8), in English, exactly as
 * FirebaseUI v6 words them. Templates use `{name}` placeholders: `format()` fills them with text,
 * the widget's `<Message>` component with elements (a bold e-mail, a link).
 */
export const strings = {
  // §6.1 shared controls
  next: 'Next',
  signInButton: 'Sign In',
  save: 'Save',
  continue: 'Continue',
  cancel: 'Cancel',
  back: 'Back',
  dismiss: 'Dismiss',
  send: 'Send',
  done: 'Done',
  verify: 'Verify',
  recoverPassword: 'Recover password',
  retry: 'Retry',
  troubleSigningIn: 'Trouble signing in?',
  troubleGettingEmail: 'Trouble getting email?',
  resend: 'Resend',
  learnMore: 'Learn More',
  termsOfService: 'Terms of Service',
  privacyPolicy: 'Privacy Policy',
  emailLabel: 'Email',
  newEmailLabel: 'Enter new email address',
  passwordLabel: 'Password',
  currentPasswordLabel: 'Current password',
  choosePasswordLabel: 'Choose password',
  newPasswordLabel: 'New password',
  nameLabel: 'First & last name',
  phoneNumberLabel: 'Phone number',
  codeLabel: '6-digit code',
  // Accessibility additions (not in FirebaseUI, whose toggle is an unlabelled icon).
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  loading: 'Loading',
  selectCountry: 'Select a country',
  countryListLabel: 'Countries',
  // The ALTCHA checkbox (the self-hosted captcha; FirebaseUI only had reCAPTCHA).
  captchaCheckbox: "I'm not a robot",
  captchaSolving: 'Verifying…',
  captchaSolved: 'Verified',
  captchaFailed: 'Verification failed. Try again.',

  // Footers (§1)
  tosLinksSeparator: ' ',
  fullTos: 'By continuing, you are indicating that you accept our {tos} and {privacy}.',
  phoneFullTos:
    'By tapping Verify, you are indicating that you accept our {tos} and {privacy}. An SMS may be sent. Message & data rates may apply.',
  smsNotice: 'By tapping Verify, an SMS may be sent. Message & data rates may apply.',

  // §6.2 progress dialogs
  dialogVerifying: 'Verifying...',
  dialogCodeSent: 'Code sent!',
  dialogVerified: 'Verified!',
  dialogSigningIn: 'Signing in...',
  dialogSignedIn: 'Signed in!',

  // §6.3 validation and flow messages
  missingEmail: 'Enter your email address to continue',
  invalidEmail: "That email address isn't correct",
  missingPassword: 'Enter your password',
  missingName: 'Enter your account name',
  invalidPhoneNumber: 'Enter a valid phone number',
  unsupportedCountryCode: 'The country code provided is not supported.',
  solveRecaptcha: 'Solve the reCAPTCHA',
  wrongCode: 'Wrong code. Try again.',
  resendCodeIn: 'Resend code in {time}',
  signUpTooManyRequests: 'Too many account requests are coming from your IP address. Try again in a few minutes.',
  phoneTooManyRequests: 'This phone number has been used too many times',
  unableToSendResetCode: 'Unable to send password reset code to specified email',
  emailExistsWithoutMeans: 'This email already exists without any means of sign-in. Please reset the password to recover.',
  emailMismatchSession: 'The email provided does not match the current sign-in session.',
  sessionExpired: 'Your sign-in session has expired. Please try again.',
  unsupportedCredential: 'The selected credential for the authentication provider is not supported!',
  genericError: 'Something went wrong. Please try again.',
  noWebStorage: 'The browser you are using does not support Web Storage. Please try again in a different browser.',
  mergeConflict:
    'The current anonymous user failed to upgrade. The non-anonymous credential is already associated with a different user account.',
  noMatchingTenant: 'No sign-in provider is available for the given email, please try with a different email.',

  // §1.1 sign-in entry
  signInWithEmailTitle: 'Sign in with email',

  // §1.2 e-mail and password
  signInTitle: 'Sign in',
  createAccountTitle: 'Create account',
  /** Before the sign-in page's "Create account" under enumeration protection (ADR 0053). */
  newToTheSite: 'No account yet?',
  recoverPasswordTitle: 'Recover password',
  recoverPasswordBody: 'Get instructions sent to this email that explain how to reset your password',
  checkYourEmailTitle: 'Check your email',
  recoveryEmailSentBody: 'Follow the instructions sent to {email} to recover your password',
  alreadyHaveAccount: 'You already have an account',
  passwordLinkingBody: 'You’ve already used {email} to sign in. Enter your password for that account.',
  unsupportedProviderBody: 'To continue sign in with {email} on this device, you have to recover the password.',

  // §1.3 federated linking
  federatedLinkingBody: 'You’ve already used {email}. Sign in with {providerName} to continue.',
  signInWithProvider: 'Sign in with {providerName}',
  emailMismatchSubtitle: 'Continue with {email}?',
  emailMismatchBody: 'You originally wanted to sign in with {email}',

  // §1.4 e-mail link
  emailLinkSentTitle: 'Sign-in email sent',
  emailLinkSentBody: 'A sign-in email with additional instructions was sent to {email}. Check your email to complete sign-in.',
  emailNotReceivedTitle: 'Trouble getting email?',
  emailNotReceivedIntro: 'Try these common fixes:',
  emailNotReceivedFixes: [
    'Check if the email was marked as spam or filtered.',
    'Check your internet connection.',
    'Check that you did not misspell your email.',
    'Check that your inbox space is not running out or other inbox settings related issues.',
  ],
  emailNotReceivedResend:
    "If the steps above didn't work, you can resend the email. Note that this will deactivate the link in the older email.",
  confirmEmailTitle: 'Confirm email',
  confirmEmailBody: 'Confirm your email to complete sign in',
  differentDeviceTitle: 'New device or browser detected',
  differentDeviceBody: 'Try opening the link using the same device or browser where you started the sign-in process.',
  sessionEndedTitle: 'Session ended',
  sessionEndedBody: 'The session associated with this sign-in request has either expired or was cleared.',
  emailLinkLinkingBody:
    'You’ve already used {email}. You can connect your {providerName} account with {email} by signing in with email link below.',
  emailLinkLinkingNote:
    'For this flow to successfully connect your {providerName} account with this email, you have to open the link on the same device or browser.',
  emailLinkLinkingDifferentDeviceBody:
    'You originally intended to connect {providerName} to your email account but have opened the link on a different device where you are not signed in.',
  emailLinkLinkingDifferentDeviceNote:
    'If you still want to connect your {providerName} account, open the link on the same device where you started sign-in. Otherwise, tap Continue to sign-in on this device.',

  // §1.5 phone
  phoneStartTitle: 'Enter your phone number',
  phoneFinishTitle: 'Verify your phone number',
  mfaTitle: 'Verify it’s you',
  mfaTotpBody: 'Enter the 6-digit code from your authenticator app{name}.',
  mfaPhoneBody: 'Enter the 6-digit code we sent to {phoneNumber}.',
  mfaOtherFactors: 'Use another second factor:',
  mfaTotpFactor: 'Authenticator app{name}',
  mfaPhoneFactor: 'Text message to {phoneNumber}',
  phoneFinishBody: 'Enter the 6-digit code we sent to {phoneNumber}',

  // §1.6 unauthorized user
  notAuthorizedTitle: 'Not Authorized',
  notAuthorizedBody: '{identifier} is not authorized to view the requested page.',
  // Untranslated upstream (checklist §11.5); kept as is.
  notAuthorizedNoIdentifier: 'User is not authorized to view the requested page.',
  contactAdmin: 'Please contact {adminEmail} for authorization.',

  // §1.7 e-mail action pages
  resetPasswordTitle: 'Reset your password',
  resetPasswordFor: 'for {email}',
  passwordChangedTitle: 'Password changed',
  passwordChangedBody: 'You can now sign in with your new password',
  resetFailureTitle: 'Try resetting your password again',
  resetFailureBody: 'Your request to reset your password has expired or the link has already been used',
  emailChangeRevokeTitle: 'Updated email address',
  emailChangeRevokeBody: 'Your sign-in email address has been changed back to {email}.',
  emailChangeRevokeWarning:
    'If you didn’t ask to change your sign-in email, it’s possible someone is trying to access your account and you should {link}.',
  changePasswordRightAway: 'change your password right away',
  emailChangeRevokeFailureTitle: 'Unable to update your email address',
  emailChangeRevokeFailureBody: 'There was a problem changing your sign-in email back.',
  emailChangeRevokeFailureHelp: 'If you try again and still can’t reset your email, try asking your administrator for help.',
  emailVerifiedTitle: 'Your email has been verified',
  emailVerifiedBody: 'You can now sign in with your new account',
  emailVerificationFailureTitle: 'Try verifying your email again',
  emailVerificationFailureBody: 'Your request to verify your email has expired or the link has already been used',
  verifyAndChangeSuccessTitle: 'Your email has been verified and changed',
  verifyAndChangeSuccessBody: 'You can now sign in with your new email {email}.',
  verifyAndChangeFailureTitle: 'Try updating your email again',
  verifyAndChangeFailureBody: 'Your request to verify and update your email has expired or the link has already been used.',
  revertSecondFactorSuccessTitle: 'Removed second factor',
  revertSecondFactorPhoneBody: 'The {factor} was removed as a second authentication step.',
  revertSecondFactorOtherBody: 'The device or app was removed as a second authentication step.',
  revertSecondFactorWarning: "If you don't recognize this device, someone might be trying to access your account. Consider {link}.",
  changingPasswordRightAway: 'changing your password right away',
  revertSecondFactorFailureTitle: "Couldn't remove your second factor",
  revertSecondFactorFailureBody: 'Something went wrong removing your second factor.',
  revertSecondFactorFailureHelp: "Try removing it again. If that doesn't work, contact support for assistance.",

  // §1.8 generic
  errorTitle: 'Error encountered',
  signOutTitle: 'Sign Out',
  signOutBody: 'You are now successfully signed out.',
  signInToTenant: 'Sign in to {tenantName}',

  // §1.9 provider buttons
  signInWithEmail: 'Sign in with email',
  emailShort: 'Email',
  signInWithPhone: 'Sign in with phone',
  phoneShort: 'Phone',
  continueAsGuest: 'Continue as guest',
  guestShort: 'Guest',
} as const;

/** Fills `{name}` placeholders with plain text; unknown placeholders stay as written. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** "0:15", "0:09": the resend countdown's `{0:ss}` format (checklist §5.6). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Auth error code → message (checklist §6.4, product §8). Codes not listed fall back to the error's
 * own message (see `getErrorMessage`).
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'auth/email-already-in-use': 'The email address is already used by another account',
  'auth/requires-recent-login': 'Please login again to perform this operation',
  'auth/user-token-expired': 'Please login again to perform this operation',
  'auth/too-many-requests': 'You have entered an incorrect password too many times. Please try again in a few minutes.',
  'auth/user-cancelled': 'Please authorize the required permissions to sign in to the application',
  'auth/user-not-found': "That email address doesn't match an existing account",
  'auth/weak-password': 'Strong passwords have at least 6 characters and a mix of letters and numbers',
  'auth/wrong-password': "The email and password you entered don't match",
  'auth/network-request-failed': 'A network error has occurred',
  'auth/invalid-phone-number': 'Enter a valid phone number',
  'auth/invalid-verification-code': 'Wrong code. Try again.',
  'auth/code-expired': 'This code is no longer valid',
  'auth/expired-action-code': 'This code has expired.',
  'auth/invalid-action-code': 'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
};

/**
 * The widget's own error codes (`firebaseui/…`). Upstream filed the merge-conflict text under
 * `firebaseui/merge-conflict`, which never matched the real code (checklist §11.14); here the
 * real code carries the intended text.
 */
export const WIDGET_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'firebaseui/anonymous-upgrade-merge-conflict': strings.mergeConflict,
  'firebaseui/merge-conflict': strings.mergeConflict,
};

/** The tenant-selection (IAP-style) handler's messages by code (checklist §6.4). */
export const TENANT_HANDLER_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'invalid-argument': 'Client specified an invalid argument.',
  'invalid-configuration': 'Client specified an invalid project configuration.',
  'failed-precondition': 'Request can not be executed in the current system state.',
  'out-of-range': 'Client specified an invalid range.',
  unauthenticated: 'Request not authenticated due to missing, invalid, or expired OAuth token.',
  'permission-denied': 'Client does not have sufficient permission.',
  'not-found': 'Specified resource is not found.',
  aborted: 'Concurrency conflict, such as read-modify-write conflict.',
  'already-exists': 'The resource that a client tried to create already exists.',
  'resource-exhausted': 'Either out of resource quota or reaching rate limiting.',
  cancelled: 'Request cancelled by the client.',
  'data-loss': 'Unrecoverable data loss or data corruption.',
  unknown: 'Unknown server error.',
  internal: 'Internal server error.',
  'not-implemented': 'API method not implemented by the server.',
  unavailable: 'Service unavailable.',
  'deadline-exceeded': 'Request deadline exceeded.',
  'auth/user-disabled': 'The user account has been disabled by an administrator.',
  'auth/timeout': 'The operation has timed out.',
  'auth/too-many-requests': 'We have blocked all requests from this device due to unusual activity. Try again later.',
  'auth/quota-exceeded': 'The quota for this operation has been exceeded. Try again later.',
  'auth/network-request-failed': 'A network error has occurred. Try again later.',
  'restart-process':
    'An issue was encountered when authenticating your request. Please visit the URL that redirected you to this page again to restart the authentication process.',
  'no-matching-tenant-for-email': strings.noMatchingTenant,
};

/** Developer-facing console and thrown messages (checklist §6.5). */
export const developerMessages = {
  invalidConfig: (name: string) => `Invalid config: "${name}"`,
  missingPrivacyPolicyUrl: 'Privacy Policy URL is missing, the link will not be displayed.',
  missingTosUrl: 'Term of Service URL is missing, the link will not be displayed.',
  whitelistNotArray: 'WhitelistedCountries must be a non-empty array.',
  blacklistNotArray: 'BlacklistedCountries must be an array.',
  bothCountryLists: 'Both whitelistedCountries and blacklistedCountries are provided.',
  noAvailableCountries: 'No available countries provided.',
  missingSignInFailure:
    'Missing "signInFailure" callback: "signInFailure" callback needs to be provided when "autoUpgradeAnonymousUsers" is set to true.',
  signInSuccessDeprecated: 'signInSuccess callback is deprecated. Please use signInSuccessWithAuthResult callback instead.',
  bothSuccessCallbacks:
    'Both signInSuccess and signInSuccessWithAuthResult callbacks are provided. Only signInSuccessWithAuthResult callback will be invoked.',
  recaptchaKeysNotAllowed: (keys: string[]) => `The following provided "recaptchaParameters" keys are not allowed: ${keys.join(', ')}`,
  noRedirectUrl:
    'No redirect URL has been found. You must either specify a signInSuccessUrl in the configuration, pass in a redirect URL to the widget URL, or return false from the callback.',
  emailLinkNotEnabled: 'Email link sign-in should be enabled to trigger email sending.',
  invalidProvider: 'Invalid Firebase Auth provider!',
  elementNotFound: 'Could not find the FirebaseUI widget element on the page.',
  required: (name: string) => `Configuration ${name} is required.`,
  alreadyRendered:
    'UI Widget is already rendered on the page and is pending some user interaction. Only one widget instance can be rendered per page. The previous instance has been automatically reset.',
  incompatibleUser: 'Internal error: An incompatible or outdated version of "firebase.js" may be used.',
} as const;

/** What `getErrorMessage` needs of an error. */
export interface ErrorLike {
  code?: string;
  message?: string;
}

const CLOUD_FUNCTION_PREFIX = 'HTTP Cloud Function returned an error:';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Normalises an error before mapping (checklist §6.4): a consent-required invalid credential is a
 * cancellation, and a blocking-function error shows the message inside its JSON.
 */
export function normalizeError<E extends ErrorLike>(error: E): E {
  const message = error.message ?? '';
  if (error.code === 'auth/invalid-credential' && message.includes('error=consent_required')) {
    return { ...error, code: 'auth/user-cancelled' };
  }
  const at = message.indexOf(CLOUD_FUNCTION_PREFIX);
  if (at >= 0) {
    const body = parseJson(message.slice(at + CLOUD_FUNCTION_PREFIX.length).trim());
    const inner = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    if (typeof inner === 'string') return { ...error, message: inner };
  }
  return error;
}

/**
 * The message the widget shows for an error (checklist §6.4): the mapped text of a known code;
 * otherwise the error's own message, unless that is JSON ("Something went wrong…"); an error with
 * no message at all falls back to the identity API's default text for its code.
 */
export function getErrorMessage(error: ErrorLike): string {
  const normalized = normalizeError(error);
  const code = normalized.code ?? '';
  const mapped = AUTH_ERROR_MESSAGES[code] ?? WIDGET_ERROR_MESSAGES[code];
  if (mapped) return mapped;
  const message = normalized.message ?? '';
  if (message && parseJson(message) !== undefined) {
    console.error(`Internal error: ${message}`);
    return strings.genericError;
  }
  if (message) return message;
  const bare = code.replace(/^auth\//, '') as IdentityErrorCode;
  return IDENTITY_ERROR_MESSAGES[bare] ?? strings.genericError;
}
