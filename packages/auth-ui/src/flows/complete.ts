import type { IdentityUser, PendingCredential } from '../client/types';
import type { AuthResult } from '../config/types';
import { asAuthError, isMergeConflict, isSecondFactorRequired, toMergeConflictError } from '../errors';
import { developerMessages, getErrorMessage } from '../strings';
import type { WidgetApp } from '../widget/app';
import { redirectFromUrl, sanitizeUrl } from '../widget/url';

/** Builds the callback's `authResult` (checklist §3.3): the credential is null unless one was linked. */
export function authResult(
  user: IdentityUser,
  providerId: string | null,
  options: { credential?: PendingCredential | null; operationType?: 'signIn' | 'link'; isNewUser?: boolean } = {},
): AuthResult {
  return {
    user,
    credential: options.credential ?? null,
    operationType: options.operationType ?? 'signIn',
    additionalUserInfo: { providerId, isNewUser: options.isNewUser ?? false },
  };
}

/**
 * Completion (checklist §5.10): take the stored redirect URL (removing it), call the success
 * callback, then redirect (the stored URL first, then `signInSuccessUrl`) or reset the widget.
 * In a popup opened by a same-origin page, the opener navigates instead; with no callback at all
 * the popup closes itself. Without any URL, the developer error goes to the console and the info bar.
 */
export async function completeSignIn(app: WidgetApp, result: AuthResult): Promise<void> {
  if (app.disposed) return;
  if (!(result.user as IdentityUser | undefined)) {
    app.showInfoBar(developerMessages.incompatibleUser);
    return;
  }
  // Checked again on the way out: the stored URL came from a URL (ADR 0053).
  const storedUrl = redirectFromUrl(app, app.storage.getRedirectUrl()) ?? undefined;
  app.storage.removeRedirectUrl();
  const { signInSuccessWithAuthResult, signInSuccess } = app.config.callbacks;
  const hasCallback = Boolean(signInSuccessWithAuthResult ?? signInSuccess);
  let redirect = true;
  if (signInSuccessWithAuthResult) redirect = Boolean(signInSuccessWithAuthResult(result, storedUrl));
  else if (signInSuccess) redirect = Boolean(signInSuccess(result.user, result.credential, storedUrl));
  if (app.disposed) return;
  if (!redirect) {
    app.reset();
    return;
  }
  // The configured signInSuccessUrl is the developer's own, the default page.
  const url = storedUrl ?? app.config.signInSuccessUrl;
  if (!url) {
    console.error(developerMessages.noRedirectUrl);
    app.showInfoBar(developerMessages.noRedirectUrl);
    return;
  }
  // The page (and its loader) stays until the navigation replaces it.
  const opener = app.env.sameOriginOpener();
  if (opener) {
    opener.assign(sanitizeUrl(url));
    if (!hasCallback) app.env.close();
    return;
  }
  app.env.assign(sanitizeUrl(url));
}

/**
 * The anonymous-upgrade merge conflict (checklist §5.9): hand `signInFailure` the error with the
 * merge token, wait for it, then remove the page. No error UI, no success callback.
 */
export async function handleMergeConflict(app: WidgetApp, error: unknown, providerId: string | null): Promise<void> {
  const uiError = toMergeConflictError(asAuthError(error), providerId);
  app.hideDialog();
  await app.config.callbacks.signInFailure?.(uiError);
  app.reset();
}

/**
 * The outcome of a sign-in that went on elsewhere: a merge conflict handed to `signInFailure`, or
 * the second-factor page (flows/second-factor.ts), which completes the sign-in itself.
 */
export const MERGE_CONFLICT_HANDLED = Symbol('merge conflict handled');

/**
 * Runs a sign-in call. The server upgrades a signed-in guest in place and answers `merge-conflict`
 * when the credential belongs to another account. With `autoUpgradeAnonymousUsers` that is the
 * merge conflict of §5.9. Without it, FirebaseUI simply replaces the guest: a reusable credential
 * (a password) is sent again after signing the guest out; a one-time one (an e-mail link, a phone
 * code) is already spent, so the widget redeems the merge token instead, which signs in to the
 * existing account (moving the guest's favourites to it).
 */
export async function signInOrMerge(
  app: WidgetApp,
  providerId: string | null,
  call: () => Promise<IdentityUser>,
  options: { oneTime?: boolean } = {},
): Promise<IdentityUser | typeof MERGE_CONFLICT_HANDLED> {
  try {
    return await app.request(call());
  } catch (error) {
    if (isSecondFactorRequired(error)) {
      await app.flows.showSecondFactorSignIn(app, error, providerId);
      return MERGE_CONFLICT_HANDLED;
    }
    if (!isMergeConflict(error)) throw error;
    if (app.config.autoUpgradeAnonymousUsers) {
      await handleMergeConflict(app, error, providerId);
      return MERGE_CONFLICT_HANDLED;
    }
    if (options.oneTime) return await app.request(app.client.completeMerge(error.details.mergeToken));
    await app.request(app.client.signOut());
    return await app.request(call());
  }
}

/** Completes, showing a completion failure in the info bar (checklist §5.10). */
export async function completeOrShowError(app: WidgetApp, result: AuthResult): Promise<void> {
  try {
    await completeSignIn(app, result);
  } catch (error) {
    app.showInfoBar(getErrorMessage(asAuthError(error)));
  }
}
