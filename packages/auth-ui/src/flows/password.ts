import type { IdentityUser } from '../client/types';
import { isAdminRestrictedConfigured, requireDisplayName } from '../config/config';
import { PASSWORD_PROVIDER } from '../config/types';
import { asAuthError, isMergeConflict } from '../errors';
import { getErrorMessage, strings } from '../strings';
import type { WidgetApp } from '../widget/app';
import { authResult, completeOrShowError, handleMergeConflict, MERGE_CONFLICT_HANDLED, signInOrMerge } from './complete';

/**
 * `passwordSignIn` (checklist §1.2, §5.4). `offerSignUp`: the e-mail step could not tell whether
 * the address has an account (enumeration protection, ADR 0053), so the page also offers
 * "Create account", which opens the sign-up page with the typed address.
 */
export function showPasswordSignIn(app: WidgetApp, email: string, options: { fullTos?: boolean; offerSignUp?: boolean } = {}): void {
  const fullTos = options.fullTos ?? false;
  app.show('passwordSignIn', {
    email,
    fullTos,
    onSubmit: (typedEmail, password) => void submitPasswordSignIn(app, typedEmail, password),
    onForgotPassword: (typedEmail) => app.flows.showPasswordRecovery(app, typedEmail),
    ...(options.offerSignUp && { onCreateAccount: (typedEmail: string) => app.flows.showPasswordSignUp(app, typedEmail, { fullTos }) }),
  });
}

/**
 * Password sign-in (checklist §5.4): success completes with a null credential; a wrong password
 * or too many attempts show inline under the password, `email-exists` under the e-mail; a merge
 * conflict shows nothing (signInFailure has it); anything else goes to the info bar.
 */
export async function submitPasswordSignIn(app: WidgetApp, email: string, password: string): Promise<void> {
  await app.run(async () => {
    let user: IdentityUser | typeof MERGE_CONFLICT_HANDLED;
    try {
      user = await signInOrMerge(app, PASSWORD_PROVIDER, () => app.client.signInWithPassword(email, password));
    } catch (caught) {
      const error = asAuthError(caught);
      const message = getErrorMessage(error);
      // Under enumeration protection an unknown address and a wrong password are one answer (ADR 0053).
      if (
        error.code === 'auth/wrong-password' ||
        error.code === 'auth/invalid-login-credentials' ||
        error.code === 'auth/too-many-requests'
      )
        app.setFieldErrors({ password: message }, 'password');
      else if (error.code === 'auth/email-exists') app.setFieldErrors({ email: message }, 'email');
      else if (error.code !== 'auth/email-already-in-use') app.showInfoBar(message);
      return;
    }
    if (user === MERGE_CONFLICT_HANDLED) return;
    await completeOrShowError(app, authResult(user, PASSWORD_PROVIDER));
  });
}

/** `passwordSignUp` (checklist §1.2): the name field when required; Cancel → start page. */
export function showPasswordSignUp(app: WidgetApp, email: string, options: { fullTos?: boolean; name?: string } = {}): void {
  app.show('passwordSignUp', {
    email,
    ...(options.name !== undefined && { name: options.name }),
    requireDisplayName: requireDisplayName(app.config),
    fullTos: options.fullTos ?? false,
    showCancel: true,
    onSubmit: (values) => void submitPasswordSignUp(app, values),
    onCancel: () => app.flows.showStartPage(app),
  });
}

/**
 * Password sign-up (checklist §5.4, §5.9): create the account (the server upgrades a signed-in
 * guest in place, same id), then complete. The display name is sent as typed (trimmed): React
 * escapes on output, so FirebaseUI's HTML-escaping before storage (§11.4) is not repeated.
 */
export async function submitPasswordSignUp(app: WidgetApp, values: { email: string; name?: string; password: string }): Promise<void> {
  await app.run(async () => {
    const { email, password } = values;
    const displayName = requireDisplayName(app.config) ? values.name?.trim() : undefined;
    let guestId: string | null = null;
    try {
      if (app.config.autoUpgradeAnonymousUsers) {
        // FirebaseUI waits for the first auth state: the guest to upgrade, if any.
        const current = await app.request(app.client.getCurrentUser());
        guestId = current?.isAnonymous ? current.id : null;
      }
      const user = await app.request(app.client.signUpWithPassword({ email, password, ...(displayName && { displayName }) }));
      const upgraded = guestId !== null && user.id === guestId;
      await completeOrShowError(app, authResult(user, PASSWORD_PROVIDER, { isNewUser: true, operationType: upgraded ? 'link' : 'signIn' }));
    } catch (caught) {
      await handleSignUpError(app, email, caught);
    }
  });
}

