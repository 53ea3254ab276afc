import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.js';
import { requireAdmin } from '../policies/admin.js';
import { requireMayMatch } from '../policies/may-match.js';
import { requireUser } from '../policies/session.js';

/**
 * Who may call a route: any signed-in account (guests included), an account that may match
 * (a verified contact and a completed profile: searching, requesting, inviting, writing; ADR
 * 0030), or an administrator.
 */
export type RouteAccess = 'signed-in' | 'may-match' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Checked when the request arrives, before its body is parsed or validated, so a visitor
     * learns that they must sign in rather than how the form is filled in. Absent: anyone.
     */
    access?: RouteAccess;
  }
}

const hookList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/** The statuses a route's response schema documents ("401", "403", …). */
const documentedStatuses = (route: RouteOptions) => new Set(Object.keys((route.schema?.response as object | undefined) ?? {}));

/**
 * A route's declared access and its documented answers must agree: one that documents a 401
 * and declares no access would validate before it authenticates, which is the bug this plugin
 * exists to prevent; so a mismatch stops the server from starting.
 */
function checkDeclaration(route: RouteOptions, access: RouteAccess | undefined) {
  const statuses = documentedStatuses(route);
  const where = `${String(route.method)} ${route.url}`;
  if (!access && statuses.has('401')) throw new Error(`${where} documents a 401 but declares no config.access`);
  if (access && !statuses.has('401')) throw new Error(`${where} declares access '${access}' but documents no 401`);
  if (access === 'admin' && !statuses.has('403')) throw new Error(`${where} is for administrators but documents no 403`);
  if (access === 'may-match' && !statuses.has('403')) throw new Error(`${where} is for accounts that may match but documents no 403`);
}

/**
 * Authentication before validation (architecture §4): every route declares its access in
 * `config.access`, and this plugin checks it in an onRequest hook of that route, which Fastify
 * runs before it parses and validates the request. Handlers still ask the policies for the user;
 * the session lookup is cached per request.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { adminEmails: readonly string[]; db: DbOrTx }) => {
    const checks: Record<RouteAccess, (req: FastifyRequest) => Promise<unknown>> = {
      'signed-in': requireUser,
      'may-match': (req) => requireMayMatch(req, opts.db),
      admin: (req) => requireAdmin(req, opts.adminEmails),
    };
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      checkDeclaration(route, access);
      if (!access) return;
      const check = checks[access];
      route.onRequest = [
        ...hookList(route.onRequest),
        async (req: FastifyRequest) => {
          await check(req);
        },
      ];
    });
  },
  { name: 'access', dependencies: ['auth-session', 'errors'], fastify: '5.x' },
);
