import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createTrailRequestSchema,
  TRAIL_IMAGE_KEY_PREFIXES,
  trailImageUploadQuerySchema,
  TRAIL_PAGE_SIZE,
  trailListQuerySchema,
  trailPageSchema,
  trailPlacesSchema,
  trailSchema,
  type TrailImageKind,
  updateTrailRequestSchema,
} from '@trailbuddy/shared/contracts/trail';
import { requireAdmin } from '../../policies/admin.js';
import { encodedEtag, etagMatches, preferredEncoding } from '../../compression.js';
import type { StoredJson } from '../../trails/trail-list-cache.js';
import { fileUrl } from '../../storage/file-url.js';
import { createTrail, deleteTrail, getTrail, listTrailPage, updateTrail } from '../../trails/trails.js';
import { processImageUpload, storageKeys } from '../../storage/images.js';
import { invalidField } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { errors, uuidParams } from '../schemas.js';
import { readUploadedFile, uploadRoutes } from '../uploads.js';
import { typed, type RouteModule } from '../types.js';
import { trailRouteRoutes } from './route-routes.js';

const tags = ['trails'];

/** An uploaded image key must be one of ours, of the right kind, and really stored. */
async function checkUploadedKey(storage: FileStorage, field: TrailImageKind, key: string | undefined) {
  if (key === undefined) return null;
  if (!key.startsWith(TRAIL_IMAGE_KEY_PREFIXES[field]) || key.includes('..'))
    throw invalidField(field, `Upload the ${field} first and send the key it returned.`);
  if (!(await storage.get(key))) throw invalidField(field, `The uploaded ${field} was not found; upload it again.`);
  return key;
}

/**
 * Removes a trail's stored files once its row no longer names them: after the commit, so a
 * failure here leaves an orphan file, never a broken trail. Seeded paths and URLs are not ours.
 */
