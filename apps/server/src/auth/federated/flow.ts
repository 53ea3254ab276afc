import type { IdentityUser } from '@trailbuddy/shared/contracts/identity';
import type { FederatedPopupMessage } from '@trailbuddy/shared/contracts/identity-federated';
import { AppError, invalidField, type ErrorCode } from '../../errors.js';

/** The widget's two ways of running a federated sign-in (checklist §5.7). */
export type FlowKind = 'popup' | 'redirect';

/** The widget's flow, fixed at its start and carried in the provider round trip's state. */
export interface FlowStart {
  flow: FlowKind;
  /** Same-origin path (+ query) the redirect flow returns to. */
  returnTo: string;
  tenantId: string | null;
  /** The signed-in guest to upgrade (checklist §5.9). */
  guestUserId: string | null;
  /** The server clock at the start: the flow's lifetime is counted on it. */
  startedAt: number;
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

/** A failure as the popup posts it (the shared contract), with the status the page answers with. */
type OutcomeError = Extract<FederatedPopupMessage, { ok: false }>['error'] & { status: number; code: ErrorCode };

/** The outcome of a sign-in as the widget receives it (popup message, GET /federated/result). */
export type FederatedOutcome =
  { ok: true; providerId: string; user: IdentityUser; isNewUser: boolean } | { ok: false; providerId: string | null; error: OutcomeError };

/** What the browser keeps of an outcome until the widget reads it: a success names only the account. */
export type KeptOutcome = ({ ok: true; providerId: string; userId: string; isNewUser: boolean } | { ok: false; error: OutcomeError }) & {
  at: number;
};

export const outcomeOfError = (providerId: string | null, err: AppError): FederatedOutcome => ({
  ok: false,
  providerId,
  error: { status: err.status, code: err.code, message: err.message, fields: err.fields, details: err.details },
});

export const keptOutcome = (outcome: FederatedOutcome, at: number): KeptOutcome =>
  outcome.ok
    ? { ok: true, providerId: outcome.providerId, userId: outcome.user.id, isNewUser: outcome.isNewUser, at }
    : { ok: false, error: outcome.error, at };

export const errorOfOutcome = ({ status, code, message, fields, details }: OutcomeError) =>
  new AppError(status, code, message, fields, details);
