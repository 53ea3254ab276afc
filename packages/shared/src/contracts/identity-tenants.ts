import { z } from 'zod';

/**
 * Tenants (checklist §3.6, ADR 0009): separate pools of accounts behind one sign-in widget. The
 * same e-mail may have an account in several tenants (and in the default, tenant-less pool); a
 * sign-in request names its tenant with `tenantId` (absent = the default pool).
 */

/** A tenant id as configured in IDENTITY_TENANTS: letters, digits and dashes, 1–64 characters. */
export const TENANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
export const tenantIdSchema = z.string().regex(TENANT_ID_PATTERN, 'tenantId is not a tenant id');

/** The public face of a tenant: the widget's tenant button and the sign-in options it offers. */
export const tenantSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** The button's full label ("Sign in to Acme"); null: the widget builds one from displayName. */
  fullLabel: z.string().nullable(),
  /** A CSS hex colour for the tenant button; null: the widget's default. */
  buttonColor: z.string().nullable(),
  iconUrl: z.string().nullable(),
  /** Widget provider ids this tenant signs in with: password, emailLink, phone, anonymous, google.com, oidc.x, saml.y … */
  signInOptions: z.array(z.string()),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** POST /api/auth/identity/tenants/for-email: the tenants whose e-mail domains match (identifier-first). */
export const tenantsForEmailRequestSchema = z.object({
  email: z.email({ error: "That email address isn't correct" }).max(320, "That email address isn't correct"),
});

/** The optional tenant of an identity request body or query string. */
export const tenantFieldSchema = z.object({ tenantId: tenantIdSchema.optional() });
