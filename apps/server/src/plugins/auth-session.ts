import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { CLIENT_IP_HEADER, SESSION_CHECK_PATH, type Auth } from '../auth/auth.js';
import { codeForStatus } from '../errors.js';
import { AUTH_MESSAGES, passwordConfirmationError, serverCodeFor } from '../auth/messages.js';
import type { SessionMemo } from './session-memo.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** A guest: signed in anonymously, no credential linked yet. */
  isAnonymous: boolean;
  /** When this session began (requires-recent-login). */
  sessionCreatedAt: Date;
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

const FALLBACK_MESSAGES: Record<string, string> = {
  'not-found': 'Not found.',
  'too-many-requests': 'Too many requests. Try again later.',
  internal: 'Something went wrong. Please try again.',
};

export interface AuthErrorBody {
  code: string;
  message: string;
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
}

/**
 * An error from /api/auth/* in the API's one error shape `{ error: { code, message } }`, its code
 * one of the server's vocabulary (serverCodeFor). Better Auth's own `{ code, message }` stays at the
 * top level too, because its client (the web app's sign-in, sign-up and reset forms) spreads that
 * into the error it returns. The message is the product's where product §5 fixes one.
 */
export function authErrorBody(
  status: number,
  body: { code?: unknown; message?: unknown; fields?: unknown; details?: unknown } | null,
): AuthErrorBody {
  const code = typeof body?.code === 'string' && body.code ? body.code : codeForStatus(status);
  const given = typeof body?.message === 'string' && body.message ? body.message : undefined;
  const message = AUTH_MESSAGES[code] ?? given ?? FALLBACK_MESSAGES[code] ?? 'The request was refused.';
  // What a client needs to recover (a second factor's pending credential) travels as on every route.
  const details = typeof body?.details === 'object' && body.details !== null ? (body.details as Record<string, unknown>) : undefined;
  // The fields at fault, when a hook or plugin of ours refused bad input (auth/plugin-kit.ts).
  const fields = typeof body?.fields === 'object' && body.fields !== null ? (body.fields as Record<string, string>) : undefined;
  return { code, message, error: { code: serverCodeFor(status, code), message, ...(fields && { fields }), ...(details && { details }) } };
}

/** Better Auth's answer as sent on: successes as they are, errors through authErrorBody. */
function productBody(response: Response, text: string): string | AuthErrorBody {
  // A page (the federated sign-in's outcome page) is sent as it is, whatever its status.
  if (response.status < 400 || response.headers.get('content-type')?.startsWith('text/html')) return text;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    return authErrorBody(
      response.status,
      typeof parsed === 'object' ? (parsed as { code?: unknown; message?: unknown; fields?: unknown; details?: unknown }) : null,
    );
  } catch {
    return authErrorBody(response.status, { message: text });
  }
}

const SESSION_CHECK_URL = `/api/auth${SESSION_CHECK_PATH}`;

const CALLBACK_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;

/**
 * A callback address Better Auth can use: a path of this app or an absolute http(s) URL (its own
 * origin check then decides whether it is trusted). Anything else made some of its endpoints
 * (verify-email) throw on `new URL()` and answer 500.
 */
function callbackUrlError(req: FastifyRequest): { code: string; message: string } | null {
  for (const part of [req.query, req.body]) {
    if (!part || typeof part !== 'object') continue;
    for (const field of CALLBACK_FIELDS) {
      const value = (part as Record<string, unknown>)[field];
      if (value === undefined) continue;
      const usable = typeof value === 'string' && (/^\/(?!\/)/.test(value) || (/^https?:\/\//i.test(value) && URL.canParse(value)));
      if (!usable) return { code: 'invalid-argument', message: `${field} must be a path of this app or an http(s) address.` };
    }
  }
  return null;
}

/**
 * A POST body Better Auth can work with is a JSON object: its plugins' hook matchers read it with
 * `in` and property access (the phone plugin's on /update-user), which throw on anything else.
 * A missing body is forwarded as `{}` (toWebRequest); null, a number, a string or an array is a 400.
 */
function bodyShapeError(req: FastifyRequest): { code: string; message: string; fields: Record<string, string> } | null {
  if (req.method !== 'POST' || req.body === undefined) return null;
  if (typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)) return null;
  const message = 'The request body must be a JSON object.';
  return { code: 'invalid-argument', message, fields: { body: message } };
}

function toWebRequest(req: FastifyRequest, appUrl: string): Request {
  const headers = fromNodeHeaders(req.headers);
  // Better Auth rate-limits per client IP; give it the one Fastify resolved (trustProxy aware).
  headers.set(CLIENT_IP_HEADER, req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(req.url, appUrl), {
    method: req.method,
    headers,
    body: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
  });
}

/** `text`: the body, when it was read already. */
async function sendWebResponse(response: Response, reply: FastifyReply, text?: string) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-type') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = productBody(response, text ?? (await response.text()));
  const type = response.headers.get('content-type');
  // An error body is ours now (JSON); a success keeps Better Auth's type.
  if (typeof body === 'string' && type) reply.header('content-type', type);
  return reply.send(body);
}

