import { fetchJson, wireErrorOf } from '@trailbuddy/shared/http/json-fetch';
import { firebaseErrorCode, firebaseErrorCodeForStatus } from './error-codes';
import { federatedErrorResult } from './federated-result';
import {
  AuthError,
  type ActionCodeInfo,
  type ActionMode,
  type AltchaChallenge,
  type EmailLinkSendRequest,
  type FederatedProviderInfo,
  type FederatedResult,
  type FederatedStartOptions,
  type IdentityClient,
  type IdentityServerConfig,
  type IdentityUser,
  type PasswordSignUpRequest,
  type PendingCredential,
  type PhoneConfig,
  type SentPhoneCode,
  type Tenant,
} from './types';

export interface HttpIdentityClientOptions {
  /** Origin (and path prefix) of the server; '' (the default) means the page's origin. */
  baseUrl?: string;
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** The tenant requests act in (`tenantId`); absent: the default accounts. */
  tenantId?: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Turns an error answer `{ error: { code, message, fields?, details? } }` into FirebaseUI's `AuthError`. */
function toAuthError(status: number, body: unknown): AuthError {
  const error = wireErrorOf(body);
  if (error?.code !== undefined) {
    const { fields, details } = error;
    return new AuthError(firebaseErrorCode(error.code), error.message ?? '', {
      ...(fields && { fields }),
      ...(details && { details }),
      status,
    });
  }
  const message = typeof body === 'string' && body ? body : `HTTP ${status}`;
  // Without a body of ours only a rate limit is known for what it is; anything else is the server's fault to the widget.
  return new AuthError(firebaseErrorCodeForStatus(status === 429 ? 429 : 500), message, { status });
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function tenantOf(value: unknown): Tenant | null {
  if (!isObject(value) || typeof value.id !== 'string') return null;
  return {
    id: value.id,
    displayName: str(value.displayName) ?? value.id,
    fullLabel: str(value.fullLabel),
    buttonColor: str(value.buttonColor),
    iconUrl: str(value.iconUrl),
    signInOptions: Array.isArray(value.signInOptions) ? value.signInOptions.filter((o): o is string => typeof o === 'string') : [],
  };
}

function tenantsOf(body: unknown): Tenant[] {
  const list = isObject(body) && Array.isArray(body.tenants) ? body.tenants : [];
  return list.map(tenantOf).filter((t): t is Tenant => t !== null);
}

/** Phone sign-in is Better Auth's phone plugin with ours beside it (the server's auth/phone-sign-in.ts, auth/altcha.ts). */
const PHONE_CONFIG_PATH = '/api/auth/phone-number/config';
const CAPTCHA_CHALLENGE_PATH = '/api/auth/captcha/challenge';

function userOf(body: unknown): IdentityUser {
  if (isObject(body) && isObject(body.user)) return body.user as unknown as IdentityUser;
  throw new AuthError('auth/internal-error', 'The server answered without a user.');
}

/**
 * The identity client over HTTP: JSON in and out, cookies of the page's origin, every failure an
 * `AuthError` whose code has the `auth/` prefix (a lost connection is `auth/network-request-failed`).
 */
export class HttpIdentityClient implements IdentityClient {
  readonly tenantId: string | null;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly options: HttpIdentityClientOptions;

  constructor(options: HttpIdentityClientOptions = {}) {
    this.options = options;
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.tenantId = options.tenantId ?? null;
  }

  forTenant(tenantId: string | null): IdentityClient {
    return tenantId === this.tenantId ? this : new HttpIdentityClient({ ...this.options, tenantId });
  }

  /** A request body of an endpoint that acts in a tenant (ADR 0009): `tenantId` when one is set. */
  private inTenant(body: Json): Json {
    return this.tenantId ? { ...body, tenantId: this.tenantId } : body;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: Json): Promise<{ status: number; body: unknown }> {
    const answer = await fetchJson(`${this.baseUrl}${path}`, { fetch: this.fetchImpl, method, body, credentials: 'include' });
    if (!answer) throw new AuthError('auth/network-request-failed', 'A network error has occurred');
    if (!answer.ok) throw toAuthError(answer.status, answer.body);
    return { status: answer.status, body: answer.body };
  }

  /** The user of the session this page's cookies hold. */
  private async sessionUser(): Promise<IdentityUser> {
    return userOf((await this.request('GET', '/api/auth/identity/user')).body);
  }

  async getCurrentUser(): Promise<IdentityUser | null> {
    try {
      return await this.sessionUser();
    } catch (error) {
      if (error instanceof AuthError && error.status === 401) return null;
      throw error;
    }
  }

  async signInAnonymously(): Promise<IdentityUser> {
    return userOf((await this.request('POST', '/api/auth/sign-in/anonymous', this.inTenant({}))).body);
  }

  async completeMerge(mergeToken: string): Promise<IdentityUser> {
    return userOf((await this.request('POST', '/api/auth/identity/merge', { mergeToken })).body);
  }

  async signOut(): Promise<void> {
    await this.request('POST', '/api/auth/sign-out', {});
  }

  async getConfig(): Promise<IdentityServerConfig> {
    return (await this.request('GET', '/api/auth/identity/config')).body as IdentityServerConfig;
  }

  async fetchSignInMethods(email: string): Promise<string[]> {
    const { body } = await this.request('POST', '/api/auth/identity/sign-in-methods', this.inTenant({ email }));
    return isObject(body) && Array.isArray(body.methods) ? body.methods.filter((m): m is string => typeof m === 'string') : [];
  }

  /** Better Auth's own e-mail sign-in (the app's modal uses it too: one lockout), then the widget's view of the user. */
  async signInWithPassword(email: string, password: string): Promise<IdentityUser> {
    await this.request('POST', '/api/auth/sign-in/email', this.inTenant({ email, password }));
    return this.sessionUser();
  }

  /** Better Auth's own e-mail sign-up (the modal's too; a signed-in guest is upgraded in place), then the widget's view of the user. */
  async signUpWithPassword(request: PasswordSignUpRequest): Promise<IdentityUser> {
    await this.request('POST', '/api/auth/sign-up/email', this.inTenant({ ...request }));
    return this.sessionUser();
  }

  async sendPasswordRecovery(email: string): Promise<void> {
    await this.request('POST', '/api/auth/request-password-reset', this.inTenant({ email }));
  }

  /** Better Auth's magic link (ADR 0040): the widget's fields ride along; the server mails the widget's link. */
  async sendEmailLink(request: EmailLinkSendRequest): Promise<void> {
    await this.request('POST', '/api/auth/sign-in/magic-link', this.inTenant({ ...request }));
  }

  async checkEmailLink(oobCode: string): Promise<{ email: string; tenantId: string | null }> {
    const { body } = await this.request('POST', '/api/auth/email-link/check', { oobCode });
    return { email: isObject(body) ? (str(body.email) ?? '') : '', tenantId: isObject(body) ? str(body.tenantId) : null };
  }

  /** The magic link's verify endpoint, with the e-mail the user typed (checked against the link's) and the tenant. */
  async signInWithEmailLink(oobCode: string, email: string): Promise<IdentityUser> {
    const query = new URLSearchParams({ token: oobCode, email, ...(this.tenantId && { tenantId: this.tenantId }) });
    return userOf((await this.request('GET', `/api/auth/magic-link/verify?${query.toString()}`)).body);
  }

  async getPhoneConfig(): Promise<PhoneConfig> {
    const { body } = await this.request('GET', PHONE_CONFIG_PATH);
    const config = isObject(body) ? body : {};
    const captcha = isObject(config.captcha) ? config.captcha : {};
    return {
      enabled: config.enabled !== false,
      captcha:
        captcha.provider === 'recaptcha' && typeof captcha.siteKey === 'string'
          ? { provider: 'recaptcha', siteKey: captcha.siteKey }
          : { provider: 'altcha', challengeUrl: str(captcha.challengeUrl) ?? CAPTCHA_CHALLENGE_PATH },
      codeLength: typeof config.codeLength === 'number' ? config.codeLength : 6,
      resendDelaySeconds: typeof config.resendDelaySeconds === 'number' ? config.resendDelaySeconds : 15,
      codeTtlSeconds: typeof config.codeTtlSeconds === 'number' ? config.codeTtlSeconds : 0,
    };
  }

  async getCaptchaChallenge(challengeUrl = CAPTCHA_CHALLENGE_PATH): Promise<AltchaChallenge> {
    // Only a path of this server: a challenge URL never sends the request elsewhere.
    const path = challengeUrl.startsWith('/') && !challengeUrl.startsWith('//') ? challengeUrl : CAPTCHA_CHALLENGE_PATH;
    const { body } = await this.request('GET', path);
    if (!isObject(body) || !isObject(body.parameters) || typeof body.signature !== 'string') {
      throw new AuthError('auth/internal-error', 'The server answered without a captcha challenge.');
    }
    return body as unknown as AltchaChallenge;
  }

  async sendPhoneCode(phoneNumber: string, captcha: string): Promise<SentPhoneCode> {
    const { body } = await this.request('POST', '/api/auth/phone-number/send-otp', this.inTenant({ phoneNumber, captcha }));
    const sent = isObject(body) ? body : {};
    return {
      verificationId: str(sent.verificationId) ?? '',
      ...(typeof sent.expiresAt === 'string' && { expiresAt: sent.expiresAt }),
      ...(typeof sent.resendAvailableAt === 'string' && { resendAvailableAt: sent.resendAvailableAt }),
    };
  }

  /*
   * A sign-in's second step is Better Auth's twoFactor plugin: the pending credential names the
   * sign-in, the code proves the factor (an account has one authenticator app and one phone, so the
   * factor needs no naming). The session it starts is then read as the widget's user.
   */
  async signInWithTotpFactor(mfaPendingCredential: string, _factorUid: string, code: string): Promise<IdentityUser> {
    await this.request('POST', '/api/auth/two-factor/verify-totp', { mfaPendingCredential, code });
    return this.sessionUser();
  }

  async sendPhoneFactorCode(mfaPendingCredential: string, factorUid: string): Promise<{ verificationId: string; phoneNumber: string }> {
    const { body } = await this.request('POST', '/api/auth/two-factor/send-otp', { mfaPendingCredential });
    // The plugin keeps one code per sign-in: the factor's uid stands for it.
    return { verificationId: factorUid, phoneNumber: (isObject(body) && str(body.phoneNumber)) || '' };
  }

  async signInWithPhoneFactor(mfaPendingCredential: string, _verificationId: string, code: string): Promise<IdentityUser> {
    await this.request('POST', '/api/auth/two-factor/verify-otp', { mfaPendingCredential, code });
    return this.sessionUser();
  }

  /** The send answer's `verificationId` is the number the code was sent to; the session is then read as the widget's user. */
  async signInWithPhoneCode(verificationId: string, code: string): Promise<IdentityUser> {
    await this.request('POST', '/api/auth/phone-number/verify', this.inTenant({ phoneNumber: verificationId, code }));
    const signedIn = await this.getCurrentUser();
    if (!signedIn) throw new AuthError('auth/internal-error', 'The server answered without a user.');
    return signedIn;
  }

  async getProviders(): Promise<FederatedProviderInfo[]> {
    const { body } = await this.request('GET', '/api/auth/federated/providers');
    const list = isObject(body) && Array.isArray(body.providers) ? body.providers : [];
    return list.filter(isObject).map((p) => {
      const providerId = String(p.id ?? '');
      const kind = p.kind === 'oidc' || p.kind === 'oauth' || p.kind === 'saml' ? p.kind : undefined;
      return { providerId, name: str(p.displayName) ?? providerId, ...(kind && { kind }) };
    });
  }

  federatedStartUrl(providerId: string, options: FederatedStartOptions): string {
    const query = new URLSearchParams({ flow: options.flow });
    if (options.loginHint) query.set('loginHint', options.loginHint);
    if (options.loginHintKey) query.set('loginHintKey', options.loginHintKey);
    if (options.returnTo) query.set('returnTo', options.returnTo);
    if (options.upgradeAnonymous !== undefined) query.set('upgradeAnonymous', String(options.upgradeAnonymous));
    if (this.tenantId) query.set('tenantId', this.tenantId);
    return `${this.baseUrl}/api/auth/federated/${encodeURIComponent(providerId)}/start?${query.toString()}`;
  }

  /**
   * `GET /api/auth/federated/result`: `{user: null}` → none; a sign-in → the user; a failed
   * one is answered as the error it was (the pending credential in its details).
   */
  async getFederatedResult(): Promise<FederatedResult> {
    let body: unknown;
    try {
      body = (await this.request('GET', '/api/auth/federated/result')).body;
    } catch (error) {
      if (error instanceof AuthError && error.code !== 'auth/network-request-failed') return federatedErrorResult(error);
      throw error;
    }
    if (!isObject(body) || !isObject(body.user)) return { kind: 'none' };
    return {
      kind: 'user',
      user: body.user as unknown as IdentityUser,
      providerId: str(body.providerId) ?? '',
      ...(typeof body.isNewUser === 'boolean' && { isNewUser: body.isNewUser }),
    };
  }

  async linkPendingCredential(pendingCredential: PendingCredential): Promise<IdentityUser> {
    return userOf((await this.request('POST', '/api/auth/federated/link-pending', { pendingCredential: pendingCredential.token })).body);
  }

  async getTenants(): Promise<Tenant[]> {
    return tenantsOf((await this.request('GET', '/api/auth/identity/tenants')).body);
  }

  async getTenantsForEmail(email: string): Promise<Tenant[]> {
    return tenantsOf((await this.request('POST', '/api/auth/identity/tenants/for-email', { email })).body);
  }

  async checkActionCode(oobCode: string, mode?: ActionMode): Promise<ActionCodeInfo> {
    return (await this.request('POST', '/api/auth/identity/action-codes/check', { oobCode, ...(mode && { mode }) })).body as ActionCodeInfo;
  }

  /**
   * A verification link is completed by Better Auth's /verify-email; the actions it has no
   * endpoint for (recoverEmail, verifyAndChangeEmail, revertSecondFactorAddition) by ours. The
   * check says which one the code is (and refuses a dead one before anything is done).
   */
  async applyActionCode(oobCode: string): Promise<void> {
    const { operation } = await this.checkActionCode(oobCode);
    if (operation === 'VERIFY_EMAIL') await this.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(oobCode)}`);
    else await this.request('POST', '/api/auth/identity/action-codes/apply', { oobCode });
  }

  async confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
    await this.request('POST', '/api/auth/reset-password', { token: oobCode, newPassword });
  }
}
