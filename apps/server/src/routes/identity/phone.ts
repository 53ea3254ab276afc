import { tenantIdSchema } from '@trailbuddy/shared/contracts/identity-tenants';
import { z } from 'zod';
import { verifyCaptcha } from '../../identity/captcha.js';
import { identityError } from '../../identity/errors.js';
import { PHONE_CODE_LENGTH } from '../../identity/phone-settings.js';
import { consumePhoneCode, normalizePhoneNumber, phoneAccountOwner, resolvePhoneAccount, sendPhoneCode } from '../../identity/phone.js';
import { errors } from '../schemas.js';
import { typed, type RouteDeps, type RouteModule } from '../types.js';
import { captchaRoutes } from './captcha.js';
import { identityTags as tags, limitPerClient, requestTenant, respondSignedIn, signedInResponse, upgradableGuest } from './kit.js';

const phoneConfig = z.object({
  /** False without an SMS transport: the widget should not offer phone sign-in. */
  enabled: z.boolean(),
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ]),
  codeLength: z.number().int(),
  resendDelaySeconds: z.number().int(),
  codeTtlSeconds: z.number().int(),
});

const sendCodeBody = z.object({
  /** E.164 as the widget builds it: "+" + calling code + national number. */
  phoneNumber: z.string().max(64).optional(),
  /** The solved ALTCHA payload (base64 JSON) or the reCAPTCHA token. */
  captcha: z.string().max(20_000).optional(),
  /** The tenant to sign in to (ADR 0009); the code only works for a sign-in naming the same tenant. */
  tenantId: tenantIdSchema.optional(),
});

const sentCode = z.object({ verificationId: z.string(), expiresAt: z.iso.datetime(), resendAvailableAt: z.iso.datetime() });

const signInBody = z.object({
  verificationId: z.string().min(1, 'verificationId is required.').max(100),
  code: z.string().max(32).optional(),
  tenantId: tenantIdSchema.optional(),
});

function assertPhoneEnabled(deps: RouteDeps) {
  if (!deps.identity.phone.enabled) {
    throw identityError('operation-not-allowed', { message: 'Phone sign-in is not enabled: no SMS transport is configured.' });
  }
}

/** Phone sign-in (checklist §5.6): a captcha, then a 6-digit code by SMS, then sign-in with it. */
export const phoneRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);
  const { phone, captcha, email } = deps.identity;

  r.get(
    '/api/identity/config/phone',
    { schema: { tags, summary: 'What the phone pages need: the active captcha and the code rules', response: { 200: phoneConfig } } },
    async () => ({
      enabled: phone.enabled,
      captcha:
        captcha.provider === 'altcha'
          ? { provider: 'altcha' as const, challengeUrl: '/api/identity/captcha' }
          : { provider: 'recaptcha' as const, siteKey: captcha.siteKey },
      codeLength: PHONE_CODE_LENGTH,
      resendDelaySeconds: Math.round(phone.resendDelayMs / 1000),
      codeTtlSeconds: Math.round(phone.codeTtlMs / 1000),
    }),
  );

  r.post(
    '/api/identity/phone/send-code',
    {
      schema: {
        tags,
        summary: 'Check the captcha and text a 6-digit sign-in code to the number',
        body: sendCodeBody,
        response: { 200: sentCode, 400: errors[400], 403: errors[403], 429: errors[400] },
      },
    },
    async (req) => {
      assertPhoneEnabled(deps);
      const tenantId = requestTenant(deps, req.body.tenantId, 'phone')?.id ?? null;
      await limitPerClient(req, deps, 'phone-send');
      const now = deps.now();
      const phoneNumber = normalizePhoneNumber(req.body.phoneNumber);
      await verifyCaptcha(deps.db, captcha, { token: req.body.captcha, now, remoteIp: req.ip });

      // Admin-restricted sign-up (checklist §5.11): a number without an account gets no code, and
      // with enumeration protection on it gets none silently, answered like any other send.
      let deliver = true;
      if (email.signUpDisabled && !(await phoneAccountOwner(deps.db, phoneNumber, tenantId))) {
        if (!email.enumerationProtection) throw identityError('admin-restricted-operation');
        deliver = false;
      }
      const sent = await sendPhoneCode({ db: deps.db, settings: phone, now }, phoneNumber, { deliver, tenantId });
      return {
        verificationId: sent.verificationId,
        expiresAt: sent.expiresAt.toISOString(),
        resendAvailableAt: sent.resendAt.toISOString(),
      };
    },
  );

  r.post(
    '/api/identity/phone/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with the code (links the number to a signed-in guest)',
        body: signInBody,
        response: { 200: signedInResponse, 400: errors[400], 403: errors[403], 409: errors[409], 429: errors[400] },
      },
    },
    async (req, reply) => {
      assertPhoneEnabled(deps);
      const tenantId = requestTenant(deps, req.body.tenantId, 'phone')?.id ?? null;
      await limitPerClient(req, deps, 'phone-sign-in');
      const now = deps.now();
      const phoneNumber = await consumePhoneCode({ db: deps.db, settings: phone, now }, { ...req.body, tenantId });
      const userId = await resolvePhoneAccount(deps.db, {
        phoneNumber,
        tenantId,
        guestUserId: await upgradableGuest(req, deps, tenantId),
        signUpDisabled: email.signUpDisabled,
        now,
      });
      return respondSignedIn(req, reply, deps, userId);
    },
  );

  // The captcha exists for the phone family: its challenge endpoint comes with it.
  await captchaRoutes(app, deps);
};
