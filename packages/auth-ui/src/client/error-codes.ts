import { codeForStatus, type ErrorCode } from '@trailbuddy/shared/contracts/error-codes';

/**
 * The server's codes whose FirebaseUI name is not `auth/<code>`. The server speaks one error
 * vocabulary on every route (contracts/error-codes.ts, no `auth/` prefix); FirebaseUI's names are
 * this adapter's business, so a FirebaseUI rename never reaches the server.
 */
const FIREBASE_NAMES: Partial<Record<ErrorCode, string>> = {
  internal: 'auth/internal-error',
  unknown: 'auth/internal-error',
  unavailable: 'auth/network-request-failed',
};

/** FirebaseUI's code (`auth/wrong-password`) for a code of the server's vocabulary (`wrong-password`). */
export function firebaseErrorCode(serverCode: string): string {
  return FIREBASE_NAMES[serverCode as ErrorCode] ?? `auth/${serverCode}`;
}

/** FirebaseUI's code for an answer that brought no error body of ours. */
export const firebaseErrorCodeForStatus = (status: number): string => firebaseErrorCode(codeForStatus(status));
