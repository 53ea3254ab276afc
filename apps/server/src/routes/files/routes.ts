import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@trailbuddy/shared/contracts/images';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import { createImageVariants, variantFormatFor } from '../../storage/image-variants.js';
import { validateKey } from '../../storage/storage.js';
import { typed, type RouteModule } from '../types.js';

const widths = IMAGE_VARIANT_WIDTHS.map(String) as [string, ...string[]];

const querySchema = z.object({
  w: z
    .enum(widths, { error: `w must be one of ${IMAGE_VARIANT_WIDTHS.join(', ')}.` })
    .transform((w) => Number(w) as ImageVariantWidth)
    .optional()
    .describe('A narrower copy of the image, this many pixels wide (for srcset); WebP when the Accept header takes it'),
});

/**
 * Serves stored files (trail images, maps, profile pictures) from whichever storage is
 * configured, so local disk and S3 look the same to the browser. Keys carry a timestamp,
 * so a stored file never changes and can be cached for long; so can its narrower copies.
 */
export const fileRoutes: RouteModule = (app, { storage }) => {
  const variants = createImageVariants(storage);
  typed(app).get(
    '/api/files/*',
    {
      schema: {
        tags: ['files'],
        summary: 'A stored image (JPEG), or with w a narrower copy of it (WebP or JPEG)',
        params: z.object({ '*': z.string() }),
        querystring: querySchema,
      },
      config: { rateLimit: false },
    },
    async (req, reply) => {
      const key = req.params['*'];
      validateKey(key);
      const { w } = req.query;
      // A copy's format follows the Accept header, so caches must keep one per Accept.
      if (w !== undefined) reply.header('vary', 'accept');
      const file = w === undefined ? await storage.get(key) : await variants.get(key, w, variantFormatFor(req.headers.accept));
      if (!file) throw notFound('File');
      return reply.header('content-type', file.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(file.body);
    },
  );
};
