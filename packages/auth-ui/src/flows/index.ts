import {
  handleEmailChangeRevocation,
  handleEmailVerification,
  handlePasswordReset,
  handleRevertSecondFactorAddition,
  handleVerifyAndChangeEmail,
} from './actions';
import { emailFirst } from './email-first';
import { handleEmailLinkSignIn, sendSignInLink, showEmailLinkSignInLinking } from './email-link';
import { handleRedirectResult, linkingDecision, showFederatedLinking, startFederatedSignIn } from './federated';
import { signInAsGuest } from './guest';
import { showPasswordLinking, showPasswordRecovery, showPasswordSignIn, showPasswordSignUp } from './password';
import { showUnauthorizedUser, showUnsupportedProvider } from './restricted';
import { cancelOneTap, showOneTap } from './one-tap';
import { showPhoneSignInStart } from './phone';
import { showSecondFactorSignIn } from './second-factor';
import { selectProvider, showEmailPage, showStartPage } from './start';
import { applyTenant, selectTenant, showTenantSelection } from './tenants';
import type { Flows } from './types';

/** The composition root of the flows; tests may override members. */
export function createFlows(overrides: Partial<Flows> = {}): Flows {
  return {
    showStartPage,
    showSecondFactorSignIn,
    showEmailPage,
    selectProvider,
    emailFirst,
    showPasswordSignIn,
    showPasswordSignUp,
    showPasswordRecovery,
    showPasswordLinking,
    signInAsGuest,
    startFederatedSignIn,
    showFederatedLinking,
    handleRedirectResult,
    linkingDecision,
    showUnauthorizedUser,
    showUnsupportedProvider,
    sendSignInLink,
    showEmailLinkSignInLinking,
    handleEmailLinkSignIn,
    showPhoneSignInStart,
    showTenantSelection,
    applyTenant,
    selectTenant,
    showOneTap,
    cancelOneTap,
    ...overrides,
  };
}

export const actionHandlers = {
  resetPassword: handlePasswordReset,
  recoverEmail: handleEmailChangeRevocation,
  verifyEmail: handleEmailVerification,
  verifyAndChangeEmail: handleVerifyAndChangeEmail,
  revertSecondFactorAddition: handleRevertSecondFactorAddition,
} as const;
