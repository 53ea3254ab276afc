import { firebaseErrorCode } from '../client/error-codes';
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
} from '../client/types';

export type ClientMethod = keyof IdentityClient;

/** One recorded call: its arguments, and the switches that settle the promise it returned. */
export interface FakeCall {
  readonly method: ClientMethod;
  readonly args: readonly unknown[];
  /** The tenant the call was made in (null: the default accounts). */
  readonly tenantId: string | null;
  readonly settled: boolean;
  resolve(value?: unknown): void;
  reject(error: unknown): void;
}

/**
 * A scripted identity client (FirebaseUI's FakeAuthClient, checklist §10): every method records
 * its call and returns a promise that stays pending until the test settles it. Tests take the
 * calls in order with `next(method)`, assert the arguments, then resolve or reject.
 */
export class FakeIdentityClient implements IdentityClient {
  readonly calls: FakeCall[];
  readonly tenantId: string | null;
  /** Shared with the tenant views of this client, so `next` sees their calls in order. */
  private readonly cursor: { taken: number };

  constructor(shared?: { calls: FakeCall[]; cursor: { taken: number } }, tenantId: string | null = null) {
    this.calls = shared?.calls ?? [];
    this.cursor = shared?.cursor ?? { taken: 0 };
    this.tenantId = tenantId;
  }

  /** A view of this client in another tenant: its calls land in the same list, marked with the tenant. */
  forTenant(tenantId: string | null): IdentityClient {
    return tenantId === this.tenantId ? this : new FakeIdentityClient({ calls: this.calls, cursor: this.cursor }, tenantId);
  }

