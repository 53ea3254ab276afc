import type { CaptchaController } from '../captcha/controller';
import type { ProviderButtonModel } from '../config/providers';
import type { Country } from '../countries';
import type { SecondFactorChoice } from '../errors';
import type { PhoneNumberValue } from '../flows/types';

/** A tenant button (checklist §1.8 #38): "Sign in to {displayName}" or its full label. */
export interface TenantButtonModel {
  tenantId: string;
  longLabel: string;
  shortLabel: string;
  color: string;
  textColor: string;
  iconUrl?: string;
}

/**
 * The page registry's types: every page id the widget renders and the props its flow hands it.
 * A flow shows a page with `app.show(id, props)`; the callbacks in the props are the flow's next
 * steps. A new page adds an entry here and a component in `pages/registry.tsx`.
 */
export interface PageRegistry {
  providerSignIn: { buttons: ProviderButtonModel[]; onSelect: (providerId: string) => void };
  signIn: { email?: string; showCancel: boolean; fullTos: boolean; onSubmit: (email: string) => void; onCancel?: (email: string) => void };
  blank: Record<string, never>;
  callback: Record<string, never>;
  spinner: Record<string, never>;
  passwordSignIn: {
    email: string;
    fullTos: boolean;
    onSubmit: (email: string, password: string) => void;
    onForgotPassword: (email: string) => void;
    /**
     * Under enumeration protection the e-mail step cannot tell a new address from a known one, so
     * the sign-in page also offers to create an account (ADR 0053); absent otherwise.
     */
    onCreateAccount?: (email: string) => void;
  };
  passwordSignUp: {
    email: string;
    name?: string;
    requireDisplayName: boolean;
    fullTos: boolean;
    showCancel: boolean;
    onSubmit: (values: { email: string; name?: string; password: string }) => void;
    onCancel?: () => void;
  };
  passwordRecovery: { email: string; showCancel: boolean; onSubmit: (email: string) => void; onCancel?: () => void };
  passwordRecoveryEmailSent: { email: string; onDone?: () => void };
  passwordLinking: { email: string; onSubmit: (password: string) => void; onForgotPassword: () => void };
  unsupportedProvider: { email: string; onRecover: () => void; onCancel: () => void };
  federatedLinking: { email: string; providerId: string; providerName: string; onSubmit: () => void };
  emailMismatch: { userEmail: string; pendingEmail: string; onContinue: () => void; onCancel: () => void };
  emailLinkSignInSent: { email: string; onTrouble: () => void; onBack: () => void };
  emailNotReceived: { onResend: () => void; onBack: () => void };
  emailLinkSignInConfirmation: { email?: string; onSubmit: (email: string) => void; onCancel: () => void };
  differentDeviceError: { onDismiss: () => void };
  anonymousUserMismatch: { onDismiss: () => void };
  emailLinkSignInLinking: { email: string; providerName: string; onSubmit: () => void };
  emailLinkSignInLinkingDifferentDevice: { providerName: string; onContinue: () => void };
  phoneSignInStart: {
    /** The countries on offer, in picker order. */
    countries: Country[];
    initialCountry: Country;
    nationalNumber?: string;
    showCancel: boolean;
    /** Phone is the only provider: the full SMS/ToS sentence (checklist §1.5). */
    phoneOnly: boolean;
    captcha: CaptchaController;
    onSubmit: (value: PhoneNumberValue) => void;
    onCancel?: () => void;
  };
  phoneSignInFinish: {
    /** "+cc national", shown as the link back to the number. */
    phoneNumber: string;
    /** Seconds before "Resend" (15, checklist §5.6). */
    resendDelaySeconds: number;
    onChangeNumber: () => void;
    onSubmit: (code: string) => void;
    onCancel: () => void;
    onResend: () => void;
  };
  /** The second step of a sign-in for an account with second factors: the chosen factor's code. */
  multiFactorSignIn: {
    factor: SecondFactorChoice;
    otherFactors: SecondFactorChoice[];
    onSelect: (factor: SecondFactorChoice) => void;
    onSubmit: (code: string) => void;
    onCancel: () => void;
  };
  selectTenant: { buttons: TenantButtonModel[]; onSelect: (tenantId: string) => void };
  providerMatchByEmail: { email?: string; onSubmit: (email: string) => void };
  unauthorizedUser: { identifier: string | null; adminEmail?: string; helpLink?: string; onBack: () => void };
  passwordReset: { email: string; onSubmit: (newPassword: string) => void };
  passwordResetSuccess: { onContinue?: () => void };
  passwordResetFailure: Record<string, never>;
  emailChangeRevoke: { email: string; onResetPassword: () => void };
  emailChangeRevokeFailure: Record<string, never>;
  emailVerificationSuccess: { onContinue?: () => void };
  emailVerificationFailure: Record<string, never>;
  verifyAndChangeEmailSuccess: { email: string; onContinue?: () => void };
  verifyAndChangeEmailFailure: Record<string, never>;
  revertSecondFactorAdditionSuccess: { factorId: string; phoneNumber?: string; onChangePassword: () => void };
  revertSecondFactorAdditionFailure: Record<string, never>;
  recoverableError: { message: string; onRetry?: () => void };
  unrecoverableError: { message: string };
  signOut: Record<string, never>;
}

