import { withServerConfig } from '../config/config';
import { actionHandlers } from '../flows';
import { isWebStorageAvailable } from '../storage/storage';
import { developerMessages, strings } from '../strings';
import type { WidgetApp } from './app';
import { getUrlParam, getWidgetMode, redirectFromUrl, removeEmailLinkParams } from './url';

/** The action modes whose success page may offer Continue (checklist §2, §11.2). */
const MODES_WITH_CONTINUE = new Set(['resetPassword', 'verifyEmail', 'verifyAndChangeEmail']);

/** Is a federated redirect in progress, or is this an e-mail-link completion? (checklist §0) */
export function isPendingRedirect(app: WidgetApp): boolean {
  const href = app.env.href();
  const emailLink = getWidgetMode(href, app.config.queryParameterForWidgetMode) === 'signIn' && getUrlParam(href, 'oobCode') !== null;
  return app.storage.hasRedirectStatus() || emailLink;
}

export interface DispatchOptions {
  /** An e-mail to start with (a sign-in hint), callback mode only. */
  emailHint?: string;
}

/**
 * Reads `?mode=` (case-insensitive; missing or unknown → callback) and hands over to its handler
 * (checklist §2). callback and select store a `signInSuccessUrl` from the query that the redirect rule allows.
 */
export function dispatch(app: WidgetApp, options: DispatchOptions = {}): void {
  const href = app.env.href();
  const mode = getWidgetMode(href, app.config.queryParameterForWidgetMode);
  switch (mode) {
    case 'callback':
    case 'select': {
      // Only a URL the redirect rule allows is kept; anything else leaves the configured default (ADR 0053).
      const requestedUrl = getUrlParam(href, app.config.queryParameterForSignInSuccessUrl);
      if (requestedUrl) {
        const successUrl = redirectFromUrl(app, requestedUrl);
        if (successUrl) app.storage.setRedirectUrl(successUrl);
        else app.storage.removeRedirectUrl();
      }
      const hint = mode === 'callback' && options.emailHint ? { email: options.emailHint } : {};
      if (mode === 'callback' && isPendingRedirect(app)) void app.flows.handleRedirectResult(app);
      // With tenants configured (checklist §3.6), the tenant is chosen first.
      else if (Object.keys(app.config.tenants ?? {}).length > 0) void app.flows.showTenantSelection(app, hint);
      else app.flows.showStartPage(app, hint);
      return;
    }
    case 'signIn':
      app.flows.handleEmailLinkSignIn(app);
      app.env.replaceState(removeEmailLinkParams(href));
      return;
    default:
      void actionHandlers[mode](app, {
        oobCode: getUrlParam(href, 'oobCode'),
        continueUrl: MODES_WITH_CONTINUE.has(mode) ? getUrlParam(href, 'continueUrl') : null,
      });
  }
}

export interface StartOptions extends DispatchOptions {
  /** Merge the server's settings (`GET /api/auth/identity/config`) before the first page; default true. */
  loadServerConfig?: boolean;
}

/**
 * Starts a widget run (checklist §0): one widget per page, the Web Storage check (→ unrecoverable error page), the
 * server's settings, the dispatch, then `uiShown` once.
 */
export async function startWidget(app: WidgetApp, options: StartOptions = {}): Promise<void> {
  claimPage(app);
  const storageOk = isWebStorageAvailable(() => app.env.localStorage()) && isWebStorageAvailable(() => app.env.sessionStorage());
  if (!storageOk) {
    app.show('unrecoverableError', { message: strings.noWebStorage });
    return;
  }
  if (options.loadServerConfig ?? true) {
    await app.run(async () => {
      try {
        app.updateConfig(withServerConfig(app.config, await app.request(app.client.getConfig())));
      } catch {
        // The widget's own configuration still works; the server enforces its rules regardless.
      }
    });
  }
  if (app.disposed) return;
  dispatch(app, options);
  app.config.callbacks.uiShown?.();
}

let activeWidget: WidgetApp | null = null;

/**
 * One widget per page (checklist §0): a new run resets the previous one, with a console warning
 * when that one was waiting for the user with a pending credential.
 */
export function claimPage(app: WidgetApp): void {
  const previous = activeWidget;
  if (previous && previous !== app && !previous.disposed) {
    if (previous.storage.hasPendingEmailCredential()) console.warn(developerMessages.alreadyRendered);
    previous.reset();
  }
  activeWidget = app;
}

/** Forgets the page's widget when it goes away. */
export function releasePage(app: WidgetApp): void {
  if (activeWidget === app) activeWidget = null;
}
