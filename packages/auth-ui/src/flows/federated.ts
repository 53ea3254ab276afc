import { federatedResultFromMessage } from '../client/federated-result';
import type { AuthError, FederatedResult, IdentityUser, PendingCredential } from '../client/types';
import { getProviderOption, isAdminRestrictedConfigured, isEmailLinkMode } from '../config/config';
import { LOGIN_HINT_KEYS, resolveProviderName } from '../config/providers';
import { EMAIL_LINK_METHOD, PASSWORD_PROVIDER } from '../config/types';
import { asAuthError, isMergeConflict } from '../errors';
import type { PendingEmailCredential } from '../storage/storage';
import { getErrorMessage, strings } from '../strings';
import type { WidgetApp } from '../widget/app';
import type { OpenedWindow } from '../widget/env';
import { authResult, completeOrShowError, handleMergeConflict } from './complete';
import { federatedMethodFor } from './email-first';

/** The popup of `signInFlow: 'popup'`: 500×600, centred (checklist §8). */
export function popupFeatures(width = 500, height = 600): string {
  const screenWidth = globalThis.screen?.availWidth ?? width;
  const screenHeight = globalThis.screen?.availHeight ?? height;
  const left = Math.max(0, Math.round((screenWidth - width) / 2));
  const top = Math.max(0, Math.round((screenHeight - height) / 2));
  return `width=${width},height=${height},top=${top},left=${left},location=yes,resizable=yes,statusbar=yes,toolbar=no`;
}

/** The name of the popup window (one at a time: a second sign-in reuses it). */
export const POPUP_WINDOW_NAME = 'trailbuddy-identity';
/** How often the widget checks whether the user closed the popup. */
export const POPUP_CLOSED_POLL_MS = 500;

/** The page to come back to after a redirect: the current one in callback mode (no `mode`). */
function returnUrl(app: WidgetApp): string {
  const href = app.env.href();
  try {
    const url = new URL(href);
    url.searchParams.delete(app.config.queryParameterForWidgetMode);
    return url.toString();
  } catch {
    return href;
  }
}

/**
 * Federated sign-in (checklist §5.7). Redirect: store the redirect status `{tenantId}`, then
 * navigate to the server's start URL (the e-mail as login hint); the `callback` page processes the
 * result on return. Popup: open the start URL in a 500×600 popup (a blocked popup falls back to
 * redirect) and process what the popup posts back (`trailbuddy:federated-result`). With a pending
 * credential to link, the sign-in never upgrades the guest (the credential is linked after).
 */
export async function startFederatedSignIn(
  app: WidgetApp,
  providerId: string,
  options: { email?: string; fromBlankPage?: boolean } = {},
): Promise<void> {
  app.flows.cancelOneTap(app);
  const option = getProviderOption(app.config, providerId);
  const pending = app.storage.getPendingEmailCredential();
  const loginHint = options.email;
  const loginHintKey = option?.loginHintKey && !LOGIN_HINT_KEYS[providerId] ? option.loginHintKey : undefined;
  const common = {
    ...(loginHint && { loginHint }),
    ...(loginHintKey && { loginHintKey }),
    upgradeAnonymous: app.config.autoUpgradeAnonymousUsers && !pending?.credential,
  };
  if (app.config.signInFlow === 'popup') {
    const url = app.client.federatedStartUrl(providerId, { flow: 'popup', ...common });
    const popup = app.env.open(url, POPUP_WINDOW_NAME, popupFeatures());
    if (popup) {
      await app.run(() => waitForPopup(app, popup, providerId));
      return;
    }
    // auth/popup-blocked → redirect.
  }
  try {
    app.storage.setRedirectStatus({ tenantId: app.tenantId });
    app.env.assign(app.client.federatedStartUrl(providerId, { flow: 'redirect', ...common, returnTo: returnUrl(app) }));
  } catch (caught) {
    app.storage.removeRedirectStatus();
    const error = asAuthError(caught);
    console.error(`signInWithRedirect: ${error.code}`);
    if (options.fromBlankPage) app.flows.showStartPage(app, { message: getErrorMessage(error) });
    else app.showInfoBar(getErrorMessage(error));
  }
}

/**
 * Waits for the popup's outcome: its message (from our origin only), or its closing. A popup
 * closed without a message may still have finished (a cross-origin-opener policy at the IdP can
 * sever the link), so the server's stored outcome is read then; none means the user closed it
 * (`auth/popup-closed-by-user`: ignored, the page stays).
 */
