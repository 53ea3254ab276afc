import type { IdentityUser, PhoneConfig } from '@trailbuddy/shared/contracts/identity';
import type { ActionCodeInfo, ActionMode } from '@trailbuddy/shared/contracts/identity-actions';
import type { IdentityConfig } from '@trailbuddy/shared/contracts/identity-email';
import type { Tenant } from '@trailbuddy/shared/contracts/identity-tenants';

export type { IdentityUser, PhoneConfig, Tenant };
export type { ActionCodeInfo, ActionMode, ActionOperation, MultiFactorInfo } from '@trailbuddy/shared/contracts/identity-actions';

/** Server-side widget settings (`GET /api/auth/identity/config`). */
export type IdentityServerConfig = IdentityConfig;

/**
 * An error from the identity API in FirebaseUI's terms: `code` is FirebaseUI's (`auth/wrong-password`),
 * made from the server's code by the adapter (error-codes.ts); `details` what the server sends to
 * recover (a merge token).
 */
export class AuthError extends Error {
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;
  /** The HTTP status, when the error came from an answer. */
  readonly status?: number;

  constructor(
    code: string,
    message: string,
    extra: { fields?: Record<string, string>; details?: Record<string, unknown>; status?: number } = {},
  ) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    if (extra.fields) this.fields = extra.fields;
    if (extra.details) this.details = extra.details;
    if (extra.status !== undefined) this.status = extra.status;
  }
}

export interface PasswordSignUpRequest {
  email: string;
  password: string;
  displayName?: string;
}

export interface EmailLinkSendRequest {
  email: string;
  continueUrl?: string;
  /** `ui_sid`: 32 random letters and digits. */
  sessionId: string;
  /** `ui_sd`. */
  sameDevice: boolean;
  /** `ui_auid`. */
  anonymousUid?: string;
  /** `ui_pid`. */
  providerId?: string;
}

/** An ALTCHA v2 challenge (`GET /api/auth/captcha/challenge`), as altcha-lib's solver takes it. */
export interface AltchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    memoryCost?: number;
    parallelism?: number;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature: string;
}

/** `POST /api/auth/phone-number/send-otp`: `verificationId` is the number the code went to. */
export interface SentPhoneCode {
  verificationId: string;
  expiresAt?: string;
  resendAvailableAt?: string;
}

/** A federated provider the server enables (`GET /api/auth/federated/providers`). */
export interface FederatedProviderInfo {
  providerId: string;
  name: string;
  kind?: 'oidc' | 'oauth' | 'saml';
}

export interface FederatedStartOptions {
  flow: 'popup' | 'redirect';
  loginHint?: string;
  /** The IdP's login-hint parameter for providers other than the built-ins. */
  loginHintKey?: string;
  returnTo?: string;
  /** Link to the signed-in guest (`autoUpgradeAnonymousUsers`) or sign in separately; the server's default is true. */
  upgradeAnonymous?: boolean;
}

/**
 * A credential the server can link later (a provider account proven but not yet linked): the
 * server keeps what the IdP proved and hands the browser a one-time token (`link-pending`).
 */
export interface PendingCredential {
  providerId: string;
  /** Opaque server token. */
  token: string;
  email?: string;
}

/** The outcome of a federated popup or redirect. */
export type FederatedResult =
  | { kind: 'none' }
  | { kind: 'user'; user: IdentityUser; providerId: string; isNewUser?: boolean }
  | {
      kind: 'error';
      error: AuthError;
      providerId?: string | null;
      email?: string;
      pendingCredential?: PendingCredential;
      methods?: string[];
    };

/**
 * Everything the widget asks of the identity server. The widget never calls `fetch`; the HTTP
 * implementation maps these onto `/api/auth/*`, and tests script a fake one step by step.
 * Every method rejects with an `AuthError`.
 */
export interface IdentityClient {
  /** The signed-in user, or null (401). */
  getCurrentUser(): Promise<IdentityUser | null>;
  signInAnonymously(): Promise<IdentityUser>;
  /** Finishes a merge conflict from the guest's session: the guest's data moves to the account. */
  completeMerge(mergeToken: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  getConfig(): Promise<IdentityServerConfig>;

  fetchSignInMethods(email: string): Promise<string[]>;
  signInWithPassword(email: string, password: string): Promise<IdentityUser>;
  signUpWithPassword(request: PasswordSignUpRequest): Promise<IdentityUser>;
  sendPasswordRecovery(email: string): Promise<void>;

  sendEmailLink(request: EmailLinkSendRequest): Promise<void>;
  /** The e-mail a link was sent to and its tenant (null: the default accounts). */
  checkEmailLink(oobCode: string): Promise<{ email: string; tenantId: string | null }>;
  signInWithEmailLink(oobCode: string, email: string): Promise<IdentityUser>;

  getPhoneConfig(): Promise<PhoneConfig>;
  /** A proof-of-work challenge from `challengeUrl` (the phone config's), by default `/api/auth/captcha/challenge`. */
  getCaptchaChallenge(challengeUrl?: string): Promise<AltchaChallenge>;
  /** `captcha`: the solved ALTCHA payload (base64 JSON) or the reCAPTCHA token. */
  sendPhoneCode(phoneNumber: string, captcha: string): Promise<SentPhoneCode>;
  signInWithPhoneCode(verificationId: string, code: string): Promise<IdentityUser>;

  /** A sign-in answered `auth/multi-factor-auth-required` finishes with an authenticator app's code. */
  signInWithTotpFactor(mfaPendingCredential: string, factorUid: string, code: string): Promise<IdentityUser>;
  /** Texts a sign-in code to an enrolled phone factor. */
  sendPhoneFactorCode(mfaPendingCredential: string, factorUid: string): Promise<{ verificationId: string; phoneNumber: string }>;
  signInWithPhoneFactor(mfaPendingCredential: string, verificationId: string, code: string): Promise<IdentityUser>;

  getProviders(): Promise<FederatedProviderInfo[]>;
  /** The URL that starts a federated sign-in (navigated to, or opened in a popup). */
  federatedStartUrl(providerId: string, options: FederatedStartOptions): string;
  getFederatedResult(): Promise<FederatedResult>;
  linkPendingCredential(pendingCredential: PendingCredential): Promise<IdentityUser>;

  getTenants(): Promise<Tenant[]>;
  /** The tenants whose e-mail domains match (rejects with `no-matching-tenant-for-email` when none does). */
  getTenantsForEmail(email: string): Promise<Tenant[]>;
  /** The tenant requests name (`tenantId`); null: the default accounts. */
  readonly tenantId: string | null;
  /** The same client acting in another tenant (null: the default accounts). */
  forTenant(tenantId: string | null): IdentityClient;

  checkActionCode(oobCode: string, mode?: ActionMode): Promise<ActionCodeInfo>;
  applyActionCode(oobCode: string): Promise<void>;
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
}
