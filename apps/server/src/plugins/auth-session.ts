import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { CLIENT_IP_HEADER, type Auth } from '../auth/auth.js';
import { AUTH_MESSAGES, passwordConfirmationError, placeholderSignInError } from '../auth/messages.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** A guest: signed in anonymously, no credential linked yet. */
  isAnonymous: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user, looked up once per request; use the policies, not this directly. */
    sessionUser(): Promise<SessionUser | null>;
  }
}

/** Better Auth's error body `{ code, message }`, with the product's message where SPEC §5 fixes one. */
async function productMessages(response: Response): Promise<string> {
  const text = await response.text();
  if (response.status < 400 || !text) return text;
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    const message = body.code ? AUTH_MESSAGES[body.code] : undefined;
    return message ? JSON.stringify({ ...body, message }) : text;
  } catch {
    return text;
  }
}

function toWebRequest(req: FastifyRequest, appUrl: string): Request {
  const headers = fromNodeHeaders(req.headers);
  // Better Auth rate-limits per client IP; give it the one Fastify resolved (trustProxy aware).
  headers.set(CLIENT_IP_HEADER, req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(req.url, appUrl), {
    method: req.method,
    headers,
    body: hasBody ? JSON.stringify(req.body) : undefined,
  });
}

async function sendWebResponse(response: Response, reply: FastifyReply) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(await productMessages(response));
}

/** Mounts Better Auth at /api/auth/* and gives every request a cached session lookup. */
export const authSessionPlugin = fp(async (app: FastifyInstance, opts: { auth: Auth; appUrl: string }) => {
  app.decorate('auth', opts.auth);

  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { _session?: Promise<SessionUser | null> };
    cache._session ??= opts.auth.api.getSession({ headers: fromNodeHeaders(this.headers) }).then((s) =>
      s
        ? {
            id: s.user.id,
            email: s.user.email,
            name: s.user.name,
            emailVerified: s.user.emailVerified,
            isAnonymous: s.user.isAnonymous === true,
          }
        : null,
    );
    return cache._session;
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    // Better Auth has its own per-IP limits, stored in PostgreSQL for every instance.
    config: { rateLimit: false },
    handler: async (req, reply) => {
      const path = req.url.split('?')[0] ?? '';
      const refusal = passwordConfirmationError(path, req.body);
      if (refusal) return reply.status(400).send(refusal);
      const placeholder = placeholderSignInError(path, req.body);
      if (placeholder) return reply.status(401).send(placeholder);
      return sendWebResponse(await opts.auth.handler(toWebRequest(req, opts.appUrl)), reply);
    },
  });
});
