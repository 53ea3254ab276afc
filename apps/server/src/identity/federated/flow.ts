import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IdentityUser } from '@trailbuddy/shared/contracts/identity';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, invalidField, type ErrorCode } from '../../errors.js';
import { presentIdentityUser } from '../users.js';
import type { FederatedSettings, SamlProvider } from './providers.js';
import { completeSaml, startSaml } from './saml.js';
import { newSecret, putRecord, replaceRecord, takeRecord } from './store.js';

/**
 * A federated sign-in from start to outcome. OAuth 2.0 / OpenID Connect flows run on Better Auth
 * (auth/federated-sign-in.ts); a SAML sign-in stores its state here (request id, where to return)
 * under a random `RelayState`, bound to the browser: the state keeps a hash of a random cookie the
 * start set, so a SAML response posted into another browser is refused (login CSRF). Both keep
 * their outcome for that browser (GET /api/identity/federated/result) under the same cookie.
 */
export const BINDING_COOKIE = 'trailbuddy.federated';
/** The binding is read by Better Auth's callback (/api/auth) and the identity API's result and SAML routes. */
const BINDING_PATH = '/api';
const BINDING_MAX_AGE_S = 60 * 60;

export const newBinding = () => randomBytes(32).toString('base64url');
/** A cookie value that can be a binding (anything else is ignored, never stored under). */
export const isBinding = (value: string | null | undefined): value is string => !!value && /^[\w-]{32,64}$/.test(value);

export function bindingCookieHeader(binding: string, appUrl: string): string {
  const secure = new URL(appUrl).protocol === 'https:' ? '; Secure' : '';
  return `${BINDING_COOKIE}=${binding}; Path=${BINDING_PATH}; HttpOnly; SameSite=Lax; Max-Age=${BINDING_MAX_AGE_S}${secure}`;
}

export type FlowKind = 'popup' | 'redirect';

export interface FlowState {
  providerId: string;
  flow: FlowKind;
  /** Same-origin path (+ query) the redirect flow returns to. */
  returnTo: string;
  bindingHash: string;
  upgradeAnonymous: boolean;
  /** The tenant signed in to (ADR 0009); absent or null: the default accounts. */
  tenantId?: string | null;
  samlRequestId: string;
}

export const DEFAULT_RETURN_TO = '/auth?mode=callback';

/** Only a page of this site: anything else (another origin, `//host`, `javascript:`) is refused. */
export function sameSiteReturnTo(appUrl: string, returnTo: string | undefined): string {
  if (returnTo === undefined || returnTo === '') return DEFAULT_RETURN_TO;
  let url: URL;
  try {
    url = new URL(returnTo, appUrl);
  } catch {
    throw invalidField('returnTo', 'The return URL must be a page of this site.');
  }
  if (url.origin !== new URL(appUrl).origin || /[\\\s]/.test(returnTo)) {
    throw invalidField('returnTo', 'The return URL must be a page of this site.');
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

export const hashBinding = (binding: string) => createHash('sha256').update(binding).digest('hex');

/** Authorization parameter names the caller may not pick for a login hint. */
export const RESERVED_PARAMS = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'request',
  'request_uri',
]);

export interface StartInput {
  provider: SamlProvider;
  flow: FlowKind;
  returnTo: string;
  loginHint: string | null;
  upgradeAnonymous: boolean;
  tenantId: string | null;
  binding: string;
  now: Date;
}

/** Returns the IdP URL (an AuthnRequest by HTTP-Redirect) to send the browser to. */
export async function startSamlSignIn(db: Db, settings: FederatedSettings, appUrl: string, input: StartInput): Promise<string> {
  const relayState = newSecret();
  const started = startSaml(input.provider, { appUrl, relayState, loginHint: input.loginHint });
  const record: FlowState = {
    providerId: input.provider.id,
    flow: input.flow,
    returnTo: input.returnTo,
    bindingHash: hashBinding(input.binding),
    upgradeAnonymous: input.upgradeAnonymous,
    tenantId: input.tenantId,
    samlRequestId: started.requestId,
  };
  await putRecord(db, 'state', relayState, record, settings.stateTtlMs, input.now);
  return started.url;
}

/**
 * Uses up the flow state named by the callback (one-time) and checks it belongs to this provider
 * and this browser. Null: unknown, expired, used, or another browser's → `invalid-credential`.
 */
export async function takeFlowState(db: Db, providerId: string, stateParam: string | undefined, binding: string | null, now: Date) {
  if (!stateParam) return null;
  const state = await takeRecord<FlowState>(db, 'state', stateParam, now);
  if (!state || state.providerId !== providerId || !binding) return null;
  const expected = Buffer.from(state.bindingHash, 'hex');
  const actual = Buffer.from(hashBinding(binding), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? state : null;
}

/** Checks the IdP's response against the flow state: the person the provider vouches for. */
export const verifySamlResponse = (provider: SamlProvider, params: Record<string, string>, state: FlowState, appUrl: string) =>
  completeSaml(provider, params, { appUrl, requestId: state.samlRequestId });

/** The IdP's form post (SAML, Apple), parked until the browser comes back with its cookies. */
export async function parkFormPost(db: Db, form: Record<string, string>, ttlMs: number, now: Date): Promise<string> {
  const id = newSecret();
  await putRecord(db, 'post', id, form, ttlMs, now);
  return id;
}

export const takeFormPost = (db: Db, id: string, now: Date) => takeRecord<Record<string, string>>(db, 'post', id, now);

/** The outcome of a sign-in as the widget receives it (popup message, GET /result). */
export type FederatedOutcome =
  | { ok: true; providerId: string; user: IdentityUser; isNewUser: boolean }
  | {
      ok: false;
      providerId: string | null;
      error: { status: number; code: ErrorCode; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
    };

export const outcomeOfError = (providerId: string | null, err: AppError): FederatedOutcome => ({
  ok: false,
  providerId,
  error: { status: err.status, code: err.code, message: err.message, fields: err.fields, details: err.details },
});

/** Kept for the browser that ran the flow (by its binding cookie), read once by GET /result. */
export const storeOutcome = (db: Db, binding: string, outcome: FederatedOutcome, ttlMs: number, now: Date) =>
  replaceRecord(db, 'result', binding, outcome, ttlMs, now);

/**
 * GET /result: the waiting outcome, used up. A failure is thrown as the error it was; a success is
 * the account as it is now (`user: null` if it is gone since, a guest merged away).
 */
export async function takeResult(db: Db, binding: string, now: Date) {
  const outcome = await takeRecord<FederatedOutcome>(db, 'result', binding, now);
  if (!outcome) return { user: null };
  if (!outcome.ok) {
    const { status, code, message, fields, details } = outcome.error;
    throw new AppError(status, code, message, fields, details);
  }
  if (!(await db.$count(users, eq(users.id, outcome.user.id)))) return { user: null };
  return { user: await presentIdentityUser(db, outcome.user.id), providerId: outcome.providerId, isNewUser: outcome.isNewUser };
}