  private record<T>(method: ClientMethod, args: unknown[]): Promise<T> {
    const tenantId = this.tenantId;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const call: FakeCall = {
        method,
        args,
        tenantId,
        get settled() {
          return settled;
        },
        resolve: (value) => {
          if (settled) throw new Error(`${method} was already settled`);
          settled = true;
          resolve(value as T);
        },
        reject: (error) => {
          if (settled) throw new Error(`${method} was already settled`);
          settled = true;
          reject(error);
        },
      };
      this.calls.push(call);
    });
  }

  /** The next call not yet taken; fails when there is none or it is another method. */
  next(method: ClientMethod): FakeCall {
    const call = this.calls[this.cursor.taken];
    if (!call)
      throw new Error(`Expected a call to ${method}, but no call is waiting (calls so far: ${this.methods().join(', ') || 'none'}).`);
    if (call.method !== method) throw new Error(`Expected a call to ${method}, got ${call.method}(${JSON.stringify(call.args)}).`);
    this.cursor.taken += 1;
    return call;
  }

  /** The methods called so far, in order. */
  methods(): ClientMethod[] {
    return this.calls.map((c) => c.method);
  }

  /** Calls made but not yet taken by `next`. */
  untaken(): FakeCall[] {
    return this.calls.slice(this.cursor.taken);
  }

  /** Fails if a call was made that the test did not take. */
  assertNoMoreCalls(): void {
    const rest = this.untaken();
    if (rest.length > 0) throw new Error(`Unexpected calls: ${rest.map((c) => `${c.method}(${JSON.stringify(c.args)})`).join(', ')}`);
  }

  getCurrentUser(): Promise<IdentityUser | null> {
    return this.record('getCurrentUser', []);
  }
  signInAnonymously(): Promise<IdentityUser> {
    return this.record('signInAnonymously', []);
  }
  completeMerge(mergeToken: string): Promise<IdentityUser> {
    return this.record('completeMerge', [mergeToken]);
  }
  signOut(): Promise<void> {
    return this.record('signOut', []);
  }
  getConfig(): Promise<IdentityServerConfig> {
    return this.record('getConfig', []);
  }
  fetchSignInMethods(email: string): Promise<string[]> {
    return this.record('fetchSignInMethods', [email]);
  }
  signInWithPassword(email: string, password: string): Promise<IdentityUser> {
    return this.record('signInWithPassword', [email, password]);
  }
  signUpWithPassword(request: PasswordSignUpRequest): Promise<IdentityUser> {
    return this.record('signUpWithPassword', [request]);
  }
  sendPasswordRecovery(email: string): Promise<void> {
    return this.record('sendPasswordRecovery', [email]);
  }
  sendEmailLink(request: EmailLinkSendRequest): Promise<void> {
    return this.record('sendEmailLink', [request]);
  }
  checkEmailLink(oobCode: string): Promise<{ email: string; tenantId: string | null }> {
    return this.record('checkEmailLink', [oobCode]);
  }
  signInWithEmailLink(oobCode: string, email: string): Promise<IdentityUser> {
    return this.record('signInWithEmailLink', [oobCode, email]);
  }
  getPhoneConfig(): Promise<PhoneConfig> {
    return this.record('getPhoneConfig', []);
  }
  getCaptchaChallenge(challengeUrl?: string): Promise<AltchaChallenge> {
    return this.record('getCaptchaChallenge', challengeUrl === undefined ? [] : [challengeUrl]);
  }
  sendPhoneCode(phoneNumber: string, captcha: string): Promise<SentPhoneCode> {
    return this.record('sendPhoneCode', [phoneNumber, captcha]);
  }
  signInWithPhoneCode(verificationId: string, code: string): Promise<IdentityUser> {
    return this.record('signInWithPhoneCode', [verificationId, code]);
  }
  signInWithTotpFactor(mfaPendingCredential: string, factorUid: string, code: string): Promise<IdentityUser> {
    return this.record('signInWithTotpFactor', [mfaPendingCredential, factorUid, code]);
  }
  sendPhoneFactorCode(mfaPendingCredential: string, factorUid: string): Promise<{ verificationId: string; phoneNumber: string }> {
    return this.record('sendPhoneFactorCode', [mfaPendingCredential, factorUid]);
  }
  signInWithPhoneFactor(mfaPendingCredential: string, verificationId: string, code: string): Promise<IdentityUser> {
    return this.record('signInWithPhoneFactor', [mfaPendingCredential, verificationId, code]);
  }
  getProviders(): Promise<FederatedProviderInfo[]> {
    return this.record('getProviders', []);
  }
  /** Synchronous: recorded as an already-resolved call. */
  federatedStartUrl(providerId: string, options: FederatedStartOptions): string {
    const query = new URLSearchParams({ flow: options.flow, ...(options.loginHint && { loginHint: options.loginHint }) });
    if (options.returnTo) query.set('returnTo', options.returnTo);
    if (this.tenantId) query.set('tenantId', this.tenantId);
    const url = `https://idp.test/${providerId}/start?${query.toString()}`;
    void this.record('federatedStartUrl', [providerId, options]);
    this.calls[this.calls.length - 1]?.resolve(url);
    return url;
  }
  getFederatedResult(): Promise<FederatedResult> {
    return this.record('getFederatedResult', []);
  }
  linkPendingCredential(pendingCredential: PendingCredential): Promise<IdentityUser> {
    return this.record('linkPendingCredential', [pendingCredential]);
  }
  getTenants(): Promise<Tenant[]> {
    return this.record('getTenants', []);
  }
  getTenantsForEmail(email: string): Promise<Tenant[]> {
    return this.record('getTenantsForEmail', [email]);
  }
  checkActionCode(oobCode: string, mode?: ActionMode): Promise<ActionCodeInfo> {
    return this.record('checkActionCode', mode ? [oobCode, mode] : [oobCode]);
  }
  applyActionCode(oobCode: string): Promise<void> {
    return this.record('applyActionCode', [oobCode]);
  }
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
    return this.record('confirmPasswordReset', [oobCode, newPassword]);
  }
}

/** A user as the server presents one. */
export function fakeUser(overrides: Partial<IdentityUser> = {}): IdentityUser {
  return {
    id: 'user-1',
    email: 'user@example.com',
    emailVerified: false,
    displayName: null,
    phoneNumber: null,
    isAnonymous: false,
    providers: ['password'],
    ...overrides,
  };
}

/** The phone page's server settings: ALTCHA, 6 digits, 15 s resend delay. */
export function fakePhoneConfig(overrides: Partial<PhoneConfig> = {}): PhoneConfig {
  return {
    enabled: true,
    captcha: { provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' },
    codeLength: 6,
    resendDelaySeconds: 15,
    codeTtlSeconds: 600,
    ...overrides,
  };
}

/** A tenant as the server lists it. */
export function fakeTenant(id: string, overrides: Partial<Tenant> = {}): Tenant {
  return { id, displayName: id, fullLabel: null, buttonColor: null, iconUrl: null, signInOptions: ['password'], ...overrides };
}

/** An identity API error with the server's `code`, as the HTTP client raises it (in FirebaseUI's terms). */
export function authError(code: string, message = '', details?: Record<string, unknown>): AuthError {
  return new AuthError(firebaseErrorCode(code), message, details ? { details } : {});
}