export type PageId = keyof PageRegistry;

/** The 39 page ids of FirebaseUI v6 (checklist §1) and the multi-factor sign-in page, every one in `PageRegistry`. */
export const ALL_PAGE_IDS = [
  'providerSignIn',
  'signIn',
  'blank',
  'callback',
  'spinner',
  'passwordSignIn',
  'passwordSignUp',
  'passwordRecovery',
  'passwordRecoveryEmailSent',
  'passwordLinking',
  'unsupportedProvider',
  'federatedLinking',
  'emailMismatch',
  'emailLinkSignInSent',
  'emailNotReceived',
  'emailLinkSignInConfirmation',
  'differentDeviceError',
  'anonymousUserMismatch',
  'emailLinkSignInLinking',
  'emailLinkSignInLinkingDifferentDevice',
  'phoneSignInStart',
  'phoneSignInFinish',
  'multiFactorSignIn',
  'unauthorizedUser',
  'passwordReset',
  'passwordResetSuccess',
  'passwordResetFailure',
  'emailChangeRevoke',
  'emailChangeRevokeFailure',
  'emailVerificationSuccess',
  'emailVerificationFailure',
  'verifyAndChangeEmailSuccess',
  'verifyAndChangeEmailFailure',
  'revertSecondFactorAdditionSuccess',
  'revertSecondFactorAdditionFailure',
  'recoverableError',
  'unrecoverableError',
  'signOut',
  'selectTenant',
  'providerMatchByEmail',
] as const;

/** How the frame draws a page: inside a card or bare, and a spinner or a bar while busy. */
export interface PageChrome {
  card: boolean;
  spinner: boolean;
}

export const PAGE_CHROME: Record<PageId, PageChrome> = {
  providerSignIn: { card: false, spinner: true },
  blank: { card: false, spinner: true },
  spinner: { card: false, spinner: true },
  signIn: { card: true, spinner: false },
  callback: { card: true, spinner: false },
  passwordSignIn: { card: true, spinner: false },
  passwordSignUp: { card: true, spinner: false },
  passwordRecovery: { card: true, spinner: false },
  passwordRecoveryEmailSent: { card: true, spinner: false },
  passwordLinking: { card: true, spinner: false },
  unsupportedProvider: { card: true, spinner: false },
  federatedLinking: { card: true, spinner: false },
  emailMismatch: { card: true, spinner: false },
  emailLinkSignInSent: { card: true, spinner: false },
  emailNotReceived: { card: true, spinner: false },
  emailLinkSignInConfirmation: { card: true, spinner: false },
  differentDeviceError: { card: true, spinner: false },
  anonymousUserMismatch: { card: true, spinner: false },
  emailLinkSignInLinking: { card: true, spinner: false },
  emailLinkSignInLinkingDifferentDevice: { card: true, spinner: false },
  phoneSignInStart: { card: true, spinner: false },
  phoneSignInFinish: { card: true, spinner: false },
  multiFactorSignIn: { card: true, spinner: false },
  selectTenant: { card: false, spinner: true },
  providerMatchByEmail: { card: true, spinner: false },
  unauthorizedUser: { card: true, spinner: false },
  passwordReset: { card: true, spinner: false },
  passwordResetSuccess: { card: true, spinner: false },
  passwordResetFailure: { card: true, spinner: false },
  emailChangeRevoke: { card: true, spinner: false },
  emailChangeRevokeFailure: { card: true, spinner: false },
  emailVerificationSuccess: { card: true, spinner: false },
  emailVerificationFailure: { card: true, spinner: false },
  verifyAndChangeEmailSuccess: { card: true, spinner: false },
  verifyAndChangeEmailFailure: { card: true, spinner: false },
  revertSecondFactorAdditionSuccess: { card: true, spinner: false },
  revertSecondFactorAdditionFailure: { card: true, spinner: false },
  recoverableError: { card: true, spinner: false },
  unrecoverableError: { card: true, spinner: false },
  signOut: { card: true, spinner: false },
};

/** Form fields whose inline errors the flows set (product §3: email, password, newPassword, name). */
export type FieldName = 'email' | 'name' | 'password' | 'newPassword' | 'phoneNumber' | 'code' | 'captcha';

export interface DialogState {
  /** A spinner while working, a check mark when done (checklist §0). */
  icon: 'spinner' | 'check';
  text: string;
}
