import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IdentityUser } from '@trailbuddy/shared/contracts/identity';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, invalidField, type ErrorCode } from '../../errors.js';
import { presentIdentityUser } from '../users.js';
import { putRecord, replaceRecord, takeRecord } from './store.js';

/**
 * A federated sign-in from start to outcome (auth/federated-sign-in.ts). The browser holds a random
 * binding cookie: a SAML flow state keeps its hash, so a response posted into another browser is
 * refused (login CSRF), and every flow keeps its outcome under it for GET /federated/result.
 */
export const BINDING_COOKIE = 'trailbuddy.federated';

export const newBinding = () => randomBytes(32).toString('base64url');
/** A cookie value that can be a binding (anything else is ignored, never stored under). */
export const isBinding = (value: string | null | undefined): value is string => !!value && /^[\w-]{32,64}$/.test(value);

export const bindingCookieOptions = (appUrl: string) => ({
  path: '/api/auth',
  httpOnly: true,
  sameSite: 'lax' as const,
  maxAge: 60 * 60,
  secure: new URL(appUrl).protocol === 'https:',
});

export type FlowKind = 'popup' | 'redirect';

/** A SAML sign-in in progress, stored under its RelayState. */
export interface SamlFlowState {
  providerId: string;
  flow: FlowKind;
  /** Same-origin path (+ query) the redirect flow returns to. */
  returnTo: string;
  bindingHash: string;
  /** The signed-in guest to upgrade (checklist §5.9), decided at the start. */
  guestUserId: string | null;
  tenantId: string | null;
  samlRequestId: string;
}

export const DEFAULT_RETURN_TO = '/auth?mode=callback';

/** Only a page of this site: anything else (another origin, `//host`, `javascript:`) is refused. */
export function sameSiteReturnTo(appUrl: string, returnTo: string | undefined): string {
  if (returnTo === undefined || returnTo === '') return DEFAULT_RETURN_TO;
  const url = URL.parse(returnTo, appUrl);
  if (!url || url.origin !== new URL(appUrl).origin || /[\\\s]/.test(returnTo)) {
    throw invalidField('returnTo', 'The return URL must be a page of this site.');
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

const hashBinding = (binding: string) => createHash('sha256').update(binding).digest();

export const putSamlFlow = (
  db: Db,
  relayState: string,
  state: Omit<SamlFlowState, 'bindingHash'>,
  binding: string,
  ttlMs: number,
  now: Date,
) => putRecord(db, 'state', relayState, { ...state, bindingHash: hashBinding(binding).toString('hex') }, ttlMs, now);

/**
 * Uses up the flow state named by the callback (one-time) and checks it belongs to this provider
 * and this browser. Null: unknown, expired, used, or another browser's → `invalid-credential`.
 */
export async function takeSamlFlow(db: Db, providerId: string, relayState: string | undefined, binding: string | null, now: Date) {
  if (!relayState) return null;
  const state = await takeRecord<SamlFlowState>(db, 'state', relayState, now);
  if (!state || state.providerId !== providerId || !binding) return null;
  const expected = Buffer.from(state.bindingHash, 'hex');
  const actual = hashBinding(binding);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? state : null;
}

/** The outcome of a sign-in as the widget receives it (popup message, GET /federated/result). */
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

/** Kept for the browser that ran the flow, read once by GET /federated/result. */
export const storeOutcome = (db: Db, binding: string, outcome: FederatedOutcome, ttlMs: number, now: Date) =>
  replaceRecord(db, 'result', binding, outcome, ttlMs, now);

/**
 * The waiting outcome, used up. A failure is thrown as the error it was; a success is the account
 * as it is now (`user: null` if it is gone since, a guest merged away).
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
