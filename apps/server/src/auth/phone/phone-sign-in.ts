import { randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, isAPIError } from 'better-auth/api';
import { phoneNumber } from 'better-auth/plugins';
import { phoneConfigSchema } from '@trailbuddy/shared/contracts/identity';
import { identityError } from '../errors.js';
import { normalizePhoneNumber } from './phone-numbers.js';
import type { AuthPluginOptions } from '../settings.js';
import { resolveTenant } from '../tenants/tenants.js';
import { signedInGuestOf } from '../guests/guests.js';
import { phoneCodeSms, queueSms } from './sms/queue.js';
import { ALTCHA_CHALLENGE_PATH } from '../altcha.js';
import { contractMetadata, inAuthErrors, onPath, startSession, stringOf, toAPIError } from '../plugin-kit.js';
import { linkPhoneAccount, numberHeldInATenant, phoneAccountOwner, resolvePhoneAccount } from './phone-accounts.js';
import { phoneAccountEmail } from '../placeholder-emails.js';
import { assertPhoneSendAllowed, recordPhoneSend, tenantOfLatestSend } from './phone-sends.js';

export const PHONE_SEND_PATH = '/phone-number/send-otp';
export const PHONE_VERIFY_PATH = '/phone-number/verify';
export const PHONE_CONFIG_PATH = '/phone-number/config';

/** The digits of a sign-in code (the widget's code field has as many). */
const PHONE_CODE_LENGTH = 6;

/** Endpoints of the phone plugin this product does not offer (no phone passwords). */
export const UNUSED_PHONE_PATHS = ['/sign-in/phone-number', '/phone-number/request-password-reset', '/phone-number/reset-password'];

/** A body as the hooks read it, before any schema. */
type PhoneBody = Record<string, unknown>;

/**
 * Phone sign-in (checklist §5.6) on Better Auth's `phoneNumber` plugin, which owns the codes and
 * creates the account (ADR 0041); ours are the number's rules, the handset's limits, tenants,
 * guests and admin-restricted sign-up, before the `altcha` hook spends a captcha (auth.ts).
 */
