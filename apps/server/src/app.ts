import { accountRoutes } from './routes/account/routes.js';
import { abilityRoutesWith } from './routes/ability/routes.js';
import { activityProviders } from './ability/providers/configured.js';
import { oauthStateKey } from './ability/oauth-state.js';
import { tokenBox } from './ability/token-box.js';
import Fastify, { type FastifyBaseLogger, type LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth.js';
import type { Db } from './db/client.js';
import type { Env } from './env.js';
import type { EventHub } from './events/types.js';
import type { RevocationFeed } from './events/session-revocations.js';
import { createRevocationGuard } from './auth/session-revocations.js';
import { silentLog } from './jobs/log.js';
import { identitySettings } from './auth/settings.js';
import { webDistDir, webServerEntry } from './paths.js';
import { accessPlugin } from './plugins/access.js';
import { authSessionPlugin, type SessionAnswer } from './plugins/auth-session.js';
import { createSessionMemo } from './plugins/session-memo.js';
import { crossSitePlugin } from './plugins/cross-site.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { staticPlugin } from './plugins/static.js';
import { calendarRoutesWith } from './routes/calendar/routes.js';
import { emergencyContactRoutesWith } from './routes/emergency-contact/routes.js';
import { tripRoutesWith } from './routes/trips/routes.js';
import { tripTokenKey } from './trips/tokens.js';
import { favouriteRoutes } from './routes/favourites/routes.js';
import { fileRoutes } from './routes/files/routes.js';
import { devSmsRoutes } from './routes/dev-sms/routes.js';
import { eventRoutesWith } from './routes/events/routes.js';
import { healthRoutes } from './routes/health/routes.js';
import { adminReportRoutes } from './routes/admin-reports/routes.js';
import { adminUserRoutes } from './routes/admin-users/routes.js';
import { blockRoutes } from './routes/blocks/routes.js';
import { reportRoutes } from './routes/reports/routes.js';
import { matchRoutes } from './routes/matches/routes.js';
import { messageRoutes } from './routes/messages/routes.js';
import { pushRoutesWith } from './routes/push/routes.js';
import { pushEndpointPolicy } from './push/endpoints.js';
import { meRoutes } from './routes/me/routes.js';
import { notificationRoutes } from './routes/notifications/routes.js';
import { seoRoutesWith } from './routes/seo/routes.js';
import { trailRoutes } from './routes/trails/routes.js';
import type { RouteDeps } from './routes/types.js';
import { unsubscribeKey } from './notifications/unsubscribe-token.js';
import { createTrailListCache, type TrailListCache } from './trails/trail-list-cache.js';
import { getTrail } from './trails/trails.js';
import { userRoutes } from './routes/users/routes.js';
import { vitalsRoutes } from './routes/vitals/routes.js';
import type { FileStorage } from './storage/storage.js';

export interface AppOptions {
  env: Env;
  db: Db;
  storage: FileStorage;
  /** The Better Auth secret; main.ts resolves it (env or a generated one kept in DATA_DIR). */
  authSecret: string;
  /** The VAPID public key browsers subscribe to web push with; without one, push is off (GET /api/push/public-key 404s). */
  vapidPublicKey?: string;
  /** The live-event hub; without one, GET /api/events is not served. */
  events?: EventHub;
  /**
   * Every instance's session revocations (the hub's second channel): with it, sessions are served
   * from Better Auth's cookie cache between reads (ADR 0058); without it, every check reads PostgreSQL.
   */
  revocations?: RevocationFeed;
  now?: () => Date;
  /** A pino logger; tests leave it out and run silent. */
  logger?: FastifyBaseLogger;
  /** How requests are logged (main.ts: one debug line each in development); default Fastify's. */
  logController?: LogController;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public trail list GET /api/trails and the page renderer share (one per app). */
    trailList: TrailListCache;
  }
}

