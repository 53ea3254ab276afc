import type { Tenant } from '../client/types';
import { configForTenant } from '../config/config';
import { readableTextColor } from '../config/providers';
import type { TenantConfig } from '../config/types';
import { asAuthError } from '../errors';
import { format, getErrorMessage, strings } from '../strings';
import type { WidgetApp } from '../widget/app';
import type { TenantButtonModel } from '../widget/page-types';

/** The default (tenant-less) accounts in `tenants`, and the fallback entry (checklist §3.6). */
export const DEFAULT_TENANT_KEY = '_';
export const FALLBACK_TENANT_KEY = '*';
/** A tenant button without a colour of its own. */
export const DEFAULT_TENANT_COLOR = '#007bff';

/** Is tenant selection on? It is when the configuration has `tenants`. */
export const hasTenantSelection = (app: WidgetApp): boolean => Object.keys(app.baseConfig.tenants ?? {}).length > 0;

const serverTenants = new WeakMap<WidgetApp, Promise<Tenant[]>>();
/** Every tenant the server described in this run (the list, or an e-mail's matches), by id. */
const knownTenants = new WeakMap<WidgetApp, Map<string, Tenant>>();

function remember(app: WidgetApp, tenants: readonly Tenant[]): void {
  const known = knownTenants.get(app) ?? new Map<string, Tenant>();
  for (const tenant of tenants) known.set(tenant.id, tenant);
  knownTenants.set(app, known);
}

/** The server's tenants (`GET /api/auth/identity/tenants`), read once per run. */
function loadServerTenants(app: WidgetApp): Promise<Tenant[]> {
  let tenants = serverTenants.get(app);
  if (!tenants) {
    tenants = app.client.getTenants();
    serverTenants.set(app, tenants);
    tenants.then(
      (list) => remember(app, list),
      () => serverTenants.delete(app),
    );
  }
  return app.request(tenants);
}

/** The widget's entry for a tenant: its own, else `*` (the default accounts only take `_`). */
function configuredTenant(app: WidgetApp, tenantId: string | null): TenantConfig | undefined {
  const tenants = app.baseConfig.tenants ?? {};
  if (tenantId === null) return tenants[DEFAULT_TENANT_KEY];
  return tenants[tenantId] ?? tenants[FALLBACK_TENANT_KEY];
}

/**
 * A tenant button (checklist §1.8 #38): long label `fullLabel` or "Sign in to {displayName}",
 * short label the display name; the widget's entry for the tenant overrides the server's looks.
 */
function tenantButton(tenantId: string, server: Tenant | undefined, configured: TenantConfig | undefined): TenantButtonModel {
  const displayName = configured?.displayName ?? server?.displayName ?? tenantId;
  const color = configured?.buttonColor ?? server?.buttonColor ?? DEFAULT_TENANT_COLOR;
  const iconUrl = configured?.iconUrl ?? server?.iconUrl ?? undefined;
  return {
    tenantId,
    longLabel: configured?.fullLabel ?? server?.fullLabel ?? format(strings.signInToTenant, { tenantName: displayName }),
    shortLabel: displayName,
    color,
    textColor: readableTextColor(color),
    ...(iconUrl && { iconUrl }),
  };
}

/** The buttons: the default accounts first when `_` is configured, then the server's tenants in order. */
function tenantButtons(app: WidgetApp, tenants: readonly Tenant[], withDefault: boolean): TenantButtonModel[] {
  const buttons: TenantButtonModel[] = [];
  const defaults = configuredTenant(app, null);
  if (withDefault && defaults) buttons.push(tenantButton(DEFAULT_TENANT_KEY, undefined, defaults));
  for (const tenant of tenants) buttons.push(tenantButton(tenant.id, tenant, configuredTenant(app, tenant.id)));
  return buttons;
}

/**
 * Tenant selection (checklist §3.6, §1.8 #38/#39). Option-first: one button per tenant
 * (`selectTenant`); a single tenant is chosen without UI. Identifier-first: the e-mail
 * (`providerMatchByEmail`), then the tenant whose domains match it (`tenants/for-email`).
 * The tenants cannot be read → the recoverable error page with Retry.
 */