async function handleSignUpError(app: WidgetApp, email: string, caught: unknown): Promise<void> {
  if (isMergeConflict(caught) && app.config.autoUpgradeAnonymousUsers) {
    await handleMergeConflict(app, caught, PASSWORD_PROVIDER);
    return;
  }
  const error = asAuthError(caught);
  switch (error.code) {
    case 'auth/email-already-in-use': {
      const alreadyUsed = getErrorMessage(error);
      // With enumeration protection the methods are always [] and prove nothing.
      if (app.config.server?.enumerationProtection) {
        app.setFieldErrors({ email: alreadyUsed }, 'email');
        return;
      }
      let methods: string[] | undefined;
      try {
        methods = await app.request(app.client.fetchSignInMethods(email));
      } catch {
        methods = undefined;
      }
      if (methods && methods.length === 0) app.flows.showPasswordRecovery(app, email, { message: strings.emailExistsWithoutMeans });
      else app.setFieldErrors({ email: alreadyUsed }, 'email');
      return;
    }
    case 'auth/too-many-requests':
      app.setFieldErrors({ password: strings.signUpTooManyRequests }, 'password');
      return;
    case 'auth/weak-password':
    case 'auth/operation-not-allowed':
      app.setFieldErrors({ password: getErrorMessage(error) }, 'password');
      return;
    case 'auth/admin-restricted-operation':
      if (isAdminRestrictedConfigured(app.config)) {
        app.flows.showUnauthorizedUser(app, email, PASSWORD_PROVIDER);
        return;
      }
      app.showInfoBar(getErrorMessage(error));
      return;
    default:
      console.error(`createUserWithEmailAndPassword: ${error.code}`);
      app.showInfoBar(getErrorMessage(error));
  }
}

/** `passwordRecovery` (checklist §1.2, §5.4): Cancel → start page; may open with an info-bar message. */
export function showPasswordRecovery(app: WidgetApp, email: string, options: { message?: string } = {}): void {
  app.show(
    'passwordRecovery',
    {
      email,
      showCancel: true,
      onSubmit: (typedEmail) => void submitPasswordRecovery(app, typedEmail),
      onCancel: () => app.flows.showStartPage(app),
    },
    { infoBar: options.message ?? null },
  );
}

/** Sends the reset mail → the sent notice (Done → start page); an error shows under the e-mail. */
export async function submitPasswordRecovery(app: WidgetApp, email: string): Promise<void> {
  await app.run(async () => {
    try {
      await app.request(app.client.sendPasswordRecovery(email));
    } catch (error) {
      app.setFieldErrors({ email: getErrorMessage(asAuthError(error)) }, 'email');
      return;
    }
    app.show('passwordRecoveryEmailSent', { email, onDone: () => app.flows.showStartPage(app) });
  });
}

/**
 * `passwordLinking` (checklist §5.8): the account already has a password; signing in with it links
 * the pending credential. The pending credential leaves storage as soon as the page shows; without
 * one the page is skipped.
 */
export function showPasswordLinking(app: WidgetApp, email: string): void {
  const pending = app.storage.getPendingEmailCredential();
  app.storage.removePendingEmailCredential();
  const credential = pending?.credential;
  if (!credential) {
    app.flows.showStartPage(app);
    return;
  }
  app.show('passwordLinking', {
    email,
    onSubmit: (password) =>
      void app.run(async () => {
        try {
          const signedIn = await signInOrMerge(app, PASSWORD_PROVIDER, () => app.client.signInWithPassword(email, password));
          if (signedIn === MERGE_CONFLICT_HANDLED) return;
          const user = await app.request(app.client.linkPendingCredential(credential));
          await completeOrShowError(app, authResult(user, credential.providerId, { credential }));
        } catch (caught) {
          const error = asAuthError(caught);
          if (error.code === 'auth/wrong-password') app.setFieldErrors({ password: getErrorMessage(error) }, 'password');
          else app.showInfoBar(getErrorMessage(error));
        }
      }),
    onForgotPassword: () => app.flows.showPasswordRecovery(app, email),
  });
}