async function removeStoredFiles(storage: FileStorage, keys: (string | null)[], log: FastifyBaseLogger) {
  for (const key of keys) {
    if (key && !/^(https?:)?\//.test(key))
      await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete trail file'));
  }
}

/** A cached JSON answer as its stored bytes in the encoding the request prefers, or a 304 (ADR 0015). */
async function sendStored(req: FastifyRequest, reply: FastifyReply, stored: StoredJson) {
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const etag = encodedEtag(stored.etag, encoding);
  reply.header('etag', etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send(null);
  // Bytes, not the typed object: the type provider does not know they are its serialized form.
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding === 'identity') return reply.send(stored.body);
  return reply.header('content-encoding', encoding).send(await stored.encoded(encoding));
}

export const trailRoutes: RouteModule = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/trails',
    {
      schema: {
        tags,
        summary:
          'A page of the trails, ordered by order or by distance from a city; filters by activity, country, place and words of the name or place',
        description:
          'Without a cursor, the first page; each page names the cursor of the next one (`nextCursor`, null on the last). ' +
          'The cursor is opaque: send back what a page gave. The unfiltered first page is served from memory with an ETag.',
        querystring: trailListQuerySchema,
        response: { 200: trailPageSchema, 304: z.null(), 400: errors[400] },
      },
      // Served from memory (below): counting it per IP would cost more than answering it, and
      // JSON needs no document headers (plugins/security.ts).
      config: { rateLimit: false, securityHeaders: 'data' },
    },
    async (req, reply) => {
      const { activity, country, location, q, cursor, limit, sort, from } = req.query;
      const firstPage =
        [activity, country, location, q, cursor, from].every((v) => v === undefined) &&
        (sort ?? 'order') === 'order' &&
        (limit ?? TRAIL_PAGE_SIZE) === TRAIL_PAGE_SIZE;
      if (!firstPage) return listTrailPage(deps.db, req.query, deps.now());
      // The unfiltered first page is the one every home page asks for: sent as stored bytes, already
      // serialized and compressed, or as a 304 when the browser has it.
      return sendStored(req, reply, await deps.trailList.get(deps.now()));
    },
  );

  r.get(
    '/api/trails/places',
    {
      schema: {
        tags,
        summary: 'The places that have trails, grouped by country (the location filter), and how many trails are listed',
        response: { 200: trailPlacesSchema, 304: z.null() },
      },
      // Asked once per home visit, not per scroll: the rate limiter stays on.
      config: { securityHeaders: 'data' },
    },
    async (req, reply) => sendStored(req, reply, await deps.trailList.places(deps.now())),
  );

  r.get(
    '/api/trails/:id',
    {
      schema: {
        tags,
        summary: 'One trail',
        params: uuidParams('Trail'),
        response: { 200: trailSchema, 400: errors[400], 404: errors[404] },
      },
    },
    async (req) => getTrail(deps.db, req.params.id),
  );

  void uploadRoutes(app, deps.uploadMaxBytes, (scope) => {
    typed(scope).post(
      '/api/trail-images',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Administrators: upload a trail image or map image (multipart field "file") before adding the trail',
          consumes: ['multipart/form-data'],
          querystring: trailImageUploadQuerySchema,
          response: {
            201: z.object({ key: z.string(), url: z.string() }),
            400: errors[400],
            401: errors[401],
            403: errors[403],
            413: errors[413],
          },
        },
      },
      async (req, reply) => {
        await requireAdmin(req, deps.adminEmails);
        const { buffer, filename } = await readUploadedFile(req, 'file', deps.uploadMaxBytes);
        const { jpeg } = await processImageUpload(buffer, {
          field: 'file',
          maxBytes: deps.uploadMaxBytes,
          maxPixels: deps.uploadMaxPixels,
        });
        const keyOf = req.query.kind === 'image' ? storageKeys.trailImage : storageKeys.mapImage;
        const key = keyOf(req.query.trailName, `${deps.now().getTime()}-${filename}`);
        await deps.storage.put(key, jpeg, 'image/jpeg');
        return reply.status(201).send({ key, url: fileUrl(key)! });
      },
    );
  });

  trailRouteRoutes(app, deps);

  r.post(
    '/api/trails',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Administrators: add a trail as the coming weekend session',
        body: createTrailRequestSchema,
        response: { 201: trailSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (req, reply) => {
      const admin = await requireAdmin(req, deps.adminEmails);
      const image = await checkUploadedKey(deps.storage, 'image', req.body.image);
      const map = await checkUploadedKey(deps.storage, 'map', req.body.map);
      const trail = await createTrail(
        deps.db,
        { ...req.body, image, map },
        { createdBy: admin.id, now: deps.now(), timeZone: deps.timeZone },
      );
      return reply.status(201).send(trail);
    },
  );

  r.put(
    '/api/trails/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Administrators: edit a trail (its session keeps its day; it starts at the first of its start times)',
        params: uuidParams('Trail'),
        body: updateTrailRequestSchema,
        response: { 200: trailSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (req) => {
      await requireAdmin(req, deps.adminEmails);
      const image = await checkUploadedKey(deps.storage, 'image', req.body.image);
      const map = await checkUploadedKey(deps.storage, 'map', req.body.map);
      const { trail, replaced } = await updateTrail(deps.db, req.params.id, { ...req.body, image, map }, { timeZone: deps.timeZone });
      await removeStoredFiles(deps.storage, replaced, req.log);
      return trail;
    },
  );

  r.delete(
    '/api/trails/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Administrators: delete a trail',
        params: uuidParams('Trail'),
        response: { 204: z.null(), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (req, reply) => {
      const admin = await requireAdmin(req, deps.adminEmails);
      const files = await deleteTrail(deps.db, req.params.id, { actorId: admin.id, now: deps.now() });
      await removeStoredFiles(deps.storage, [files.image, files.map], req.log);
      return reply.status(204).send(null);
    },
  );
};
