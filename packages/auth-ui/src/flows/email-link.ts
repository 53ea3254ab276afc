import { AuthError, type EmailLinkSendRequest, type IdentityUser } from '../client/types';
import { getEmailOption, getProviderOption, isAdminRestrictedConfigured, isEmailLinkMode } from '../config/config';
import { resolveProviderName } from '../config/providers';
import { PASSWORD_PROVIDER } from '../config/types';
import { asAuthError, isMergeConflict } from '../errors';
import { generateSessionId, type PendingEmailCredential } from '../storage/storage';
import { developerMessages, getErrorMessage, strings } from '../strings';
import type { WidgetApp } from '../widget/app';
import { getUrlParam } from '../widget/url';
import { authResult, completeOrShowError, handleMergeConflict, MERGE_CONFLICT_HANDLED, signInOrMerge } from './complete';

/** "Signed in!" stays up this long before completion (checklist §8). */
export const SIGNED_IN_DIALOG_MS = 1000;

/** The provider id of an e-mail-link sign-in in the callback's `additionalUserInfo` (Firebase's). */
const EMAIL_LINK_RESULT_PROVIDER = PASSWORD_PROVIDER;

/**
 * Sends a sign-in link (checklist §5.5 "Sending"): a new 32-character session id; the link comes
 * back to the current URL (or the option's `emailLinkSignIn().url`, resolved against it) with
 * `ui_sid`, `ui_sd`, `ui_auid` (a guest to upgrade) and `ui_pid` (a credential to link), which the
 * server adds. A credential to link goes into the encrypted cookie before sending; the e-mail into
 * its cookie after; a failure deletes both.
 */
async function sendLink(app: WidgetApp, email: string, pending: PendingEmailCredential | null): Promise<void> {
  if (!isEmailLinkMode(app.config)) throw new AuthError('auth/internal-error', developerMessages.emailLinkNotEnabled);
  const option = getEmailOption(app.config);
  const here = app.env.href();
  const continueUrl = new URL(option?.emailLinkSignIn?.().url ?? here, here).toString();
  let anonymousUid: string | undefined;
  if (app.config.autoUpgradeAnonymousUsers) {
    const current = await app.request(app.client.getCurrentUser());
    if (current?.isAnonymous) anonymousUid = current.id;
  }
  const sessionId = generateSessionId();
  const request: EmailLinkSendRequest = {
    email,
    continueUrl,
    sessionId,
    sameDevice: option?.forceSameDevice === true,
    ...(anonymousUid && { anonymousUid }),
    ...(pending?.credential && { providerId: pending.credential.providerId }),
  };
  try {
    if (pending?.credential) app.storage.setEncryptedPendingCredential(sessionId, pending);
    await app.request(app.client.sendEmailLink(request));
    app.storage.setEmailForSignIn(sessionId, email);
  } catch (error) {
    app.storage.removeEmailForSignIn();
    app.storage.removeEncryptedPendingCredential();
    throw error;
  }
}

/**
 * From the e-mail-first tree (checklist §5.3, §5.5): the `callback` page while the link is sent,
 * then `emailLinkSignInSent`, whose Back is the caller's. Errors: admin-restricted (configured) →
 * `unauthorizedUser`; others → the e-mail page with the e-mail and the error.
 */
export async function sendSignInLink(app: WidgetApp, email: string, options: { onBack: () => void }): Promise<void> {
  app.show('callback', {});
  try {
    await sendLink(app, email, null);
  } catch (caught) {
    const error = asAuthError(caught);
    if (error.code === 'auth/admin-restricted-operation' && isAdminRestrictedConfigured(app.config)) {
      app.flows.showUnauthorizedUser(app, email, PASSWORD_PROVIDER);
      return;
    }
    app.flows.showEmailPage(app, { email, message: getErrorMessage(error) });
    return;
  }
  showEmailLinkSent(app, email, { onBack: options.onBack, pending: null });
}

/** `emailLinkSignInSent` (checklist §1.4 #14): "Trouble getting email?" and Back. */
function showEmailLinkSent(app: WidgetApp, email: string, options: { onBack: () => void; pending: PendingEmailCredential | null }): void {
  app.show('emailLinkSignInSent', {
    email,
    onTrouble: () => showEmailNotReceived(app, email, options),
    onBack: options.onBack,
  });
}

