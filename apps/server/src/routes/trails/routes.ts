import { z } from 'zod';
import { createTrailSchema, trailListQuerySchema, trailSchema, type Trail } from '@trailbuddy/shared/contracts/trail';
import { requireAdmin } from '../../policies/admin.js';
import { createTrailListCache } from '../../services/trail-list-cache.js';
import { createTrail, deleteTrail, fileUrl, getTrail, listTrails } from '../../services/trails.js';
import { processImageUpload, storageKeys } from '../../storage/images.js';
import { invalidField } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { errors, uuidParams } from '../schemas.js';
import { readUploadedFile } from '../uploads.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['trails'];

const uploadQuerySchema = z.object({
  kind: z.enum(['image', 'map'], { error: 'kind must be image or map.' }),
  trailName: z.string({ error: 'Trail name is required.' }).trim().min(1, 'Trail name is required.'),
});

const createBodySchema = createTrailSchema.extend({
  image: z.string().optional().describe('A key returned by POST /api/trail-images with kind=image'),
  map: z.string().optional().describe('A key returned by POST /api/trail-images with kind=map'),
});

/** An uploaded image key must be one of ours, of the right kind, and really stored. */
async function checkUploadedKey(storage: FileStorage, field: 'image' | 'map', key: string | undefined) {
  if (key === undefined) return null;
  const prefix = field === 'image' ? 'trailImages/' : 'mapImages/';
  if (!key.startsWith(prefix) || key.includes('..')) throw invalidField(field, `Upload the ${field} first and send the key it returned.`);
  if (!(await storage.get(key))) throw invalidField(field, `The uploaded ${field} was not found; upload it again.`);
  return key;
}

export const trailRoutes: RouteModule = (app, deps) => {
  const r = typed(app);
  // With a live-event hub the unfiltered list is served from memory until a trail event.
  const cache = deps.events ? createTrailListCache(deps.db, deps.events) : undefined;
  if (cache) app.addHook('onClose', async () => cache.close());

  r.get(
    '/api/trails',
    {
      schema: {
        tags,
        summary: 'All trails, ordered by order; optional activity and country filters',
        querystring: trailListQuerySchema,
        response: { 200: z.object({ trails: z.array(trailSchema) }), 400: errors[400] },
      },
      // Served from memory (below): counting it per IP would cost more than answering it.
      config: { rateLimit: false },
    },
    async (req, reply) => {
      const filtered = req.query.activity !== undefined || req.query.country !== undefined;
      if (!cache || filtered) return { trails: await listTrails(deps.db, req.query, deps.now()) };
      // Already the serialized form of the response schema: sent as bytes, not serialized again.
      const json: unknown = await cache.get(deps.now());
      return reply.header('content-type', 'application/json; charset=utf-8').send(json as { trails: Trail[] });
    },
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

  r.post(
    '/api/trail-images',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Administrators: upload a trail image or map image (multipart field "file") before adding the trail',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
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
      const { jpeg } = await processImageUpload(buffer, { field: 'file', maxBytes: deps.uploadMaxBytes });
      const keyOf = req.query.kind === 'image' ? storageKeys.trailImage : storageKeys.mapImage;
      const key = keyOf(req.query.trailName, `${deps.now().getTime()}-${filename}`);
      await deps.storage.put(key, jpeg, 'image/jpeg');
      return reply.status(201).send({ key, url: fileUrl(key)! });
    },
  );

  r.post(
    '/api/trails',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Administrators: add a trail as the coming weekend session',
        body: createBodySchema,
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
      await requireAdmin(req, deps.adminEmails);
      const files = await deleteTrail(deps.db, req.params.id);
      // Files are removed after the row: a failure here leaves an orphan file, never a broken trail.
      for (const key of [files.image, files.map]) {
        if (key && !/^(https?:)?\//.test(key))
          await deps.storage.delete(key).catch((err: unknown) => req.log.warn({ err, key }, 'could not delete trail file'));
      }
      return reply.status(204).send(null);
    },
  );
};
