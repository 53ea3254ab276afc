import { reportInputSchema } from '@trailbuddy/shared/contracts/safety';
import { z } from 'zod';
import { requireUser } from '../../policies/session.js';
import { createReport } from '../../safety/reports.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

/** Reporting a person (issue 14): a reason from the list, free text, and the context copied in. */
export const reportRoutes: RouteModule = (app, deps) => {
  typed(app).post(
    '/api/reports',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['safety'],
        summary:
          'Report a person, optionally about a match or one of their messages; the match and its last messages are copied into the report',
        body: reportInputSchema,
        response: { 201: z.object({ id: z.string() }), 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      return reply.status(201).send(await createReport(deps.db, user.id, req.body, deps.now()));
    },
  );
};
