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

/**
 * The outcome of a sign-in as the browser keeps it until the widget reads it (popup message, GET
 * /federated/result): a success names only the account, which the widget gets as it is then.
 */
export type FederatedOutcome =
  { ok: true; providerId: string; userId: string; isNewUser: boolean } | { ok: false; providerId: string | null; error: OutcomeError };

export const outcomeOfError = (providerId: string | null, err: AppError): FederatedOutcome => ({
  ok: false,
  providerId,
  error: { status: err.status, code: err.code, message: err.message, fields: err.fields, details: err.details },
});

export const errorOfOutcome = ({ status, code, message, fields, details }: OutcomeError) =>
  new AppError(status, code, message, fields, details);
