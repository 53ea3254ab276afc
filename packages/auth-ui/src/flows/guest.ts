import { ANONYMOUS_PROVIDER } from '../config/types';
import { asAuthError } from '../errors';
import { getErrorMessage } from '../strings';
import type { WidgetApp } from '../widget/app';
import { authResult, completeOrShowError } from './complete';

/**
 * "Continue as guest" (checklist §5.2): sign in anonymously (the server keeps an existing guest),
 * then complete as already signed in. Errors go to the info bar.
 */
export async function signInAsGuest(app: WidgetApp): Promise<void> {
  await app.run(async () => {
    try {
      const user = await app.request(app.client.signInAnonymously());
      await completeOrShowError(app, authResult(user, ANONYMOUS_PROVIDER));
    } catch (caught) {
      const error = asAuthError(caught);
      console.error(`ContinueAsGuest: ${error.code}`);
      app.showInfoBar(getErrorMessage(error));
    }
  });
}