export function phoneSignIn(options: AuthPluginOptions) {
  const { db, now } = options;
  const { phone: settings, captcha, tenants, email } = options.identity;

  const tenantOf = (body: PhoneBody) => {
    if (!settings.enabled) {
      throw identityError('operation-not-allowed', { message: 'Phone sign-in is not enabled: no SMS transport is configured.' });
    }
    return resolveTenant(tenants, stringOf(body.tenantId), 'phone')?.id ?? null;
  };
  /** Admin-restricted sign-up (checklist §5.11): only numbers that already have an account in the tenant. */
  const isClosedTo = async (phoneNumber: string, tenantId: string | null) =>
    email.signUpDisabled && !(await phoneAccountOwner(db, phoneNumber, tenantId));

  // The plugin's endpoint keeps only the number of the body: the send the before-hook checked
  // reaches the counter and `sendOTP` by the request's context (one per request).
  const sends = new WeakMap<object, { phoneNumber: string; tenantId: string | null }>();

  const plugin = phoneNumber({
    otpLength: PHONE_CODE_LENGTH,
    expiresIn: Math.round(settings.codeTtlMs / 1000),
    allowedAttempts: settings.maxAttempts,
    // Queued as a send_sms job (ADR 0011); the development transport delivers it to /dev/sms.
    // With enumeration protection a number that may not sign up is answered alike but texted nothing.
    sendOTP: async ({ phoneNumber, code }, ctx) => {
      const tenantId = (ctx && sends.get(ctx.context)?.tenantId) ?? null;
      if (await isClosedTo(phoneNumber, tenantId)) return;
      await queueSms(db, { to: phoneNumber, body: phoneCodeSms(code), idempotencyKey: `phone-code:${randomUUID()}` });
    },
    signUpOnVerification: { getTempEmail: () => phoneAccountEmail(randomUUID()), getTempName: () => '' },
    callbackOnVerification: async ({ phoneNumber, user }) => linkPhoneAccount(db, user.id, phoneNumber, now()),
  });

  const beforeSend = onPath(PHONE_SEND_PATH, async (ctx) => {
    const body = (ctx.body ?? {}) as PhoneBody;
    const phoneNumber = await inAuthErrors(async () => {
      const tenantId = tenantOf(body);
      const number = normalizePhoneNumber(stringOf(body.phoneNumber));
      if ((await isClosedTo(number, tenantId)) && !email.enumerationProtection) throw identityError('admin-restricted-operation');
      await assertPhoneSendAllowed(db, settings, number, now());
      sends.set(ctx.context, { phoneNumber: number, tenantId });
      return number;
    });
    return { context: { body: { ...body, phoneNumber } } };
  });

  /** The widget's send answer: `verificationId` is what it verifies with (the number), and when it may resend. */
  const afterSend = onPath(PHONE_SEND_PATH, async (ctx) => {
    if (isAPIError(ctx.context.returned)) return;
    const sentAt = now().getTime();
    return ctx.json({
      verificationId: stringOf((ctx.body as PhoneBody).phoneNumber),
      expiresAt: new Date(sentAt + settings.codeTtlMs).toISOString(),
      resendAvailableAt: new Date(sentAt + settings.resendDelayMs).toISOString(),
    });
  });

  /** Before the plugin verifies (ADR 0041's "before verify"): the plugin's own sign-in, or ours for a tenant or a guest. */
  const beforeVerify = onPath(PHONE_VERIFY_PATH, async (ctx) => {
    const body = (ctx.body ?? {}) as PhoneBody;
    const { phoneNumber, code, tenantId } = await inAuthErrors(async () => {
      const tenantId = tenantOf(body);
      const code = stringOf(body.code)?.trim() ?? '';
      if (code === '') throw identityError('missing-verification-code', { field: 'code' });
      let number: string;
      try {
        number = normalizePhoneNumber(stringOf(body.phoneNumber));
      } catch {
        throw identityError('code-expired');
      }
      // A code asked for in another tenant does not exist here (nothing is counted).
      if ((await tenantOfLatestSend(db, number)) !== tenantId) throw identityError('code-expired');
      return { phoneNumber: number, code, tenantId };
    });

    const guest = await signedInGuestOf(ctx, tenantId);
    if (tenantId === null && guest === null && !(await numberHeldInATenant(db, phoneNumber))) {
      if (await isClosedTo(phoneNumber, null)) throw toAPIError(identityError('admin-restricted-operation'));
      return { context: { body: { phoneNumber, code, disableSession: false, updatePhoneNumber: false } } };
    }

    // The plugin's own server endpoint spends the code, with this request's context; a refusal throws (not a Response).
    const consume = { ...ctx, method: 'POST' as const, body: { phoneNumber, code }, asResponse: false };
    await plugin.endpoints.consumePhoneNumberOTP(consume);
    const userId = await inAuthErrors(() =>
      resolvePhoneAccount(db, ctx.context, { phoneNumber, tenantId, guestUserId: guest, signUpDisabled: email.signUpDisabled, now: now() }),
    );
    const { session } = await startSession(ctx, userId);
    return ctx.json({ status: true, token: session.token, user: { id: userId } });
  });

  const rules = {
    id: 'trailbuddy-phone-sign-in',
    endpoints: {
      phoneSignInConfig: createAuthEndpoint(
        PHONE_CONFIG_PATH,
        {
          method: 'GET',
          metadata: contractMetadata(
            'What the phone pages need: the active captcha and the code rules',
            phoneConfigSchema,
            undefined,
            'The phone settings',
          ),
        },
        async (ctx) =>
          ctx.json({
            enabled: settings.enabled,
            captcha:
              captcha.provider === 'altcha'
                ? { provider: 'altcha' as const, challengeUrl: `/api/auth${ALTCHA_CHALLENGE_PATH}` }
                : { provider: 'recaptcha' as const, siteKey: captcha.siteKey },
            codeLength: PHONE_CODE_LENGTH,
            resendDelaySeconds: Math.round(settings.resendDelayMs / 1000),
            codeTtlSeconds: Math.round(settings.codeTtlMs / 1000),
          }),
      ),
    },
    hooks: { before: [beforeSend, beforeVerify], after: [afterSend] },
  } satisfies BetterAuthPlugin;

  /**
   * Counts the send (the handset's limits, decided atomically) once its captcha is spent: listed
   * after the `altcha` plugin in auth.ts, and before the phone plugin makes and stores a code.
   */
  const sendCounter = {
    id: 'trailbuddy-phone-send-counter',
    hooks: {
      before: [
        onPath(PHONE_SEND_PATH, async (ctx) => {
          const send = sends.get(ctx.context);
          if (!send) throw new Error('The phone send was not checked before it was counted.');
          await inAuthErrors(() => recordPhoneSend(db, settings, { ...send, now: now() }));
        }),
      ],
    },
  } satisfies BetterAuthPlugin;

  return { plugins: [plugin, rules] as const, sendCounter };
}
