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
