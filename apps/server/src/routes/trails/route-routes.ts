import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROUTE_FILE_MAX_BYTES, setTrailheadSchema, trailRouteSchema } from '@trailbuddy/shared/contracts/trail-route';
import { requireAdmin } from '../../policies/admin.js';
import { readGpxPoints } from '../../trails/gpx.js';
import { getTrailRoute, saveTrailRoute, setTrailhead } from '../../trails/trail-routes.js';
import { errors, uuidParams } from '../schemas.js';
import { readUploadedFile, uploadRoutes } from '../uploads.js';
import { typed, type RouteDeps } from '../types.js';

const tags = ['trails'];

/** A trail's trailhead and route (issue 24, ADR 0057): read by anyone, set by administrators. */
export function trailRouteRoutes(app: FastifyInstance, deps: RouteDeps) {
  const r = typed(app);

  r.get(
    '/api/trails/:id/route',
    {
      schema: {
        tags,
        summary: "A trail's route: distance, elevation gain and loss, highest and lowest point, elevation profile, suggested difficulty",
        params: uuidParams('Trail'),
        response: { 200: trailRouteSchema, 400: errors[400], 404: errors[404] },
      },
      config: { securityHeaders: 'data' },
    },
    async (req) => getTrailRoute(deps.db, req.params.id),
  );

  r.put(
    '/api/trails/:id/trailhead',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Administrators: set where a trail starts (WGS 84 latitude and longitude)',
        params: uuidParams('Trail'),
        body: setTrailheadSchema,
        response: { 204: z.null(), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (req, reply) => {
      await requireAdmin(req, deps.adminEmails);
      await setTrailhead(deps.db, req.params.id, req.body);
      return reply.status(204).send(null);
    },
  );

  void uploadRoutes(app, ROUTE_FILE_MAX_BYTES, (scope) => {
    typed(scope).put(
      '/api/trails/:id/route',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'Administrators: upload a trail\'s route as a GPX file (multipart field "file", at most 5 MB); its facts are computed and stored',
          consumes: ['multipart/form-data'],
          params: uuidParams('Trail'),
          response: {
            200: trailRouteSchema,
            400: errors[400],
            401: errors[401],
            403: errors[403],
            404: errors[404],
            413: errors[413],
          },
        },
      },
      async (req) => {
        await requireAdmin(req, deps.adminEmails);
        const { buffer } = await readUploadedFile(req, 'file', ROUTE_FILE_MAX_BYTES);
        return saveTrailRoute(deps.db, deps.storage, req.params.id, { file: buffer, points: readGpxPoints(buffer, 'file') });
      },
    );
  });
}