type SessionCache = FastifyRequest & { _session?: Promise<SessionUser | null>; _sessionCookies?: string[] };

/** Better Auth's answer for a signed-in request (its get-session body). */
export type SessionAnswer = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

const toSessionUser = (s: SessionAnswer): SessionUser => ({
  id: s.user.id,
  email: s.user.email,
  name: s.user.name,
  emailVerified: s.user.emailVerified,
  isAnonymous: s.user.isAnonymous === true,
  sessionCreatedAt: new Date(s.session.createdAt),
});

/** The headers Better Auth's get-session sends with a session (routes/session.ts: no caching anywhere). */
const SESSION_CHECK_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache' };

/** Mounts Better Auth at /api/auth/* and gives every request a cached session lookup. */
async function authSession(app: FastifyInstance, opts: { auth: Auth; appUrl: string; memo?: SessionMemo<SessionAnswer> }) {
  const { memo } = opts;
  app.decorate('auth', opts.auth);

  /** Better Auth's own check for this request: its answer, and the cookies it sets with it. */
  const askBetterAuth = async (req: FastifyRequest) => {
    const { headers, response } = await opts.auth.api.getSession({ headers: fromNodeHeaders(req.headers), returnHeaders: true });
    const cookies = headers?.getSetCookie() ?? [];
    return { answer: response, cookies, setsCookies: cookies.length > 0 };
  };

  const lookUp = async (req: FastifyRequest): Promise<SessionUser | null> => {
    const remembered = memo?.get(req.headers.cookie);
    if (remembered) return toSessionUser(remembered.answer);
    const { answer, cookies } = memo ? await memo.remember(req.headers.cookie, () => askBetterAuth(req)) : await askBetterAuth(req);
    // Better Auth's cookies from this check (a cookie cache written after a read of PostgreSQL, a
    // session's extended expiry, cookies cleared for a dead session) go out with the answer, so
    // the next request can be served from the cache.
    if (cookies.length > 0) (req as SessionCache)._sessionCookies = cookies;
    return answer ? toSessionUser(answer) : null;
  };

  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    const cache = this as SessionCache;
    cache._session ??= lookUp(this);
    return cache._session;
  });

  app.addHook('onSend', async (req, reply) => {
    const cookies = (req as SessionCache)._sessionCookies;
    if (!cookies) return;
    // Never beside cookies a route sets itself, nor on an answer a shared cache may keep.
    if (reply.hasHeader('set-cookie') || /\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) return;
    reply.header('set-cookie', cookies);
  });

  // A provider that answers with a form post (Apple's `form_post`, a SAML IdP's HTTP-POST binding)
  // posts to a callback, which sends the browser on to a GET; the parser lives in this route's scope
  // only. A signed SAML response with a large attribute statement, base64 in a form, can pass 64 KB.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const forward = async (req: FastifyRequest, reply: FastifyReply) => {
      const path = req.url.split('?')[0] ?? '';
      const badBody = bodyShapeError(req);
      if (badBody) return reply.status(400).send(authErrorBody(400, badBody));
      const refusal = passwordConfirmationError(path, req.body);
      if (refusal) return reply.status(400).send(authErrorBody(400, refusal));
      const badCallback = callbackUrlError(req);
      if (badCallback) return reply.status(400).send(authErrorBody(400, badCallback));
      return sendWebResponse(await opts.auth.handler(toWebRequest(req, opts.appUrl)), reply);
    };
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: '/api/auth/*',
      schema: { hide: true },
      // Better Auth has its own per-IP limits, stored in PostgreSQL for every instance.
      config: { rateLimit: false },
      handler: forward,
    });
    // The session check a client makes on every start: counted like the API's other member reads
    // (in memory), not with Better Auth's two statements on PostgreSQL per request (auth.ts, ADR 0058).
    // Asked through `auth.api.getSession`, beside the memo our routes use (ADR 0069): the same answer,
    // body and cookies, without Better Auth's router. With a query (disableCookieCache, …) it takes
    // the whole way, as every other endpoint does.
    const sessionCheck = async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.url !== SESSION_CHECK_URL) return forward(req, reply);
      const remembered = memo?.get(req.headers.cookie);
      if (remembered) return reply.headers(SESSION_CHECK_HEADERS).send(remembered.body());
      const ask = async () => {
        const headers = fromNodeHeaders(req.headers);
        headers.set(CLIENT_IP_HEADER, req.ip);
        const response = (await opts.auth.api.getSession({ headers, asResponse: true })) as Response;
        const text = await response.text();
        const answer = response.status === 200 && text ? (JSON.parse(text) as SessionAnswer | null) : null;
        return { response, text, answer, body: text, setsCookies: response.headers.getSetCookie().length > 0 };
      };
      const { response, text } = memo ? await memo.remember(req.headers.cookie, ask) : await ask();
      return sendWebResponse(response, reply, text);
    };
    scope.route({ method: 'GET', url: SESSION_CHECK_URL, schema: { hide: true }, handler: sessionCheck });
  });
}

export const authSessionPlugin = fp(authSession, { name: 'auth-session', dependencies: ['errors'], fastify: '5.x' });
