import { z } from 'zod';
import { notFound } from '../../errors.js';
import { validateKey } from '../../storage/storage.js';
import { typed, type RouteModule } from '../types.js';

/**
 * Serves stored files (trail images, maps, profile pictures) from whichever storage is
 * configured, so local disk and S3 look the same to the browser. Keys carry a timestamp,
 * so a stored file never changes and can be cached for long.
 */
export const fileRoutes: RouteModule = (app, { storage }) => {
  typed(app).get(
    '/api/files/*',
    {
      schema: { tags: ['files'], summary: 'A stored image (JPEG)', params: z.object({ '*': z.string() }) },
      config: { rateLimit: false },
    },
    async (req, reply) => {
      const key = req.params['*'];
      validateKey(key);
      const file = await storage.get(key);
      if (!file) throw notFound('File');
      return reply.header('content-type', file.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(file.body);
    },
  );
};
