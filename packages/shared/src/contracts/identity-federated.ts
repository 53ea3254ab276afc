import { z } from 'zod';
import { identityUserSchema } from './identity';
import { tenantIdSchema } from './identity-tenants';

/**
 * Requests and answers of the identity API's federated family (Google, Facebook, Twitter, GitHub,
 * Microsoft, Yahoo, Apple, `oidc.*`, `saml.*`), shared by the server's routes and the sign-in widget.
 */

/** GET /api/auth/federated/:providerId/start — the browser navigates (or a popup opens) here. */
export const federatedStartQuerySchema = z.object({
  /** popup: the last page posts the outcome to window.opener; redirect: back to `returnTo`. */
  flow: z.enum(['popup', 'redirect']).default('redirect'),
  /** An e-mail the IdP pre-fills (Google `login_hint`, GitHub `login`, `oidc.*` their loginHintKey). */
  loginHint: z.string().trim().max(320, 'The login hint is too long').optional(),
  /** The widget's `loginHintKey` for an `oidc.*` provider (built-ins use their own parameter). */
  loginHintKey: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'loginHintKey must be a parameter name')
    .optional(),
  /** Redirect flow: the page of this site to come back to; default /auth?mode=callback. */
  returnTo: z.string().max(2048, 'The return URL is too long').optional(),
  /** `autoUpgradeAnonymousUsers`: link to the signed-in guest (default) or sign in separately. */
  upgradeAnonymous: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The tenant to sign in to (ADR 0009): the provider must be one of its sign-in options. */
  tenantId: tenantIdSchema.optional(),
});

/** What the popup posts to its opener, and what GET /api/auth/federated/result answers with. */
export const federatedSignedInSchema = z.object({
  user: identityUserSchema,
  providerId: z.string(),
  /** A new account was created by this sign-in. */
  isNewUser: z.boolean(),
});

/** The message `type` the popup posts (target origin: the app's). */
export const FEDERATED_MESSAGE_TYPE = 'trailbuddy:federated-result';
export const federatedPopupMessageSchema = z.discriminatedUnion('ok', [
  federatedSignedInSchema.extend({ type: z.literal(FEDERATED_MESSAGE_TYPE), ok: z.literal(true) }),
  z.object({
    type: z.literal(FEDERATED_MESSAGE_TYPE),
    ok: z.literal(false),
    providerId: z.string().nullable(),
    /** The same error object the API answers with: code, message, fields?, details?. */
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);
export type FederatedPopupMessage = z.infer<typeof federatedPopupMessageSchema>;

/** POST /api/auth/federated/link-pending — from the session of the account the pending credential's e-mail belongs to. */
export const linkPendingRequestSchema = z.object({
  pendingCredential: z.string().min(1, 'pendingCredential is required.').max(256, 'pendingCredential is malformed.'),
});
