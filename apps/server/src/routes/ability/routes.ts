import { z } from 'zod';
import {
  ABILITY_RETURN_PATH,
  ACTIVITY_IMPORT_MAX_FILES,
  ACTIVITY_PROVIDER_NAMES,
  ACTIVITY_PROVIDERS,
  activityImportResultSchema,
  myAbilitySchema,
} from '@trailbuddy/shared/contracts/ability-import';
import { disconnect, importFromProvider, providerStates, saveConnection } from '../../ability/connections.js';
import { deleteFigures, loadAbilities } from '../../ability/figures-store.js';
import { recordActivityFiles } from '../../ability/import-files.js';
import { isValidOAuthState, newOAuthState, OAUTH_STATE_COOKIE, OAUTH_STATE_TTL_MS } from '../../ability/oauth-state.js';
import { ProviderError, type ActivityProvider } from '../../ability/providers/provider.js';
import type { TokenBox } from '../../ability/token-box.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { requireUser } from '../../policies/session.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { uploadRoutes } from '../uploads.js';
import { ACTIVITY_FILE_MAX_BYTES, readImportForm } from './import-form.js';

const tags = ['ability'];

export interface AbilitySettings {
  /** The services configured on this server (none: the feature shows files only). */
  providers: readonly ActivityProvider[];
  appUrl: string;
  stateKey: Buffer;
  tokens: TokenBox;
}

const providerParams = z.object({ provider: z.enum(ACTIVITY_PROVIDERS, { error: 'Unknown activity service.' }) });
const callbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  scope: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

const cookieValue = (header: string | undefined, name: string) =>
  header
    ?.split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1];

/** A provider's failure as the member sees it: the service, not us, and nothing half-kept. */
const providerUnavailable = (provider: ActivityProvider, err: unknown) =>
  err instanceof ProviderError
    ? new AppError(409, 'failed-precondition', `${ACTIVITY_PROVIDER_NAMES[provider.id]} did not answer as expected. Try again later.`)
    : err;

/**
 * Measured ability (issue 24, ADR 0056): the member's own summary, importing GPX, TCX and FIT
 * files, connecting an activity service over OAuth and importing from it, and deleting it all.
 * Everything here is about the signed-in member alone.
 */
