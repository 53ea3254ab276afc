import { fromNodeHeaders } from 'better-auth/node';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SETTINGS_MESSAGES,
  accountExportSchema,
  confirmsDeletion,
  deleteAccountSchema,
} from '@trailbuddy/shared/contracts/account';
import { deleteAccount } from '../../account/delete-account.js';
import { exportAccount } from '../../account/export.js';
import { accounts } from '../../db/schema/index.js';
import { invalidField } from '../../errors.js';
import { assertRecentAuthentication } from '../../auth/account-actions/actions.js';
import { enforceRateLimit } from '../../auth/attempt-limits.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { actionContext, signedInSession } from './action-context.js';

const tags = ['account'];

/** Downloads per person and hour: the archive reads everything the person has, so it is not free. */
const EXPORTS_PER_HOUR = 5;

/**
 * "Your account, your data" (ADR 0034): the person's own archive and the deletion of their
 * account. Changing the password or the e-mail and signing out everywhere are Better Auth's and
 * the identity API's endpoints, which the settings view calls as they are.
 */
export const accountRoutes: RouteModule = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/account/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Download my data: one JSON document (an attachment) of my profile, matches, messages, feedback, notifications',
        description: `Partners appear by first name only. At most ${EXPORTS_PER_HOUR} a person an hour (429 too-many-requests).`,
        response: { 200: accountExportSchema, 401: errors[401], 429: errors[400] },
      },
    },
    async (req, reply) => {
      const { user } = await signedInSession(req, deps);
      const now = deps.now();
      await enforceRateLimit(deps.db, `account-export:${user.id}`, { max: EXPORTS_PER_HOUR, windowMs: 60 * 60_000 }, { now });
      const archive = await deps.db.transaction(async (tx) => exportAccount(tx, user.id, now), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      const day = now.toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="trailbuddy-data-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return archive;
    },
  );

  r.post(
    '/api/account/delete',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete my account: profile, photos, messages and contact erased; open plans cancelled; past hikes kept anonymised',
        description:
          'The confirmation is the account e-mail or DELETE. An account with a password needs it (wrong-password); ' +
          'one without needs a session signed in within IDENTITY_RECENT_LOGIN_MIN minutes (requires-recent-login). ' +
          'Ends every session, this one included.',
        body: deleteAccountSchema,
        response: { 204: z.null(), 400: errors[400], 401: errors[401], 403: errors[403], 429: errors[400] },
      },
    },
    async (req, reply) => {
      const { user, sessionCreatedAt } = await signedInSession(req, deps);
      const { confirmation, password } = req.body;
      if (!confirmsDeletion(confirmation, user.email)) throw invalidField('confirmation', ACCOUNT_SETTINGS_MESSAGES.confirmationWrong);
      const [credential] = await deps.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
      if (credential && password === undefined) throw invalidField('password', ACCOUNT_MESSAGES.passwordMissing);
      await assertRecentAuthentication(actionContext(req, deps), { userId: user.id, sessionCreatedAt, password });
      // The session goes with the account; ask Better Auth for the headers that clear its cookies.
      const signOut = await req.server.auth.api.signOut({ headers: fromNodeHeaders(req.headers), returnHeaders: true });
      await deleteAccount(deps.db, user.id, deps.now());
      const cookies = signOut.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );
};
