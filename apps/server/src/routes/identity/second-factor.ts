import {
  secondFactorResponseSchema,
  secondFactorsResponseSchema,
  enrollFinishBodySchema,
  mfaPhoneSignInFinishBodySchema,
  mfaPhoneSignInStartBodySchema,
  mfaPhoneSignInStartResponseSchema,
  mfaTotpSignInBodySchema,
  phoneStartBodySchema,
  phoneStartResponseSchema,
  totpStartBodySchema,
  totpStartResponseSchema,
  unenrollBodySchema,
} from '@trailbuddy/shared/contracts/identity-actions';
import type { FastifyRequest } from 'fastify';
import { assertRecentAuthentication } from '../../identity/actions.js';
import { verifyCaptcha } from '../../identity/captcha.js';
import { identityError } from '../../identity/errors.js';
import { normalizePhoneNumber } from '../../identity/phone.js';
import {
  finishPhoneEnrollment,
  finishTotpEnrollment,
  listSecondFactors,
  startPhoneEnrollment,
  startTotpEnrollment,
  unenrollSecondFactor,
  type SecondFactorContext,
} from '../../identity/second-factor.js';
import {
  finishPhoneFactorSignIn,
  signInWithTotp,
  startPhoneFactorSignIn,
  type SecondFactorSignInContext,
} from '../../identity/second-factor-sign-in.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { actionContext, signedInSession } from './actions.js';
import { identityTags as tags, limitPerClient, respondSignedIn, signedInResponse } from './kit.js';

const failures = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 429: errors[400] };
const recentLogin = 'Needs a session signed in within IDENTITY_RECENT_LOGIN_MIN minutes, or the current password.';
const revertMail = 'Enrolling mails the account a revertSecondFactorAddition link.';

/**
 * Second factors of the signed-in account: TOTP apps and SMS numbers. Each enrollment mails a
 * revertSecondFactorAddition link (applied through POST /api/identity/action-codes/apply).
 */
