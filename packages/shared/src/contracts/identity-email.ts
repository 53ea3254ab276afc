import { z } from 'zod';
import { tenantIdSchema } from './identity-tenants';

/**
 * Requests and answers of the identity API's e-mail family (sign-in methods, password, e-mail
 * link, sign-up controls), shared by the server's routes and the sign-in widget.
 */
const email = z.email({ error: "That email address isn't correct" }).max(320, "That email address isn't correct");
/** The tenant the request acts in (ADR 0009); absent: the default, tenant-less accounts. */
const tenantId = tenantIdSchema.optional();

export const signInMethodsRequestSchema = z.object({ email, tenantId });
export const signInMethodsResponseSchema = z.object({
  /** Widget provider ids, in the order they were linked: password, emailLink, google.com, oidc.x … */
  methods: z.array(z.string()),
});

export const passwordSignInRequestSchema = z.object({
  email,
  tenantId,
  password: z.string().min(1, 'Enter your password').max(4096, "The email and password you entered don't match"),
});

export const passwordSignUpRequestSchema = z.object({
  email,
  tenantId,
  /** Fewer than 6 characters is `weak-password`, answered by the server with the widget's message. */
  password: z.string().max(128, 'Passwords have at most 128 characters'),
  displayName: z.string().max(256, 'Names have at most 256 characters').optional(),
});

export const passwordRecoverRequestSchema = z.object({ email, tenantId });

export const emailLinkSendRequestSchema = z.object({
  email,
  /** The link carries it (`tenantId=` in the link) and only signs in to this tenant's account. */
  tenantId,
  /** The page to come back to; its query parameters are kept in the link. Same origin as the app. */
  continueUrl: z.string().max(2048, 'The continue URL is too long').optional(),
  /** `ui_sid`: the widget's random session id (32 letters and digits). */
  sessionId: z.string().regex(/^[A-Za-z0-9]{32}$/, 'sessionId must be 32 letters and digits'),
  /** `ui_sd`: force the same device (1) or not (0). */
  sameDevice: z.boolean(),
  /** `ui_auid`: the signed-in guest to upgrade. */
  anonymousUid: z.string().min(1).max(128).optional(),
  /** `ui_pid`: the provider whose pending credential is linked after sign-in. */
  providerId: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'providerId is not a provider id')
    .optional(),
});

export const oobCodeSchema = z.string().min(1, 'oobCode is required').max(512);
export const emailLinkCheckRequestSchema = z.object({ oobCode: oobCodeSchema });
export const emailLinkCheckResponseSchema = z.object({
  email: z.string(),
  /** The tenant the link was sent for (absent: the default accounts); the sign-in must name it. */
  tenantId: z.string().nullable().optional(),
});
export const emailLinkSignInRequestSchema = z.object({ oobCode: oobCodeSchema, email, tenantId });

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** GET /api/auth/identity/config: the server's settings the widget must follow. */
export const identityConfigSchema = z.object({
  /** Admin-restricted sign-up: new e-mails go to the unauthorized-user page. */
  signUpDisabled: z.boolean(),
  /** The admin contact and help link of the unauthorized-user page. */
  adminEmail: z.string().nullable(),
  helpLink: z.string().nullable(),
  /** Provider ids whose sign-up needs a display name ("Enter your account name"). */
  requireDisplayName: z.array(z.string()),
  /** Sign-in methods are always `[]`: the widget cannot tell sign-in from sign-up by the e-mail. */
  enumerationProtection: z.boolean(),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