function waitForPopup(app: WidgetApp, popup: OpenedWindow, providerId: string): Promise<void> {
  const origin = new URL(app.env.href()).origin;
  return new Promise<void>((resolve) => {
    let done = false;
    const stop = () => {
      done = true;
      unsubscribe();
      clearInterval(timer);
      forget();
    };
    const finish = (result: FederatedResult | null) => {
      if (done) return;
      stop();
      if (!result) resolve();
      else void processPopupResult(app, result, providerId).then(resolve, resolve);
    };
    const unsubscribe = app.env.onMessage((message) => {
      if (message.origin !== origin) return;
      const result = federatedResultFromMessage(message.data);
      if (result) finish(result);
    });
    const timer = setInterval(() => {
      if (!popup.closed || done) return;
      clearInterval(timer);
      app.request(app.client.getFederatedResult()).then(
        (result) => finish(result.kind === 'none' ? null : result),
        () => finish(null),
      );
    }, POPUP_CLOSED_POLL_MS);
    const forget = app.onDispose(() => {
      done = true;
      unsubscribe();
      clearInterval(timer);
    });
  });
}

/**
 * Popup errors (checklist §5.7): a lost connection, too many requests or a cancellation → the info
 * bar (the page stays); admin-restricted (configured) → `unauthorizedUser(null, provider)`;
 * anything else → the callback processing (which may start linking).
 */
async function processPopupResult(app: WidgetApp, result: FederatedResult, providerId: string): Promise<void> {
  if (result.kind === 'error') {
    const { error } = result;
    if (['auth/network-request-failed', 'auth/too-many-requests'].includes(error.code) || isUserCancelled(error)) {
      app.showInfoBar(getErrorMessage(error));
      return;
    }
    if (error.code === 'auth/admin-restricted-operation' && isAdminRestrictedConfigured(app.config)) {
      app.flows.showUnauthorizedUser(app, null, providerId);
      return;
    }
  }
  await processFederatedResult(app, result);
}

/** The `callback` page after a redirect (checklist §2 callback mode, §5.7); restores the tenant first. */
export async function handleRedirectResult(app: WidgetApp): Promise<void> {
  app.show('callback', {});
  await app.run(async () => {
    const status = app.storage.getRedirectStatus();
    if (status?.tenantId) await app.flows.applyTenant(app, status.tenantId);
    let result: FederatedResult;
    try {
      result = await app.request(app.client.getFederatedResult());
    } catch (caught) {
      result = { kind: 'error', error: asAuthError(caught) };
    }
    await processFederatedResult(app, result);
  });
}

const isUserCancelled = (error: AuthError) =>
  error.code === 'auth/user-cancelled' || (error.code === 'auth/invalid-credential' && error.message.includes('error=consent_required'));

/**
 * A credential that is no longer good (checklist §5.7 "expired credential"): the server's
 * `invalid-credential` for an unknown, used or expired pending credential or sign-in state, or an
 * IdP's "invalid access_token/id_token" message.
 */
const isExpiredCredential = (error: AuthError) =>
  (error.code === 'auth/invalid-credential' && !isUserCancelled(error)) || /invalid.*(access_token|id_token)/i.test(error.message);

const sameEmail = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** Redirect/popup result processing (checklist §5.7). */
async function processFederatedResult(app: WidgetApp, result: FederatedResult): Promise<void> {
  app.storage.removeRedirectStatus();
  if (result.kind === 'none') {
    app.storage.removePendingEmailCredential();
    app.flows.showStartPage(app);
    return;
  }
  if (result.kind === 'user') {
    await processSignedIn(app, result.user, result.providerId, result.isNewUser ?? false);
    return;
  }
  await processError(app, result);
}

async function processSignedIn(app: WidgetApp, user: IdentityUser, providerId: string, isNewUser: boolean): Promise<void> {
  const pending = app.storage.getPendingEmailCredential();
  if (pending && !sameEmail(user.email, pending.email)) {
    showEmailMismatch(app, user, providerId, pending, isNewUser);
    return;
  }
  app.storage.removePendingEmailCredential();
  const credential = pending?.credential ?? null;
  if (credential) {
    await linkAndComplete(app, credential, isNewUser);
    return;
  }
  await completeOrShowError(app, authResult(user, providerId, { isNewUser }));
}

/** Links the pending credential to the account just signed in to, then completes with it (checklist §5.8). */
async function linkAndComplete(app: WidgetApp, credential: PendingCredential, isNewUser: boolean): Promise<void> {
  let linked: IdentityUser;
  try {
    linked = await app.request(app.client.linkPendingCredential(credential));
  } catch (caught) {
    const error = asAuthError(caught);
    app.flows.showStartPage(app, { message: isExpiredCredential(error) ? strings.sessionExpired : getErrorMessage(error) });
    return;
  }
  await completeOrShowError(app, authResult(linked, credential.providerId, { credential, isNewUser }));
}

/**
 * `emailMismatch` (checklist §1.3 #13, §5.8): the IdP account has another e-mail than the one the
 * user started with. Continue → complete as the IdP user, without linking. Cancel → sign that
 * user out again and go back to the federated linking page of the same IdP.
 */
