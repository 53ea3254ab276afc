import { z } from 'zod';
import { createAltchaChallenge } from '../../identity/captcha.js';
import { identityError } from '../../identity/errors.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { identityTags as tags, limitPerClient } from './kit.js';

/** An ALTCHA v2 challenge, exactly as the ALTCHA widget's `challengeurl` expects it. */
const altchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().int().optional(),
    parallelism: z.number().int().optional(),
    expiresAt: z.number().int().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});

/** The captcha a client solves before any SMS is sent (ALTCHA, self-hosted proof of work). */
export const captchaRoutes: RouteModule = (app, deps) => {
  const r = typed(app);
  const settings = deps.identity.captcha;

  r.get(
    '/api/identity/captcha',
    {
      schema: {
        tags,
        summary: 'A new ALTCHA proof-of-work challenge (when ALTCHA is the configured captcha)',
        response: { 200: altchaChallenge, 403: errors[403], 429: errors[400] },
      },
    },
    async (req, reply) => {
      if (settings.provider !== 'altcha') {
        throw identityError('operation-not-allowed', { message: 'The configured captcha is reCAPTCHA; no ALTCHA challenge is issued.' });
      }
      await limitPerClient(req, deps, 'captcha');
      reply.header('cache-control', 'no-store');
      const challenge = await createAltchaChallenge(settings, deps.now());
      return { parameters: challenge.parameters, signature: challenge.signature! };
    },
  );
};
