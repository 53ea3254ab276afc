import {
  actionCodeInfoSchema,
  applyActionCodeBodySchema,
  checkActionCodeBodySchema,
  resetPasswordBodySchema,
} from '@trailbuddy/shared/contracts/identity-actions';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../errors.js';
import { applyActionCode, checkActionCode, resetPassword, type ActionContext } from '../../identity/actions.js';
import { tenantOfUser } from '../../identity/users.js';
import { errors } from '../schemas.js';
import { typed, type RouteDeps, type RouteModule } from '../types.js';
import { identityTags as tags, limitPerClient } from './kit.js';

const failures = { 400: errors[400], 403: errors[403], 409: errors[409], 429: errors[400] };

export const actionContext = (req: FastifyRequest, deps: RouteDeps): ActionContext => ({
  db: deps.db,
  auth: req.server.auth,
  appUrl: deps.identity.appUrl,
  settings: deps.identity.actions,
  now: deps.now(),
});

/**
 * The signed-in user with the age of the session (for requires-recent-login), or a 401. The
 * session lookup is Better Auth's own, the same one `requireUser` makes. `email` is the address
 * mail goes to: a tenant account's real one (ADR 0009), not its `users.email` placeholder.
 */
export async function signedInSession(req: FastifyRequest, deps: RouteDeps) {
  const found = await req.server.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!found) throw unauthenticated();
  const { user, session } = found;
  const tenant = await tenantOfUser(deps.db, user.id);
  return {
    user: {
      id: user.id,
      email: tenant?.contactEmail ?? user.email,
      tenantId: tenant?.tenantId ?? null,
      name: user.name,
      emailVerified: user.emailVerified,
      isAnonymous: user.isAnonymous === true,
    },
    sessionCreatedAt: new Date(session.createdAt),
  };
}

/**
 * Account actions by out-of-band code (checklist §1.7, §5.12): the `/auth?mode=…&oobCode=…`
 * page checks a code, applies it, or sets a new password with it. Codes of the modal's mails
 * (Better Auth's) are accepted beside the identity API's own.
 */
export const actionRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);

  r.post(
    '/api/identity/action-codes/check',
    {
      schema: {
        tags,
        summary: 'What an action code does and for which account (checkActionCode / verifyPasswordResetCode); the code stays usable',
        body: checkActionCodeBodySchema,
        response: { 200: actionCodeInfoSchema, ...failures },
      },
    },
    async (req) => {
      await limitPerClient(req, deps, 'action-code-check');
      return checkActionCode(actionContext(req, deps), req.body.oobCode, req.body.mode);
    },
  );

  r.post(
    '/api/identity/action-codes/apply',
    {
      schema: {
        tags,
        summary: 'Apply a verifyEmail, verifyAndChangeEmail, recoverEmail or revertSecondFactorAddition code (single use)',
        description:
          'recoverEmail answers the restored e-mail (offer POST /api/identity/password/recover for it); recoverEmail and ' +
          'revertSecondFactorAddition end every session of the account.',
        body: applyActionCodeBodySchema,
        response: { 200: actionCodeInfoSchema, ...failures },
      },
    },
    async (req) => {
      await limitPerClient(req, deps, 'action-code-apply');
      return applyActionCode(actionContext(req, deps), req.body.oobCode);
    },
  );

  r.post(
    '/api/identity/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a resetPassword code (confirmPasswordReset); ends every session',
        body: resetPasswordBodySchema,
        response: { 200: actionCodeInfoSchema, ...failures },
      },
    },
    async (req) => {
      await limitPerClient(req, deps, 'action-password-reset');
      return resetPassword(actionContext(req, deps), req.body.oobCode, req.body.newPassword);
    },
  );
};
