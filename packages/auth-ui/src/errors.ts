import { AuthError } from './client/types';
import { WIDGET_ERROR_MESSAGES, strings } from './strings';

export const MERGE_CONFLICT_CODE = 'firebaseui/anonymous-upgrade-merge-conflict';

/**
 * The credential of a merge conflict. The server never hands the browser a raw credential: it
 * keeps what it verified behind a one-time `mergeToken`, which `client.completeMerge` redeems
 * from the guest's session (moving the guest's data to the existing account).
 */
export interface MergeCredential {
  providerId: string | null;
  mergeToken: string;
}

/** FirebaseUI's `AuthUIError`: `{code, message, credential, toJSON()}`. */
export class AuthUIError extends Error {
  readonly code: string;
  readonly credential: MergeCredential | null;

  constructor(code: string, message?: string, credential: MergeCredential | null = null) {
    super(message ?? WIDGET_ERROR_MESSAGES[code] ?? strings.genericError);
    this.name = 'AuthUIError';
    this.code = code;
    this.credential = credential;
  }

  toJSON(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** The server's merge-conflict codes, as the client raises them. */
const MERGE_CONFLICT_CODES = new Set(['auth/merge-conflict', 'auth/credential-already-in-use']);

export function isMergeConflict(error: unknown): error is AuthError & { details: { mergeToken: string } } {
  return error instanceof AuthError && MERGE_CONFLICT_CODES.has(error.code) && typeof error.details?.mergeToken === 'string';
}

/** A second factor the server asks for before it starts the session. */
export interface SecondFactorChoice {
  uid: string;
  factorId: 'totp' | 'phone';
  displayName: string | null;
  phoneNumber: string | null;
}
export type SecondFactorRequired = AuthError & { details: { mfaPendingCredential: string; factors: SecondFactorChoice[] } };

/** `auth/multi-factor-auth-required`: the first factor passed; the account has second factors. */
export function isSecondFactorRequired(error: unknown): error is SecondFactorRequired {
  return (
    error instanceof AuthError &&
    error.code === 'auth/multi-factor-auth-required' &&
    typeof error.details?.mfaPendingCredential === 'string' &&
    Array.isArray(error.details.factors) &&
    error.details.factors.length > 0
  );
}

/** The widget's merge-conflict error for a server `merge-conflict` answer. */
export function toMergeConflictError(error: AuthError, providerId: string | null): AuthUIError {
  const detailsProvider = typeof error.details?.providerId === 'string' ? error.details.providerId : null;
  return new AuthUIError(MERGE_CONFLICT_CODE, strings.mergeConflict, {
    providerId: detailsProvider ?? providerId,
    mergeToken: String(error.details?.mergeToken),
  });
}

/** Any thrown value as an error with a code and a message. */
export function asAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof Error) return new AuthError('auth/internal-error', error.message);
  return new AuthError('auth/internal-error', String(error));
}
