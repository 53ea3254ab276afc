import { changeEmailBodySchema, changeEmailResponseSchema } from '@trailbuddy/shared/contracts/identity-actions';
import { assertRecentAuthentication } from '../../identity/actions.js';
import { requestEmailChange } from '../../identity/email-change.js';
import { identityError } from '../../identity/errors.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { actionContext, signedInSession } from './actions.js';
import { identityTags as tags, limitPerClient } from './kit.js';

/**
 * Change of e-mail (Firebase's verifyBeforeUpdateEmail): the new address gets a
 * verifyAndChangeEmail link; applying it (POST /api/identity/action-codes/apply) moves the
 * account and mails the old address a recoverEmail link.
 */
export const emailChangeRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);

  r.post(
    '/api/identity/email/change',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Mail the new address a link that changes the account e-mail to it',
        description:
          'Needs a session signed in within IDENTITY_RECENT_LOGIN_MIN minutes, or the current password ' +
          '(requires-recent-login / wrong-password). email-already-in-use when another account has the address ' +
          '(with e-mail enumeration protection on, the answer is the same as a success and nothing is sent).',
        body: changeEmailBodySchema,
        response: {
          200: changeEmailResponseSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          409: errors[409],
          429: errors[400],
        },
      },
    },
    async (req) => {
      const { user, sessionCreatedAt } = await signedInSession(req, deps);
      await limitPerClient(req, deps, 'email-change');
      if (user.isAnonymous) {
        throw identityError('operation-not-allowed', { message: 'A guest account has no e-mail to change: sign up with one instead.' });
      }
      const ctx = actionContext(req, deps);
      await assertRecentAuthentication(ctx, { userId: user.id, sessionCreatedAt, password: req.body.password });
      await requestEmailChange(
        {
          db: deps.db,
          appUrl: deps.identity.appUrl,
          settings: deps.identity.actions,
          mailsPerEmail: deps.identity.email.mailsPerEmail,
          enumerationProtection: deps.identity.email.enumerationProtection,
          now: ctx.now,
        },
        user,
        req.body.newEmail,
      );
      return { newEmail: req.body.newEmail.trim().toLowerCase(), sent: true as const };
    },
  );
};