/** Builds the whole HTTP application without listening: main.ts serves it, tests inject into it. */
export async function buildApp(opts: AppOptions) {
  const { env } = opts;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    ...(opts.logController && { logController: opts.logController }),
    trustProxy: env.TRUST_PROXY,
    // SSE streams stay open; close() must not wait for them (architecture §2 pitfalls).
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const identity = identitySettings(env, opts.authSecret);
  const now = opts.now ?? (() => new Date());
  const revocations = opts.revocations && createRevocationGuard({ feed: opts.revocations, db: opts.db, log: opts.logger ?? silentLog });
  const auth = createAuth(opts.db, {
    secret: opts.authSecret,
    rateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    sensitiveRateLimitMax: env.AUTH_SENSITIVE_RATE_LIMIT_MAX,
    identity,
    adminEmails: env.ADMIN_EMAILS,
    now,
    trustedOrigins: env.TRUSTED_ORIGINS,
    revocations,
    log: opts.logger && {
      error: (msg: string, ...args: unknown[]) => opts.logger!.error({ args }, `[auth] ${msg}`),
      warn: (msg: string, ...args: unknown[]) => opts.logger!.warn({ args }, `[auth] ${msg}`),
      info: (msg: string, ...args: unknown[]) => opts.logger!.info({ args }, `[auth] ${msg}`),
      debug: (msg: string, ...args: unknown[]) => opts.logger!.debug({ args }, `[auth] ${msg}`),
    },
  });

  // Better Auth's answers reused for the same cookies, dropped by the same broadcast (ADR 0069).
  const sessionMemo = opts.revocations && revocations && createSessionMemo<SessionAnswer>({ feed: opts.revocations, guard: revocations });
  app.addHook('onClose', async () => {
    sessionMemo?.close();
    revocations?.close();
  });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { rateLimitMax: env.API_RATE_LIMIT_MAX });
  // Before any body is read or any session looked up: the one cross-site rule (ADR 0052).
  await app.register(crossSitePlugin, { appUrl: env.APP_URL, trustedOrigins: env.TRUSTED_ORIGINS });
  await app.register(authSessionPlugin, { auth, appUrl: env.APP_URL, memo: sessionMemo });
  await app.register(openapiPlugin);
  await app.register(accessPlugin, { adminEmails: env.ADMIN_EMAILS, db: opts.db });

  // One cache for every reader of the public list: the route and the page that inlines it.
  const trailList = createTrailListCache(opts.db, opts.events);
  app.decorate('trailList', trailList);
  app.addHook('onClose', async () => trailList.close());

  const deps: RouteDeps = {
    db: opts.db,
    storage: opts.storage,
    adminEmails: env.ADMIN_EMAILS,
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    uploadMaxPixels: Math.round(env.UPLOAD_MAX_MEGAPIXELS * 1_000_000),
    timeZone: env.TRAIL_TIME_ZONE,
    now,
    events: opts.events,
    trailList,
    identity,
    notifications: { unsubscribeKey: unsubscribeKey(opts.authSecret) },
  };
  for (const routes of [
    healthRoutes,
    meRoutes,
    userRoutes,
    trailRoutes,
    matchRoutes,
    messageRoutes,
    notificationRoutes,
    favouriteRoutes,
    fileRoutes,
    eventRoutesWith({ streamsPerAccount: env.LIVE_STREAMS_PER_ACCOUNT, streamsPerVisitorAddress: env.LIVE_STREAMS_PER_VISITOR_ADDRESS }),
    vitalsRoutes,
    adminUserRoutes,
    blockRoutes,
    reportRoutes,
    adminReportRoutes,
    devSmsRoutes,
    seoRoutesWith({ appUrl: env.APP_URL }),
    calendarRoutesWith({ appUrl: env.APP_URL }),
    pushRoutesWith({
      vapidPublicKey: opts.vapidPublicKey,
      endpoints: pushEndpointPolicy(env),
      subscriptionsPerAccount: env.PUSH_SUBSCRIPTIONS_PER_ACCOUNT,
    }),
    accountRoutes,
    emergencyContactRoutesWith({ appUrl: env.APP_URL }),
    tripRoutesWith({ appUrl: env.APP_URL, tokenKey: tripTokenKey(opts.authSecret) }),
    abilityRoutesWith({
      providers: activityProviders(env),
      appUrl: env.APP_URL,
      stateKey: oauthStateKey(opts.authSecret),
      tokens: tokenBox(opts.authSecret),
    }),
  ]) {
    await app.register(async (scope) => routes(scope, deps));
  }
  if (env.SERVE_WEB) {
    await app.register(staticPlugin, {
      root: webDistDir,
      trailList: () => trailList.get(deps.now()),
      appUrl: env.APP_URL,
      findTrail: (id) => getTrail(opts.db, id),
      serverEntry: webServerEntry,
      timeZone: env.TRAIL_TIME_ZONE,
    });
  }

  await app.ready();
  return app;
}
