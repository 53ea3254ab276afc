import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteModule } from '../types.js';
import { typed } from '../types.js';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']) });

export const healthRoutes: RouteModule = (app, { db }) => {
  typed(app).get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthSchema, 503: healthSchema } } },
    async (_req, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
};
