import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Auth } from '../auth/auth.js';
import { accessPlugin } from './access.js';
import { authSessionPlugin } from './auth-session.js';
import { errorsPlugin } from './errors.js';
import { openapiPlugin } from './openapi.js';
import { securityPlugin } from './security.js';
import { staticPlugin } from './static.js';

const meta = (plugin: unknown) => (plugin as Record<symbol, { name?: string; dependencies?: string[] }>)[Symbol.for('plugin-meta')];

/** Better Auth is not called while plugins load; the bridge only needs something to hold. */
const auth = {} as Auth;
/** These tests only load the plugins: no request reaches the database the matching gate reads. */
const NO_DB = {} as never;

describe('the server plugins', () => {
  it.each([
    ['errors', errorsPlugin, []],
    ['security', securityPlugin, ['errors']],
    ['auth-session', authSessionPlugin, ['errors']],
    ['access', accessPlugin, ['auth-session', 'errors']],
    ['openapi', openapiPlugin, ['auth-session']],
    ['static', staticPlugin, []],
  ])('%s has its name and dependencies', (name, plugin, dependencies) => {
    expect(meta(plugin)?.name).toBe(name);
    expect(meta(plugin)?.dependencies ?? []).toEqual(dependencies);
  });

  it.each<[string, (app: ReturnType<typeof Fastify>) => Promise<unknown>]>([
    ['security', (app) => app.register(securityPlugin, { rateLimitMax: 10 })],
    ['auth-session', (app) => app.register(authSessionPlugin, { auth, appUrl: 'http://localhost' })],
    ['openapi', (app) => app.register(openapiPlugin)],
    [
      'access',
      (app) =>
        app
          .register(errorsPlugin)
          .register(accessPlugin as FastifyPluginAsync<{ adminEmails: string[]; db: never }>, { adminEmails: [], db: NO_DB }),
    ],
  ])('%s refuses to load before what it depends on', async (name, register) => {
    const app = Fastify();
    await expect(register(app)).rejects.toThrow(new RegExp(`dependency '.+' of plugin '${name}' is not registered`));
    await app.close();
  });

  it('load in the order app.ts registers them', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(securityPlugin, { rateLimitMax: 10 });
    await app.register(authSessionPlugin, { auth, appUrl: 'http://localhost' });
    await app.register(accessPlugin, { adminEmails: [], db: NO_DB });
    await app.ready();
    for (const name of ['errors', 'security', 'auth-session', 'access']) expect(app.hasPlugin(name)).toBe(true);
    await app.close();
  });
});
