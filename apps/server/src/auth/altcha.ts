import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, createAuthMiddleware, getIP } from 'better-auth/api';
import type { Db } from '../db/client.js';
import { createAltchaChallenge, verifyCaptcha } from '../identity/captcha.js';
import type { CaptchaSettings } from '../identity/captcha-settings.js';
import { identityError } from '../identity/errors.js';
import { inAuthErrors, jsonResponse, toAPIError } from './plugin-kit.js';

/** Where the widget fetches an ALTCHA challenge (the phone config's `challengeUrl`). */
export const ALTCHA_CHALLENGE_PATH = '/captcha/challenge';

export interface AltchaOptions {
  db: Db;
  settings: CaptchaSettings;
  /** Better Auth paths whose requests must carry a solved captcha in `body.captcha`. */
  paths: readonly string[];
  now: () => Date;
}

/**
 * Better Auth plugin: the captcha in front of what sends a text message (SPEC §5 "The captcha
 * must be solved"). ALTCHA, a self-hosted proof of work, by default; reCAPTCHA when configured
 * (identity/captcha-settings.ts). A challenge endpoint, and a before-hook on `paths` that checks
 * and spends the solution (identity/captcha.ts: one use per solution) before the endpoint runs.
 * Better Auth's limiter counts both per client first (auth.ts `customRules`).
 */
export function altcha(options: AltchaOptions) {
  const { settings } = options;
  return {
    id: 'trailbuddy-altcha',
    endpoints: {
      altchaChallenge: createAuthEndpoint(
        ALTCHA_CHALLENGE_PATH,
        {
          method: 'GET',
          metadata: {
            openapi: {
              summary: 'A new ALTCHA proof-of-work challenge (when ALTCHA is the configured captcha)',
              responses: {
                200: jsonResponse('An ALTCHA v2 challenge, as the ALTCHA widget takes it', { parameters: 'object', signature: 'string' }),
              },
            },
          },
        },
        async (ctx) => {
          if (settings.provider !== 'altcha') {
            throw toAPIError(
              identityError('operation-not-allowed', { message: 'The configured captcha is reCAPTCHA; no ALTCHA challenge is issued.' }),
            );
          }
          ctx.setHeader('cache-control', 'no-store');
          const challenge = await createAltchaChallenge(settings as Extract<CaptchaSettings, { provider: 'altcha' }>, options.now());
          return ctx.json({ parameters: challenge.parameters, signature: challenge.signature! });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && options.paths.includes(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const token = (ctx.body as { captcha?: unknown } | undefined)?.captcha;
            await inAuthErrors(() =>
              verifyCaptcha(options.db, settings, {
                token: typeof token === 'string' ? token : undefined,
                now: options.now(),
                remoteIp: (ctx.headers && getIP(ctx.headers, ctx.context.options)) || '',
              }),
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