export function abilityRoutesWith(settings: AbilitySettings): RouteModule {
  return (app, { db, now }) => {
    const r = typed(app);
    const providerOf = (id: string) => {
      const provider = settings.providers.find((p) => p.id === id);
      if (!provider) throw notFound('Activity service');
      return provider;
    };
    const redirectUri = (id: string) => new URL(`/api/me/ability/${id}/callback`, settings.appUrl).toString();
    const secureCookie = settings.appUrl.startsWith('https:') ? '; Secure' : '';
    const stateCookie = (value: string, maxAgeS: number) =>
      `${OAUTH_STATE_COOKIE}=${value}; Path=/api/me/ability; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secureCookie}`;

    r.get(
      '/api/me/ability',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'My measured ability, and the activity services I can connect',
          response: { 200: myAbilitySchema, 401: errors[401] },
        },
      },
      async (req) => {
        const user = await requireUser(req);
        return { abilities: await loadAbilities(db, user.id, now()), providers: await providerStates(db, user.id, settings.providers) };
      },
    );

    r.delete(
      '/api/me/ability',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Delete my measured ability (the figures of every imported activity)',
          response: { 204: z.null(), 401: errors[401] },
        },
      },
      async (req, reply) => {
        await deleteFigures(db, (await requireUser(req)).id);
        return reply.status(204).send(null);
      },
    );

    void uploadRoutes(
      app,
      ACTIVITY_FILE_MAX_BYTES,
      (scope) => {
        typed(scope).post(
          '/api/me/ability/imports',
          {
            config: { access: 'signed-in' },
            schema: {
              tags,
              summary: `Import GPX, TCX or FIT files (multipart field "files", up to ${ACTIVITY_IMPORT_MAX_FILES}; optional field "activity" for files that do not say); only figures are kept`,
              consumes: ['multipart/form-data'],
              response: { 200: activityImportResultSchema, 400: errors[400], 401: errors[401], 413: errors[413] },
            },
          },
          async (req) => {
            const user = await requireUser(req);
            const { files, fallback } = await readImportForm(req);
            const outcomes = await recordActivityFiles(db, user.id, files, fallback);
            if (outcomes.every((o) => o.status === 'rejected')) {
              const why = outcomes.map((o) => `${o.file}: ${o.reason}`).join(' ');
              throw badRequest(outcomes.length === 1 ? why : `No file could be imported. ${why}`, { files: why });
            }
            return { outcomes, abilities: await loadAbilities(db, user.id, now()) };
          },
        );
      },
      ACTIVITY_IMPORT_MAX_FILES,
    );

    r.get(
      '/api/me/ability/:provider/connect',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: "Connect an activity service: redirects to the service's consent page (OAuth 2 authorization code)",
          params: providerParams,
          response: { 302: z.null(), 400: errors[400], 401: errors[401], 404: errors[404] },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const provider = providerOf(req.params.provider);
        const { state, nonce } = newOAuthState(settings.stateKey, user.id, provider.id, now());
        reply.header('set-cookie', stateCookie(nonce, OAUTH_STATE_TTL_MS / 1000));
        return reply.redirect(provider.authorizeUrl(state, redirectUri(provider.id)), 302);
      },
    );

    r.get(
      '/api/me/ability/:provider/callback',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Where the activity service sends the member back; imports the last 12 months, then redirects to the profile',
          params: providerParams,
          querystring: callbackQuery,
          response: { 302: z.null(), 400: errors[400], 401: errors[401], 404: errors[404] },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const provider = providerOf(req.params.provider);
        const back = (outcome: 'connected' | 'denied' | 'failed') =>
          reply.header('set-cookie', stateCookie('', 0)).redirect(`${ABILITY_RETURN_PATH}?ability=${outcome}`, 302);
        const { code, state, error } = req.query;
        // A callback this browser did not start (or for another member, or too late) is refused outright.
        if (
          !state ||
          !isValidOAuthState(settings.stateKey, state, cookieValue(req.headers.cookie, OAUTH_STATE_COOKIE), user.id, provider.id, now())
        ) {
          throw badRequest('This connection was not started here, or took too long. Start it again from your profile.', {
            state: 'Invalid or expired state.',
          });
        }
        if (error || !code) return back('denied');
        try {
          await saveConnection(db, settings.tokens, user.id, provider, await provider.exchangeCode(code, redirectUri(provider.id)), now());
          await importFromProvider(db, settings.tokens, user.id, provider, now());
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          req.log.warn({ err }, 'activity service connection failed');
          return back('failed');
        }
        return back('connected');
      },
    );

    r.post(
      '/api/me/ability/:provider/import',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Import my activities of the last 12 months from a connected service again',
          params: providerParams,
          response: { 200: activityImportResultSchema, 400: errors[400], 401: errors[401], 404: errors[404], 409: errors[409] },
        },
      },
      async (req) => {
        const user = await requireUser(req);
        const provider = providerOf(req.params.provider);
        const result = await importFromProvider(db, settings.tokens, user.id, provider, now()).catch((err: unknown) => {
          throw providerUnavailable(provider, err);
        });
        if (!result) throw notFound(`${ACTIVITY_PROVIDER_NAMES[provider.id]} connection`);
        return result;
      },
    );

    r.delete(
      '/api/me/ability/:provider',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Disconnect an activity service: our access is revoked there and its tokens dropped (imported figures stay)',
          params: providerParams,
          response: { 204: z.null(), 400: errors[400], 401: errors[401], 404: errors[404] },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const provider = providerOf(req.params.provider);
        const gone = await disconnect(db, settings.tokens, user.id, provider, now(), (err) =>
          req.log.warn({ err }, 'activity service revoke failed'),
        );
        if (!gone) throw notFound(`${ACTIVITY_PROVIDER_NAMES[provider.id]} connection`);
        return reply.status(204).send(null);
      },
    );
  };
}