export async function showTenantSelection(app: WidgetApp, options: { message?: string; email?: string } = {}): Promise<void> {
  app.setTenant(null);
  app.applyTenantConfig(app.baseConfig);
  if (app.baseConfig.displayMode === 'identifierFirst') {
    showProviderMatchByEmail(app, options);
    return;
  }
  app.show('blank', {});
  // The request runs alone; the next page (maybe a start page that runs its own request) after it.
  const loaded: { tenants?: Tenant[] } = {};
  await app.run(async () => {
    try {
      loaded.tenants = await loadServerTenants(app);
    } catch (error) {
      app.show('recoverableError', {
        message: getErrorMessage(asAuthError(error)),
        onRetry: () => void app.flows.showTenantSelection(app, options),
      });
    }
  });
  if (loaded.tenants && !app.disposed) showTenantButtons(app, tenantButtons(app, loaded.tenants, true), options);
}

function showTenantButtons(app: WidgetApp, buttons: TenantButtonModel[], options: { message?: string; email?: string }): void {
  const only = buttons.length === 1 ? buttons[0] : undefined;
  if (only && options.message === undefined) {
    void app.flows.selectTenant(app, only.tenantId === DEFAULT_TENANT_KEY ? null : only.tenantId, options);
    return;
  }
  app.show(
    'selectTenant',
    {
      buttons,
      onSelect: (tenantId) => void app.flows.selectTenant(app, tenantId === DEFAULT_TENANT_KEY ? null : tenantId, options),
    },
    { infoBar: options.message ?? null },
  );
}

/**
 * `providerMatchByEmail` (identifier-first): the e-mail picks the tenant. No match →
 * "No sign-in provider is available for the given email, please try with a different email.";
 * one → that tenant's start page with the e-mail; several → their buttons.
 */
function showProviderMatchByEmail(app: WidgetApp, options: { message?: string; email?: string }): void {
  app.show(
    'providerMatchByEmail',
    {
      ...(options.email && { email: options.email }),
      onSubmit: (email) => void matchByEmail(app, email),
    },
    { infoBar: options.message ?? null },
  );
}

async function matchByEmail(app: WidgetApp, email: string): Promise<void> {
  const found: { tenants?: Tenant[] } = {};
  await app.run(async () => {
    try {
      found.tenants = await app.request(app.client.getTenantsForEmail(email));
      remember(app, found.tenants);
    } catch (caught) {
      const error = asAuthError(caught);
      app.showInfoBar(error.code === 'auth/no-matching-tenant-for-email' ? strings.noMatchingTenant : getErrorMessage(error));
    }
  });
  const matches = found.tenants;
  if (!matches || app.disposed) return;
  if (matches.length === 0) app.showInfoBar(strings.noMatchingTenant);
  else if (matches.length === 1) await app.flows.selectTenant(app, matches[0]!.id, { email });
  else showTenantButtons(app, tenantButtons(app, matches, false), { email });
}

/**
 * Acts in a tenant (checklist §3.6): its requests carry `tenantId`, and its configuration (the
 * widget's entry for it, else the options the server lists for it) replaces the top-level one.
 */
export async function applyTenant(app: WidgetApp, tenantId: string | null): Promise<void> {
  app.setTenant(tenantId);
  const configured = configuredTenant(app, tenantId);
  let serverOptions: string[] | undefined;
  if (tenantId !== null && !configured?.signInOptions) {
    try {
      const known = knownTenants.get(app)?.get(tenantId);
      serverOptions = (known ?? (await loadServerTenants(app)).find((t) => t.id === tenantId))?.signInOptions;
    } catch {
      // The top-level options stay; the server still refuses what the tenant does not allow.
    }
  }
  app.applyTenantConfig(configForTenant(app.baseConfig, configured, serverOptions));
}

/** A tenant was chosen: act in it, then its start page (with the e-mail of identifier-first). */
export async function selectTenant(app: WidgetApp, tenantId: string | null, options: { email?: string } = {}): Promise<void> {
  await applyTenant(app, tenantId);
  if (app.disposed) return;
  app.flows.showStartPage(app, options.email ? { email: options.email } : {});
}