/**
 * `emailNotReceived` (checklist §1.4 #15): Resend sends a new link (deactivating the older one) →
 * the sent page; an error → the info bar. Back → the start page with the e-mail.
 */
function showEmailNotReceived(
  app: WidgetApp,
  email: string,
  options: { onBack: () => void; pending: PendingEmailCredential | null },
): void {
  app.show('emailNotReceived', {
    onResend: () =>
      void app.run(async () => {
        try {
          await sendLink(app, email, options.pending);
        } catch (error) {
          app.showInfoBar(getErrorMessage(asAuthError(error)));
          return;
        }
        showEmailLinkSent(app, email, options);
      }),
    onBack: () => app.flows.showStartPage(app, { email }),
  });
}

/**
 * `emailLinkSignInLinking` (checklist §5.8): the account signs in with e-mail links only. The
 * pending credential is taken from sessionStorage and deleted; Sign In sends a link that carries
 * it (encrypted in the cookie). Send errors: a lost connection → the info bar; others → the start
 * page with the e-mail and the error.
 */
export function showEmailLinkSignInLinking(app: WidgetApp, email: string): void {
  const pending = app.storage.getPendingEmailCredential();
  app.storage.removePendingEmailCredential();
  const credential = pending?.credential;
  if (!pending || !credential) {
    app.flows.showStartPage(app);
    return;
  }
  const providerName = resolveProviderName(credential.providerId, getProviderOption(app.config, credential.providerId));
  app.show('emailLinkSignInLinking', {
    email,
    providerName,
    onSubmit: () =>
      void app.run(async () => {
        try {
          await sendLink(app, email, pending);
        } catch (caught) {
          const error = asAuthError(caught);
          if (error.code === 'auth/network-request-failed') app.showInfoBar(getErrorMessage(error));
          else app.flows.showStartPage(app, { email, message: getErrorMessage(error) });
          return;
        }
        showEmailLinkSent(app, email, { onBack: () => app.flows.showStartPage(app, { email }), pending });
      }),
  });
}

// ---- Completion (mode=signIn) -------------------------------------------------------------

/** What a sign-in link carries (checklist §2). */
interface LinkParams {
  oobCode: string;
  sessionId: string;
  sameDevice: boolean;
  anonymousUid: string | null;
  providerId: string | null;
}

interface CompletionOptions {
  /** The e-mail typed on the confirmation page. */
  email?: string;
  /** Coming back from the confirmation page: the code was checked already. */
  skipCheck?: boolean;
}

/**
 * `mode=signIn` (checklist §5.5 completion): reads the link's parameters (before the dispatcher
 * removes them from the address bar), applies its tenant, shows the blank page and completes.
 */
export function handleEmailLinkSignIn(app: WidgetApp): void {
  const href = app.env.href();
  const params: LinkParams = {
    oobCode: getUrlParam(href, 'oobCode') ?? '',
    sessionId: getUrlParam(href, 'ui_sid') ?? '',
    sameDevice: getUrlParam(href, 'ui_sd') === '1',
    anonymousUid: getUrlParam(href, 'ui_auid'),
    providerId: getUrlParam(href, 'ui_pid'),
  };
  const tenantId = getUrlParam(href, 'tenantId');
  app.show('blank', {});
  void app.run(async () => {
    if (tenantId) await app.flows.applyTenant(app, tenantId);
    await completeEmailLink(app, params);
  });
}

