import {
  emailLinkCheckRequestSchema,
  emailLinkCheckResponseSchema,
  emailLinkSendRequestSchema,
  emailLinkSignInRequestSchema,
  okResponseSchema,
} from '@trailbuddy/shared/contracts/identity-email';
import { checkEmailLink, sendEmailLink, signInWithEmailLink } from '../../identity/email-link.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { emailContext } from './email.js';
import { identityTags as tags, limitPerClient, requestTenant, respondSignedIn, signedInResponse } from './kit.js';

const failures = { 400: errors[400], 403: errors[403], 409: errors[409], 429: errors[400] };

/**
 * E-mail link sign-in (checklist §5.5): send a one-time link carrying the widget's parameters,
 * read the e-mail it was sent to, and sign in with it. Which device opened the link is the
 * widget's decision (its cookies); the server round-trips `ui_sid`, `ui_sd`, `ui_auid`, `ui_pid`.
 */
export const emailLinkRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);

  r.post(
    '/api/identity/email-link/send',
    {
      schema: {
        tags,
        summary: 'Mail a one-time sign-in link (/auth?mode=signIn&oobCode=…&ui_sid=…&ui_sd=…); replaces the last one sent',
        body: emailLinkSendRequestSchema,
        response: { 200: okResponseSchema, ...failures },
      },
    },
    async (req) => {
      const tenant = requestTenant(deps, req.body.tenantId, 'emailLink');
      await limitPerClient(req, deps, 'email-link-send');
      await sendEmailLink(await emailContext(req, deps, tenant), req.body);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/identity/email-link/check',
    {
      schema: {
        tags,
        summary: 'The e-mail a sign-in link was sent to, without using the link',
        body: emailLinkCheckRequestSchema,
        response: { 200: emailLinkCheckResponseSchema, 400: errors[400], 429: errors[400] },
      },
    },
    async (req) => {
      await limitPerClient(req, deps, 'email-link-check');
      const { email, tenantId } = await checkEmailLink(deps.db, req.body.oobCode, deps.now());
      // The link's tenant, for the widget to apply (absent: the default accounts).
      return { email, ...(tenantId && { tenantId }) };
    },
  );

  r.post(
    '/api/identity/email-link/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with a sign-in link and the e-mail it was sent to (creates the account if new; upgrades a signed-in guest)',
        body: emailLinkSignInRequestSchema,
        response: { 200: signedInResponse, ...failures },
      },
    },
    async (req, reply) => {
      const tenant = requestTenant(deps, req.body.tenantId, 'emailLink');
      await limitPerClient(req, deps, 'email-link-sign-in');
      const userId = await signInWithEmailLink(await emailContext(req, deps, tenant), req.body);
      return respondSignedIn(req, reply, deps, userId);
    },
  );
};