export const secondFactorRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/identity/mfa',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The enrolled second factors of the signed-in account',
        response: { 200: secondFactorsResponseSchema, 401: errors[401] },
      },
    },
    async (req) => {
      const { user } = await signedInSession(req, deps);
      return { factors: await listSecondFactors(deps.db, user.id) };
    },
  );

  /**
   * The signed-in owner and the service context. Starting an enrollment and removing a factor
   * also need a recent sign-in (or the password); finishing is bound to the started enrollment.
   */
  async function owner(req: FastifyRequest, bucket: string, reauth?: { password?: string }) {
    const { user, sessionCreatedAt } = await signedInSession(req, deps);
    await limitPerClient(req, deps, bucket);
    const ctx: SecondFactorContext = actionContext(req, deps);
    if (reauth) await assertRecentAuthentication(ctx, { userId: user.id, sessionCreatedAt, password: reauth.password });
    return { user, ctx };
  }

  r.post(
    '/api/identity/mfa/totp/start',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Start enrolling an authenticator app: a new secret and its otpauth:// URI',
        description: `${recentLogin} The account needs a verified e-mail (unverified-email).`,
        body: totpStartBodySchema,
        response: { 200: totpStartResponseSchema, ...failures },
      },
    },
    async (req) => {
      const { user, ctx } = await owner(req, 'mfa-totp-start', { password: req.body.password });
      return startTotpEnrollment(ctx, user);
    },
  );

  r.post(
    '/api/identity/mfa/totp/finish',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Finish enrolling an authenticator app with its current 6-digit code',
        description: `invalid-verification-code for a wrong code, code-expired when the enrollment lapsed. ${revertMail}`,
        body: enrollFinishBodySchema,
        response: { 200: secondFactorResponseSchema, ...failures },
      },
    },
    async (req) => {
      const { user, ctx } = await owner(req, 'mfa-totp-finish');
      return { factor: await finishTotpEnrollment(ctx, user, req.body) };
    },
  );

  r.post(
    '/api/identity/mfa/phone/start',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Start enrolling a phone number: a 6-digit code by SMS',
        description:
          `${recentLogin} The account needs a verified e-mail and, as phone sign-in, a solved captcha (captcha-check-failed). ` +
          'Limited per number ("This phone number has been used too many times").',
        body: phoneStartBodySchema,
        response: { 200: phoneStartResponseSchema, ...failures },
      },
    },
    async (req) => {
      if (!deps.identity.phone.enabled) {
        throw identityError('operation-not-allowed', { message: 'SMS second factors are not enabled: no SMS transport is configured.' });
      }
      const { user, ctx } = await owner(req, 'mfa-phone-start', { password: req.body.password });
      // A mistyped number must not spend the solved captcha: check it first, as phone sign-in does.
      normalizePhoneNumber(req.body.phoneNumber);
      await verifyCaptcha(deps.db, deps.identity.captcha, { token: req.body.captcha, now: ctx.now, remoteIp: req.ip });
      return startPhoneEnrollment(ctx, user, req.body);
    },
  );

  r.post(
    '/api/identity/mfa/phone/finish',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Finish enrolling a phone number with the code it received',
        description: `invalid-verification-code for a wrong code, code-expired when the enrollment lapsed. ${revertMail}`,
        body: enrollFinishBodySchema,
        response: { 200: secondFactorResponseSchema, ...failures },
      },
    },
    async (req) => {
      const { user, ctx } = await owner(req, 'mfa-phone-finish');
      return { factor: await finishPhoneEnrollment(ctx, user, req.body) };
    },
  );

  r.post(
    '/api/identity/mfa/unenroll',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Remove one of the account second factors',
        description: recentLogin,
        body: unenrollBodySchema,
        response: { 200: secondFactorsResponseSchema, ...failures },
      },
    },
    async (req) => {
      const { user } = await owner(req, 'mfa-unenroll', { password: req.body.password });
      await unenrollSecondFactor(deps.db, user.id, req.body.uid);
      return { factors: await listSecondFactors(deps.db, user.id) };
    },
  );

  /** The second step of a sign-in that answered multi-factor-auth-required: not signed in yet. */
  async function signInStep(req: FastifyRequest, bucket: string): Promise<SecondFactorSignInContext> {
    await limitPerClient(req, deps, bucket);
    const factors: SecondFactorContext = actionContext(req, deps);
    return {
      factors,
      phone: { db: deps.db, settings: deps.identity.phone, now: factors.now },
      secret: deps.identity.tokenSecret,
      attemptsPerUser: deps.identity.actions.enrollAttemptsPerUser,
    };
  }
  const signInFailures = { 400: errors[400], 403: errors[403], 404: errors[404], 429: errors[400] };
  const pendingHelp = 'mfaPendingCredential comes from the multi-factor-auth-required answer of any sign-in; code-expired when it lapsed.';

  r.post(
    '/api/identity/mfa/sign-in/totp',
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with the current code of an enrolled authenticator app',
        description: `${pendingHelp} invalid-verification-code for a wrong code.`,
        body: mfaTotpSignInBodySchema,
        response: { 200: signedInResponse, ...signInFailures },
      },
    },
    async (req, reply) => {
      const userId = await signInWithTotp(await signInStep(req, 'mfa-sign-in'), req.body);
      return respondSignedIn(req, reply, deps, userId, { secondFactorVerified: true });
    },
  );

  r.post(
    '/api/identity/mfa/sign-in/phone/start',
    {
      schema: {
        tags,
        summary: 'Text a sign-in code to an enrolled phone factor',
        description: `${pendingHelp} The phone sign-in's limits per number apply.`,
        body: mfaPhoneSignInStartBodySchema,
        response: { 200: mfaPhoneSignInStartResponseSchema, ...signInFailures },
      },
    },
    async (req) => startPhoneFactorSignIn(await signInStep(req, 'mfa-sign-in-phone'), req.body),
  );

  r.post(
    '/api/identity/mfa/sign-in/phone/finish',
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with the code texted to a phone factor',
        description: `${pendingHelp} invalid-verification-code for a wrong code.`,
        body: mfaPhoneSignInFinishBodySchema,
        response: { 200: signedInResponse, ...signInFailures },
      },
    },
    async (req, reply) => {
      const userId = await finishPhoneFactorSignIn(await signInStep(req, 'mfa-sign-in'), req.body);
      return respondSignedIn(req, reply, deps, userId, { secondFactorVerified: true });
    },
  );
};
