import { asAuthError } from '../errors';
import { getErrorMessage, strings } from '../strings';
import type { WidgetApp } from '../widget/app';
import { redirectFromUrl, sanitizeUrl } from '../widget/url';

/** The link parameters of an account-action mode (checklist §2). */
export interface ActionParams {
  oobCode: string | null;
  /** Only resetPassword, verifyEmail and verifyAndChangeEmail read it. */
  continueUrl: string | null;
}

/**
 * "Continue" navigates the current window to the continue URL when the redirect rule allows it
 * (ADR 0053), otherwise to the configured default page; no continue URL → no button.
 */
function continueAction(app: WidgetApp, continueUrl: string | null): { onContinue?: () => void } {
  if (!continueUrl) return {};
  const target = redirectFromUrl(app, continueUrl) ?? sanitizeUrl(app.config.signInSuccessUrl ?? '/');
  return { onContinue: () => app.env.assign(target) };
}

/** Without a code the action fails (checklist §2: oobCode is required for every action mode). */
function requireCode(oobCode: string | null): string {
  if (!oobCode) throw new Error('oobCode is required.');
  return oobCode;
}

/**
 * resetPassword (checklist §5.12): check the code → `passwordReset` for its e-mail; Save → confirm
 * → `passwordResetSuccess` (Continue with a continue URL). A weak password shows inline with focus;
 * any other failure, at either step, shows `passwordResetFailure`.
 */
export async function handlePasswordReset(app: WidgetApp, params: ActionParams): Promise<void> {
  await app.run(async () => {
    let email: string;
    let oobCode: string;
    try {
      oobCode = requireCode(params.oobCode);
      email = (await app.request(app.client.checkActionCode(oobCode, 'resetPassword'))).email;
    } catch {
      app.show('passwordResetFailure', {});
      return;
    }
    app.show('passwordReset', {
      email,
      onSubmit: (newPassword) =>
        void app.run(async () => {
          try {
            await app.request(app.client.confirmPasswordReset(oobCode, newPassword));
          } catch (caught) {
            const error = asAuthError(caught);
            if (error.code === 'auth/weak-password') app.setFieldErrors({ newPassword: getErrorMessage(error) }, 'newPassword');
            else app.show('passwordResetFailure', {});
            return;
          }
          app.show('passwordResetSuccess', continueAction(app, params.continueUrl));
        }),
    });
  });
}

/** The "change your password right away" link: mail a reset → the sent notice without Done. */
function sendResetFor(app: WidgetApp, email: string): () => void {
  return () =>
    void app.run(async () => {
      try {
        await app.request(app.client.sendPasswordRecovery(email));
      } catch {
        app.showInfoBar(strings.unableToSendResetCode);
        return;
      }
      app.show('passwordRecoveryEmailSent', { email });
    });
}

/**
 * recoverEmail (checklist §5.12): check the code (the restored e-mail), apply it →
 * `emailChangeRevoke`, which offers a password reset; any failure → `emailChangeRevokeFailure`.
 * The continue URL is ignored here, as upstream.
 */
export async function handleEmailChangeRevocation(app: WidgetApp, params: ActionParams): Promise<void> {
  await app.run(async () => {
    let email: string;
    try {
      const oobCode = requireCode(params.oobCode);
      email = (await app.request(app.client.checkActionCode(oobCode, 'recoverEmail'))).email;
      await app.request(app.client.applyActionCode(oobCode));
    } catch {
      app.show('emailChangeRevokeFailure', {});
      return;
    }
    app.show('emailChangeRevoke', { email, onResetPassword: sendResetFor(app, email) });
  });
}

/** verifyEmail (checklist §5.12): apply the code → success (Continue with a continue URL) or failure. */
export async function handleEmailVerification(app: WidgetApp, params: ActionParams): Promise<void> {
  await app.run(async () => {
    try {
      await app.request(app.client.applyActionCode(requireCode(params.oobCode)));
    } catch {
      app.show('emailVerificationFailure', {});
      return;
    }
    app.show('emailVerificationSuccess', continueAction(app, params.continueUrl));
  });
}

/** verifyAndChangeEmail (checklist §5.12): check (the new e-mail), apply → success or failure. */
export async function handleVerifyAndChangeEmail(app: WidgetApp, params: ActionParams): Promise<void> {
  await app.run(async () => {
    let email: string;
    try {
      const oobCode = requireCode(params.oobCode);
      email = (await app.request(app.client.checkActionCode(oobCode, 'verifyAndChangeEmail'))).email;
      await app.request(app.client.applyActionCode(oobCode));
    } catch {
      app.show('verifyAndChangeEmailFailure', {});
      return;
    }
    app.show('verifyAndChangeEmailSuccess', { email, ...continueAction(app, params.continueUrl) });
  });
}

/**
 * revertSecondFactorAddition (checklist §5.12): check (e-mail and factor), apply → success, which
 * offers a password reset; failure → the failure page. No Continue, as upstream.
 */
export async function handleRevertSecondFactorAddition(app: WidgetApp, params: ActionParams): Promise<void> {
  await app.run(async () => {
    let info;
    try {
      const oobCode = requireCode(params.oobCode);
      info = await app.request(app.client.checkActionCode(oobCode, 'revertSecondFactorAddition'));
      await app.request(app.client.applyActionCode(oobCode));
    } catch {
      app.show('revertSecondFactorAdditionFailure', {});
      return;
    }
    const factor = info.multiFactorInfo;
    app.show('revertSecondFactorAdditionSuccess', {
      factorId: factor?.factorId ?? '',
      ...(factor?.phoneNumber && { phoneNumber: factor.phoneNumber }),
      onChangePassword: sendResetFor(app, info.email),
    });
  });
}
