import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import type { MultiFactorRequiredDetails } from '@trailbuddy/shared/contracts/identity-actions';
import type { GenericEndpointContext } from 'better-auth';
import { APIError } from 'better-auth/api';
import { generateRandomString, makeSignature } from 'better-auth/crypto';
import type { Db } from '../db/client.js';
import { listSecondFactors, upgradeLegacySecret } from './second-factor-store.js';

/**
 * Second factors at sign-in (checklist §1.7 #33, ADR 0043). Every session Better Auth creates
 * passes `secondFactorGate` (auth.ts, `databaseHooks.session.create.before`): for an account with
 * an enrolled factor it is refused with `multi-factor-auth-required`, whatever asked for it (the
 * modal, a widget flow, any plugin), so no path skips the factor. The refusal opens the twoFactor
 * plugin's own challenge, as its after-hook does on its sign-in endpoints (which cover only
 * those): a verification row naming the user, its attempt counter, and the value of the plugin's
 * signed `two_factor` cookie, carried in the answer as `mfaPendingCredential` so any client can
 * send it back (second-factors.ts turns it into that cookie). Only the plugin's verify endpoints,
 * after a right code, start the session.
 */
export const PENDING_TTL_S = 5 * 60;

/** The plugin's endpoints whose sessions the gate lets through: each needs a signed-in session or a right code. */
const VERIFIED_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-otp']);

async function openChallenge(ctx: GenericEndpointContext, userId: string): Promise<string> {
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + PENDING_TTL_S * 1000);
  const adapter = ctx.context.internalAdapter;
  await adapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await adapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
  return `${identifier}.${await makeSignature(identifier, ctx.context.secret)}`;
}

export async function secondFactorGate(db: Db, userId: string, context: GenericEndpointContext | null): Promise<void> {
  if (context?.path && VERIFIED_PATHS.has(context.path)) return;
  const factors = await listSecondFactors(db, userId);
  if (factors.length === 0) return;
  // Sessions are only made inside endpoints; without one there is no challenge to hand over.
  if (context) await upgradeLegacySecret(db, context.context.secretConfig, userId);
  const mfaPendingCredential = context ? await openChallenge(context, userId) : '';
  const details: MultiFactorRequiredDetails = { mfaPendingCredential, factors };
  throw new APIError('FORBIDDEN', {
    code: 'multi-factor-auth-required',
    message: IDENTITY_ERROR_MESSAGES['multi-factor-auth-required'],
    details,
  });
}