function showEmailMismatch(app: WidgetApp, user: IdentityUser, providerId: string, pending: PendingEmailCredential, isNewUser: boolean) {
  app.show('emailMismatch', {
    userEmail: user.email ?? '',
    pendingEmail: pending.email,
    onContinue: () =>
      void app.run(async () => {
        app.storage.removePendingEmailCredential();
        await completeOrShowError(app, authResult(user, providerId, { isNewUser }));
      }),
    onCancel: () =>
      void app.run(async () => {
        try {
          await app.request(app.client.signOut());
        } catch {
          // Still go back: the next sign-in replaces the session anyway.
        }
        app.flows.showFederatedLinking(app, pending.email, providerId);
      }),
  });
}

async function processError(app: WidgetApp, result: Extract<FederatedResult, { kind: 'error' }>): Promise<void> {
  const { error } = result;
  if (isMergeConflict(error)) {
    if (app.config.autoUpgradeAnonymousUsers) {
      await handleMergeConflict(app, error, result.providerId ?? null);
      return;
    }
    // The provider's sign-in is spent: sign in to the account it belongs to (the guest is replaced).
    try {
      const user = await app.request(app.client.completeMerge(error.details.mergeToken));
      await completeOrShowError(app, authResult(user, result.providerId ?? null));
    } catch (caught) {
      app.flows.showStartPage(app, { message: getErrorMessage(asAuthError(caught)) });
    }
    return;
  }
  if (
    (error.code === 'auth/account-exists-with-different-credential' || error.code === 'auth/email-already-in-use') &&
    result.email &&
    result.pendingCredential
  ) {
    app.storage.setPendingEmailCredential({ email: result.email, credential: result.pendingCredential });
    await linkingDecision(app, result.methods && result.methods.length > 0 ? { methods: result.methods } : {});
    return;
  }
  if (isUserCancelled(error)) {
    const pending = app.storage.getPendingEmailCredential();
    const message = getErrorMessage(error);
    if (pending?.credential) await linkingDecision(app, { message });
    else if (pending) app.flows.showEmailPage(app, { email: pending.email, message });
    else app.flows.showStartPage(app, { message });
    return;
  }
  if (error.code === 'auth/admin-restricted-operation' && isAdminRestrictedConfigured(app.config)) {
    app.flows.showUnauthorizedUser(app, null, null);
    return;
  }
  app.storage.removePendingEmailCredential();
  app.flows.showStartPage(app, { message: isExpiredCredential(error) ? strings.sessionExpired : getErrorMessage(error) });
}

/**
 * The linking decision (checklist §5.8): the e-mail of the pending credential already has an
 * account; offer the way to sign in to it that will link the credential. The methods come with the
 * server's answer when it has them; otherwise they are fetched.
 */
export async function linkingDecision(app: WidgetApp, options: { message?: string; methods?: string[] } = {}): Promise<void> {
  const pending = app.storage.getPendingEmailCredential();
  if (!pending) {
    app.flows.showStartPage(app);
    return;
  }
  let methods: string[];
  try {
    methods = options.methods ?? (await app.request(app.client.fetchSignInMethods(pending.email)));
  } catch (caught) {
    app.flows.showStartPage(app, { message: getErrorMessage(asAuthError(caught)) });
    return;
  }
  if (methods.length === 0) {
    app.storage.removePendingEmailCredential();
    app.flows.showPasswordRecovery(app, pending.email, { message: strings.emailExistsWithoutMeans });
  } else if (methods.includes(PASSWORD_PROVIDER)) {
    app.flows.showPasswordLinking(app, pending.email);
  } else if (methods.length === 1 && methods[0] === EMAIL_LINK_METHOD && isEmailLinkMode(app.config)) {
    app.flows.showEmailLinkSignInLinking(app, pending.email);
  } else {
    const providerId = federatedMethodFor(app, methods);
    if (providerId) app.flows.showFederatedLinking(app, pending.email, providerId, options);
    else {
      app.storage.removePendingEmailCredential();
      app.flows.showUnsupportedProvider(app, pending.email);
    }
  }
}

/**
 * `federatedLinking` (checklist §1.3): used both for federated sign-in from the e-mail-first tree
 * (pending e-mail only) and for linking (pending credential); without either → the start page.
 * Its button signs in with the IdP, using the e-mail as login hint. An unconfigured built-in IdP gets its default name (§5.3 quirk).
 */
export function showFederatedLinking(app: WidgetApp, email: string, providerId: string, options: { message?: string } = {}): void {
  if (!app.storage.hasPendingEmailCredential()) {
    app.flows.showStartPage(app);
    return;
  }
  app.show(
    'federatedLinking',
    {
      email,
      providerId,
      providerName: resolveProviderName(providerId, getProviderOption(app.config, providerId)),
      onSubmit: () => void app.flows.startFederatedSignIn(app, providerId, { email }),
    },
    { infoBar: options.message ?? null },
  );
}
