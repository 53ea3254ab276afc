import { TENANT_ID_PATTERN, type Tenant as PublicTenant } from '@trailbuddy/shared/contracts/identity-tenants';
import { z } from 'zod';
import type { Env } from '../../env.js';
import { invalidField } from '../../errors.js';
import { identityError } from '../errors.js';
import { parseJsonList, type FederatedSettings } from '../federated/providers.js';

/** The sign-in options that are not federated providers. */
const LOCAL_OPTIONS = new Set(['password', 'emailLink', 'phone', 'anonymous']);

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain such as acme.com or *.acme.com');

/**
 * Tenants (ADR 0009, checklist §3.6), configured in IDENTITY_TENANTS; a bad entry stops the start-up.
 */
const tenantEntrySchema = z.object({
  id: z.string().regex(TENANT_ID_PATTERN, 'must be 1-64 letters, digits or dashes, starting with a letter or digit'),
  displayName: z.string().trim().min(1, 'is required').max(100),
  fullLabel: z.string().trim().min(1).max(200).nullable().default(null),
  buttonColor: z
    .string()
    .regex(/^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex colour such as #1a73e8')
    .nullable()
    .default(null),
  iconUrl: z
    .string()
    .refine((u) => /^\/[^/\\]/.test(u) || URL.parse(u)?.protocol === 'https:', 'must be an https URL or a path of this site')
    .nullable()
    .default(null),
  /** Lower-case domains (`acme.com`) or subdomain wildcards (`*.acme.com`) matched by tenants/for-email. */
  emailDomains: z.array(domainSchema).default([]),
  /** Widget provider ids the tenant allows; anything else is `operation-not-allowed`. */
  signInOptions: z
    .array(z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be a widget provider id'))
    .min(1, 'needs at least one sign-in option'),
});

export type TenantConfig = z.infer<typeof tenantEntrySchema>;

export type TenantSettings = ReturnType<typeof tenantSettings>;

/**
 * IDENTITY_TENANTS, validated: ids unique, every option a local method (password, emailLink,
 * phone, anonymous) or a federated provider configured on this server.
 */
export function tenantSettings(env: Env, federated: FederatedSettings) {
  const entries = parseJsonList('IDENTITY_TENANTS', env.IDENTITY_TENANTS, tenantEntrySchema);
  const federatedIds = new Set(federated.providers.map((p) => p.id));
  const ids = new Set<string>();
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    if (ids.has(entry.id)) problems.push(`IDENTITY_TENANTS.${i}.id: tenant ${entry.id} is configured twice`);
    ids.add(entry.id);
    for (const option of entry.signInOptions) {
      if (!LOCAL_OPTIONS.has(option) && !federatedIds.has(option)) {
        problems.push(
          `IDENTITY_TENANTS.${i}.signInOptions: ${option} is neither password, emailLink, phone, anonymous nor a federated provider configured on this server`,
        );
      }
    }
  });
  if (problems.length > 0) throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  return { tenants: entries.map((e) => ({ ...e, signInOptions: [...new Set(e.signInOptions)] })) };
}

/** What the widget shows of a tenant: everything but the e-mail domains. */
export const publicTenant = ({ emailDomains: _domains, ...shown }: TenantConfig): PublicTenant => shown;

/**
 * The tenant a request names: null for none (the default accounts, where every configured method
 * is allowed); an id that is not configured is a 400 on `tenantId`; with `option`, a sign-in option
 * the tenant does not offer is `operation-not-allowed`.
 */
export function resolveTenant(settings: TenantSettings, tenantId: string | null | undefined, option?: string): TenantConfig | null {
  if (tenantId === undefined || tenantId === null) return null;
  const tenant = settings.tenants.find((t) => t.id === tenantId);
  if (!tenant) throw invalidField('tenantId', 'There is no tenant with this id.');
  if (option !== undefined && !tenant.signInOptions.includes(option)) {
    throw identityError('operation-not-allowed', {
      message: `This sign-in method is not enabled for ${tenant.displayName}.`,
      details: { tenantId: tenant.id, providerId: option },
    });
  }
  return tenant;
}

const domainMatches = (pattern: string, domain: string) =>
  pattern.startsWith('*.') ? domain.endsWith(pattern.slice(1)) : domain === pattern;

/**
 * Identifier-first tenant selection: the tenants whose e-mail domains match the address, in
 * configuration order; none is `no-matching-tenant-for-email`.
 */
export function tenantsForEmail(settings: TenantSettings, email: string): TenantConfig[] {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const matches = settings.tenants.filter((t) => t.emailDomains.some((d) => domainMatches(d, domain)));
  if (matches.length === 0) throw identityError('no-matching-tenant-for-email', { field: 'email' });
  return matches;
}
