import { tenantsForEmailRequestSchema } from '@trailbuddy/shared/contracts/identity-tenants';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { z } from 'zod';
import { publicTenant, tenantsForEmail, type TenantSettings } from './tenants.js';
import { endpointDoc, inAuthErrors, parseAuthBody } from '../plugin-kit.js';

/**
 * Tenants (ADR 0009, checklist §3.6): the tenant-selection page's buttons, and identifier-first
 * selection by e-mail domain. Both answer configuration only, never whether an account exists.
 */
export function tenantDirectory(settings: TenantSettings) {
  return {
    id: 'trailbuddy-tenants',
    endpoints: {
      listTenants: createAuthEndpoint(
        '/identity/tenants',
        {
          method: 'GET',
          metadata: endpointDoc('The configured tenants: id, name, button colour, icon, sign-in options', {
            200: '{ tenants }, in configuration order',
          }),
        },
        async (ctx) => ctx.json({ tenants: settings.tenants.map(publicTenant) }),
      ),
      tenantsForEmail: createAuthEndpoint(
        '/identity/tenants/for-email',
        {
          method: 'POST',
          body: z.unknown(),
          metadata: endpointDoc('The tenants whose e-mail domains match the address; none: no-matching-tenant-for-email', {
            200: '{ tenants } whose domains match, in configuration order',
          }),
        },
        async (ctx) => {
          const { email } = parseAuthBody(tenantsForEmailRequestSchema, ctx.body);
          return ctx.json({ tenants: await inAuthErrors(() => tenantsForEmail(settings, email).map(publicTenant)) });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
