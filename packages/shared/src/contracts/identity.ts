import { z } from 'zod';

// Zod-free, so the web app's API client can map codes without loading zod on the home page.
export { IDENTITY_ERROR_CODES, IDENTITY_ERROR_MESSAGES, type IdentityErrorCode } from './identity-errors';

/** The signed-in identity every identity endpoint answers with. */
export const identityUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isAnonymous: z.boolean(),
  /** Provider ids linked to the account: password, emailLink, phone, google.com, oidc.x, saml.y … */
  providers: z.array(z.string()),
  /** The tenant the account belongs to (ADR 0009); null: the default accounts. Always sent by the server. */
  tenantId: z.string().nullable().optional(),
});
export type IdentityUser = z.infer<typeof identityUserSchema>;

export const identityUserResponseSchema = z.object({ user: identityUserSchema });

/** `GET /api/auth/identity/token`: a fresh ID token, and where the client syncs it (null: sync is off). */
export const idTokenResponseSchema = z.object({
  token: z.string(),
  issuedAt: z.string(),
  sync: z.object({ url: z.string(), maxAgeS: z.number().int() }).nullable(),
});
export type IdTokenResponse = z.infer<typeof idTokenResponseSchema>;

/** `GET /api/auth/phone-number/config`: what the phone pages need. */
export const phoneConfigSchema = z.object({
  /** False without an SMS transport: phone sign-in cannot work. */
  enabled: z.boolean(),
  /** ALTCHA (self-hosted proof of work, the default) or Google reCAPTCHA with its site key. */
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ]),
  codeLength: z.number().int(),
  resendDelaySeconds: z.number().int(),
  codeTtlSeconds: z.number().int(),
});
export type PhoneConfig = z.infer<typeof phoneConfigSchema>;