async function completeEmailLink(app: WidgetApp, params: LinkParams, options: CompletionOptions = {}): Promise<void> {
  const { storage } = app;
  const newDevice = !storage.hasEmailForSignIn();
  const email = options.email ?? storage.getEmailForSignIn(params.sessionId);
  let pending = storage.getEncryptedPendingCredential(params.sessionId);
  if (pending?.credential?.providerId !== params.providerId || !params.providerId) pending = null;
  const toStart = () => app.flows.showStartPage(app);

  if (newDevice && (params.anonymousUid || params.sameDevice)) {
    app.show('differentDeviceError', { onDismiss: toStart });
    return;
  }
  let upgradeTarget: IdentityUser | null = null;
  if (params.anonymousUid) {
    let current: IdentityUser | null;
    try {
      current = await app.request(app.client.getCurrentUser());
    } catch (error) {
      app.flows.showStartPage(app, { message: getErrorMessage(asAuthError(error)) });
      return;
    }
    if (current?.isAnonymous && current.id === params.anonymousUid) upgradeTarget = current;
    else if (current?.isAnonymous) {
      app.show('anonymousUserMismatch', { onDismiss: toStart });
      return;
    } else {
      app.show('differentDeviceError', { onDismiss: toStart });
      return;
    }
  }
  if (params.providerId && !pending) {
    const providerName = resolveProviderName(params.providerId, getProviderOption(app.config, params.providerId));
    app.show('emailLinkSignInLinkingDifferentDevice', {
      providerName,
      // Sign in without linking: the same link with `ui_pid` dropped.
      onContinue: () => void app.run(() => completeEmailLink(app, { ...params, providerId: null }, options)),
    });
    return;
  }
  if (!options.skipCheck) {
    try {
      await app.request(app.client.checkEmailLink(params.oobCode));
    } catch (error) {
      app.flows.showStartPage(app, { message: getErrorMessage(asAuthError(error)) });
      return;
    }
  }
  if (!email) {
    if (params.sameDevice) app.show('differentDeviceError', { onDismiss: toStart });
    else showConfirmation(app, params);
    return;
  }
  await signInWithLink(app, params, email, pending, upgradeTarget !== null);
}

/** `emailLinkSignInConfirmation` (checklist §1.4 #16): the e-mail the link was sent to. */
function showConfirmation(app: WidgetApp, params: LinkParams, options: { email?: string; message?: string } = {}): void {
  app.show(
    'emailLinkSignInConfirmation',
    {
      ...(options.email && { email: options.email }),
      onSubmit: (email) => void app.run(() => completeEmailLink(app, params, { email, skipCheck: true })),
      onCancel: () => app.flows.showStartPage(app),
    },
    { infoBar: options.message ?? null },
  );
}

/**
 * The sign-in itself (checklist §5.5 steps 8–10): "Signing in..."; the server upgrades a
 * signed-in guest (or answers a merge conflict); a pending credential is linked after; then
 * "Signed in!" for 1 s and completion with the linked credential (or null).
 */
async function signInWithLink(
  app: WidgetApp,
  params: LinkParams,
  email: string,
  pending: PendingEmailCredential | null,
  upgrading: boolean,
): Promise<void> {
  const clearCookies = () => {
    app.storage.removeEmailForSignIn();
    app.storage.removeEncryptedPendingCredential();
  };
  app.showDialog({ icon: 'spinner', text: strings.dialogSigningIn });
  let user: IdentityUser | typeof MERGE_CONFLICT_HANDLED;
  try {
    if (upgrading) {
      // The link carries the guest to upgrade: a conflict is always the merge conflict of §5.9.
      try {
        user = await app.request(app.client.signInWithEmailLink(params.oobCode, email));
      } catch (error) {
        if (!isMergeConflict(error)) throw error;
        clearCookies();
        app.hideDialog();
        await handleMergeConflict(app, error, EMAIL_LINK_RESULT_PROVIDER);
        return;
      }
    } else {
      user = await signInOrMerge(app, EMAIL_LINK_RESULT_PROVIDER, () => app.client.signInWithEmailLink(params.oobCode, email), {
        oneTime: true,
      });
      if (user === MERGE_CONFLICT_HANDLED) {
        clearCookies();
        return;
      }
    }
    const credential = pending?.credential ?? null;
    if (credential) user = await app.request(app.client.linkPendingCredential(credential));
    clearCookies();
    app.showDialog({ icon: 'check', text: strings.dialogSignedIn });
    await app.delay(SIGNED_IN_DIALOG_MS);
    await completeOrShowError(app, authResult(user, credential?.providerId ?? EMAIL_LINK_RESULT_PROVIDER, { credential }));
  } catch (caught) {
    app.hideDialog();
    const error = asAuthError(caught);
    if (error.code === 'auth/invalid-email') {
      showConfirmation(app, params, { email, message: strings.emailMismatchSession });
      return;
    }
    if (error.code === 'auth/admin-restricted-operation' && isAdminRestrictedConfigured(app.config)) {
      app.flows.showUnauthorizedUser(app, email, PASSWORD_PROVIDER);
      return;
    }
    app.flows.showStartPage(app, { email, message: getErrorMessage(error) });
  }
}
