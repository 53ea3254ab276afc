import { ApiError } from '../../../lib/api-client';

/** The server's own message for a refused action (it names the reason), else a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'Something went wrong. Please try again.';
}
