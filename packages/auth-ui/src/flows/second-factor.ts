import type { SecondFactorChoice, SecondFactorRequired } from '../errors';
import { asAuthError } from '../errors';
import { getErrorMessage } from '../strings';
import type { WidgetApp } from '../widget/app';
import { authResult, completeOrShowError } from './complete';

/**
 * The second step of a sign-in (the server answered `auth/multi-factor-auth-required`): the
 * `multiFactorSignIn` page for the first factor (a phone factor is texted its code first), then
 * the code finishes the sign-in and completes as the first step would have. A wrong code shows
 * under the field; a lapsed sign-in (`auth/code-expired`) goes back to the start page with the
 * message in the info bar.
 */
export async function showSecondFactorSignIn(app: WidgetApp, error: SecondFactorRequired, providerId: string | null): Promise<void> {
  await showFactor(app, error.details, error.details.factors[0]!, providerId);
}

async function showFactor(
  app: WidgetApp,
  pending: SecondFactorRequired['details'],
  factor: SecondFactorChoice,
  providerId: string | null,
): Promise<void> {
  const { mfaPendingCredential, factors } = pending;
  let verificationId: string | null = null;
  if (factor.factorId === 'phone') {
    try {
      ({ verificationId } = await app.request(app.client.sendPhoneFactorCode(mfaPendingCredential, factor.uid)));
    } catch (caught) {
      app.showInfoBar(getErrorMessage(asAuthError(caught)));
      return;
    }
  }
  app.show('multiFactorSignIn', {
    factor,
    otherFactors: factors.filter((f) => f.uid !== factor.uid),
    onSelect: (other) => void app.run(() => showFactor(app, pending, other, providerId)),
    onCancel: () => app.flows.showStartPage(app),
    onSubmit: (code) =>
      void app.run(async () => {
        try {
          const user = await app.request(
            verificationId === null
              ? app.client.signInWithTotpFactor(mfaPendingCredential, factor.uid, code)
              : app.client.signInWithPhoneFactor(mfaPendingCredential, verificationId, code),
          );
          await completeOrShowError(app, authResult(user, providerId));
        } catch (caught) {
          const error = asAuthError(caught);
          const message = getErrorMessage(error);
          if (error.code === 'auth/invalid-verification-code' || error.code === 'auth/missing-verification-code') {
            app.setFieldErrors({ code: message }, 'code');
          } else if (error.code === 'auth/code-expired') {
            app.flows.showStartPage(app, { message });
          } else app.showInfoBar(message);
        }
      }),
  });
}
