import { ERROR_MESSAGES } from '@trailbuddy/shared/contracts/error-codes';
import { ApiError } from './api-client';

/** What a person reads when the fault is ours (a 5xx) or the connection's: nothing they could fix. */
export const GENERIC_FAILURE_MESSAGE = ERROR_MESSAGES.internal;

/**
 * The one text the web app shows for a failed request. A 4xx is a refusal the server explains
 * (a hike conflict, a full hike, a field it would not take), so the person reads the server's own
 * words; a field's message comes first unless the caller shows that field beside its input
 * (`shownInline`), so a 400 never reduces to "correct the highlighted fields" with nothing
 * highlighted. A 5xx, a lost connection or anything that is not an ApiError is our fault to
 * them: the generic message, never a server's internal detail.
 */
export function errorMessage(error: unknown, shownInline: readonly string[] = []): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return GENERIC_FAILURE_MESSAGE;
  const field = Object.entries(error.fields ?? {}).find(([name, text]) => text && !shownInline.includes(name));
  return field?.[1] || error.message || GENERIC_FAILURE_MESSAGE;
}
