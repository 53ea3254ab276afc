import { changeEmailBodySchema } from '@trailbuddy/shared/contracts/identity-actions';
import { emailLinkSendRequestSchema, passwordRecoverRequestSchema } from '@trailbuddy/shared/contracts/identity-email';
import type { z } from 'zod';
import { signUpSchema } from './identity-account.js';

/**
 * The bodies our hooks parse on Better Auth's own endpoints before it runs: the widget's fields
 * (a tenant, a display name, the e-mail link's session) beside Better Auth's. Its generated
 * document knows only its own, so plugins/openapi-auth.ts adds these, with their rules on what is
 * required (ours are checked first).
 */
export const HOOKED_REQUEST_BODIES: Record<string, z.ZodObject> = {
  '/sign-up/email': signUpSchema,
  '/change-email': changeEmailBodySchema,
  '/sign-in/magic-link': emailLinkSendRequestSchema,
  '/request-password-reset': passwordRecoverRequestSchema,
};
