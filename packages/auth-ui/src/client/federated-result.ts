import { firebaseErrorCode } from './error-codes';
import { FEDERATED_MESSAGE_TYPE, federatedPopupMessageSchema } from '@trailbuddy/shared/contracts/identity-federated';
import { AuthError, type FederatedResult } from './types';

export { FEDERATED_MESSAGE_TYPE };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A failed federated sign-in as a result (checklist §5.7): the server's
 * `account-exists-with-different-credential` carries the e-mail, the provider, the account's
 * sign-in methods and a one-time pending-credential token in its details.
 */
export function federatedErrorResult(error: AuthError, providerId: string | null = null): FederatedResult {
  const details = error.details ?? {};
  const email = typeof details.email === 'string' ? details.email : undefined;
  const provider = typeof details.providerId === 'string' ? details.providerId : providerId;
  const token = typeof details.pendingCredential === 'string' ? details.pendingCredential : undefined;
  const methods = Array.isArray(details.methods) ? details.methods.filter((m): m is string => typeof m === 'string') : undefined;
  return {
    kind: 'error',
    error,
    providerId: provider,
    ...(email !== undefined && { email }),
    ...(token !== undefined && provider && { pendingCredential: { providerId: provider, token, ...(email !== undefined && { email }) } }),
    ...(methods !== undefined && { methods }),
  };
}

/**
 * The message the server's popup page posts to its opener (`trailbuddy:federated-result`,
 * contracts/identity-federated.ts), as a result; null for any other message.
 */
export function federatedResultFromMessage(data: unknown): FederatedResult | null {
  if (!isObject(data) || data.type !== FEDERATED_MESSAGE_TYPE) return null;
  const parsed = federatedPopupMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  const message = parsed.data;
  if (message.ok) return { kind: 'user', user: message.user, providerId: message.providerId, isNewUser: message.isNewUser };
  const { code, message: text, fields, details } = message.error;
  return federatedErrorResult(
    new AuthError(firebaseErrorCode(code), text, { ...(fields && { fields }), ...(details && { details }) }),
    message.providerId,
  );
}
