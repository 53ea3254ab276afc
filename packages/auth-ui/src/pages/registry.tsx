import type { ComponentType } from 'react';
import type { PageId, PageRegistry } from '../widget/page-types';
import {
  EmailChangeRevokeFailurePage,
  EmailChangeRevokePage,
  EmailVerificationFailurePage,
  EmailVerificationSuccessPage,
  PasswordResetFailurePage,
  PasswordResetPage,
  PasswordResetSuccessPage,
  RevertSecondFactorAdditionFailurePage,
  RevertSecondFactorAdditionSuccessPage,
  VerifyAndChangeEmailFailurePage,
  VerifyAndChangeEmailSuccessPage,
} from './actions';
import { BlankPage, CallbackPage, ProviderSignInPage, SignInPage, SpinnerPage } from './entry';
import {
  AnonymousUserMismatchPage,
  DifferentDeviceErrorPage,
  EmailLinkSignInConfirmationPage,
  EmailLinkSignInLinkingDifferentDevicePage,
  EmailLinkSignInLinkingPage,
  EmailLinkSignInSentPage,
  EmailNotReceivedPage,
} from './email-link';
import { RecoverableErrorPage, SignOutPage, UnrecoverableErrorPage } from './generic';
import { EmailMismatchPage, FederatedLinkingPage } from './linking';
import {
  PasswordLinkingPage,
  PasswordRecoveryEmailSentPage,
  PasswordRecoveryPage,
  PasswordSignInPage,
  PasswordSignUpPage,
  UnsupportedProviderPage,
} from './password';
import { PhoneSignInFinishPage, PhoneSignInStartPage } from './phone';
import { MultiFactorSignInPage } from './second-factor';
import { UnauthorizedUserPage } from './restricted';
import { ProviderMatchByEmailPage, SelectTenantPage } from './tenants';

/** The component of every page id (a new page: its props in `PageRegistry`, its component here). */
export const PAGE_COMPONENTS: { [K in PageId]: ComponentType<PageRegistry[K]> } = {
  providerSignIn: ProviderSignInPage,
  signIn: SignInPage,
  blank: BlankPage,
  callback: CallbackPage,
  spinner: SpinnerPage,
  passwordSignIn: PasswordSignInPage,
  passwordSignUp: PasswordSignUpPage,
  passwordRecovery: PasswordRecoveryPage,
  passwordRecoveryEmailSent: PasswordRecoveryEmailSentPage,
  passwordLinking: PasswordLinkingPage,
  unsupportedProvider: UnsupportedProviderPage,
  federatedLinking: FederatedLinkingPage,
  emailMismatch: EmailMismatchPage,
  emailLinkSignInSent: EmailLinkSignInSentPage,
  emailNotReceived: EmailNotReceivedPage,
  emailLinkSignInConfirmation: EmailLinkSignInConfirmationPage,
  differentDeviceError: DifferentDeviceErrorPage,
  anonymousUserMismatch: AnonymousUserMismatchPage,
  emailLinkSignInLinking: EmailLinkSignInLinkingPage,
  emailLinkSignInLinkingDifferentDevice: EmailLinkSignInLinkingDifferentDevicePage,
  phoneSignInStart: PhoneSignInStartPage,
  phoneSignInFinish: PhoneSignInFinishPage,
  multiFactorSignIn: MultiFactorSignInPage,
  selectTenant: SelectTenantPage,
  providerMatchByEmail: ProviderMatchByEmailPage,
  unauthorizedUser: UnauthorizedUserPage,
  passwordReset: PasswordResetPage,
  passwordResetSuccess: PasswordResetSuccessPage,
  passwordResetFailure: PasswordResetFailurePage,
  emailChangeRevoke: EmailChangeRevokePage,
  emailChangeRevokeFailure: EmailChangeRevokeFailurePage,
  emailVerificationSuccess: EmailVerificationSuccessPage,
  emailVerificationFailure: EmailVerificationFailurePage,
  verifyAndChangeEmailSuccess: VerifyAndChangeEmailSuccessPage,
  verifyAndChangeEmailFailure: VerifyAndChangeEmailFailurePage,
  revertSecondFactorAdditionSuccess: RevertSecondFactorAdditionSuccessPage,
  revertSecondFactorAdditionFailure: RevertSecondFactorAdditionFailurePage,
  recoverableError: RecoverableErrorPage,
  unrecoverableError: UnrecoverableErrorPage,
  signOut: SignOutPage,
};
