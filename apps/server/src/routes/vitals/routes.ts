import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

export const VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export const MAX_METRICS_PER_REPORT = 20;

const metricSchema = z.object({
  name: z.enum(VITAL_NAMES, { error: 'name must be LCP, CLS, INP, FCP or TTFB.' }),
  // Milliseconds for the timings, a unitless score for CLS; ten minutes bounds any real page.
  value: z.number({ error: 'value must be a number.' }).min(0, 'value must be 0 or more.').max(600_000, 'value is out of range.'),
  rating: z.enum(['good', 'needs-improvement', 'poor'], { error: 'rating must be good, needs-improvement or poor.' }),
  id: z.string({ error: 'id is required.' }).min(1, 'id is required.').max(100),
  navigationType: z.string().max(40).optional(),
});

const vitalsReportSchema = z.object({
  metrics: z
    .array(metricSchema, { error: 'metrics must be a list.' })
    .min(1, 'metrics must not be empty.')
    .max(MAX_METRICS_PER_REPORT, `At most ${MAX_METRICS_PER_REPORT} metrics per report.`),
  path: z.string({ error: 'path is required.' }).max(2048).startsWith('/', 'path must start with /.'),
});

/**
 * Field data from real browsers (architecture §7 budgets): the page batches its Core Web Vitals
 * and sends them with navigator.sendBeacon while it is being hidden. Beacons cannot wait for an
 * answer or carry a session reliably, so the endpoint is open, rate-limited like the rest of the
 * API, bounded in size, and only logs.
 */
export const vitalsRoutes: RouteModule = (app) => {
  // sendBeacon with a string body sends text/plain; this module's scope (and only it) reads that as JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body must be JSON.'), undefined);
    }
  });

  typed(app).post(
    '/api/vitals',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['vitals'],
        summary: 'Report web-vitals measurements from the browser (JSON, as application/json or text/plain)',
        consumes: ['application/json', 'text/plain'],
        body: vitalsReportSchema,
        response: { 204: z.null(), 400: errors[400], 413: errors[413] },
      },
    },
    async (req, reply) => {
      req.log.info({ vitals: req.body }, 'web vitals');
      return reply.status(204).send(null);
    },
  );
};
