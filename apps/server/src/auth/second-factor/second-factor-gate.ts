import type { MultiFactorRequiredDetails } from '@trailbuddy/shared/contracts/identity-actions';
import type { GenericEndpointContext } from 'better-auth';
import { generateRandomString, makeSignature } from 'better-auth/crypto';
import type { Db } from '../../db/client.js';
import { identityError } from '../errors.js';
import { toAPIError } from '../plugin-kit.js';
import { listSecondFactors, upgradeLegacySecret } from './second-factor-store.js';

/** How long a sign-in waits for its second factor (the plugin's `two_factor` cookie and challenge). */
export const PENDING_TTL_S = 5 * 60;

/** The plugin's endpoints whose sessions pass: each needs a signed-in session or a right code. */
const VERIFIED_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-otp']);

/** Second factors at sign-in (checklist §1.7 #33): the chokepoint that opens the twoFactor plugin's challenge (ADR 0043). */
export async function secondFactorGate(db: Db, userId: string, context: GenericEndpointContext | null): Promise<void> {
  if (context?.path && VERIFIED_PATHS.has(context.path)) return;
  const factors = await listSecondFactors(db, userId);
  if (factors.length === 0) return;
  let mfaPendingCredential = '';
  // Sessions are only made inside endpoints; without one there is no challenge to hand over.
  if (context) {
    await upgradeLegacySecret(db, context.context.secretConfig, userId);
    const identifier = `2fa-${generateRandomString(20)}`;
    const expiresAt = new Date(Date.now() + PENDING_TTL_S * 1000);
    await context.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
    await context.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
    mfaPendingCredential = `${identifier}.${await makeSignature(identifier, context.context.secret)}`;
  }
  const details: MultiFactorRequiredDetails = { mfaPendingCredential, factors };
  throw toAPIError(identityError('multi-factor-auth-required', { details }));
}
