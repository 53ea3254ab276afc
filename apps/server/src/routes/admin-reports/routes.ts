import { fromNodeHeaders } from 'better-auth/node';
import { adminReportActionSchema, adminReportSchema, auditEntrySchema, REPORT_STATUSES } from '@trailbuddy/shared/contracts/safety';
import { z } from 'zod';
import { requireAdmin } from '../../policies/admin.js';
import { actOnReport, listAuditLog, listReports } from '../../safety/moderation.js';
import { errors, uuidParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['admin'];
const adminErrors = { 401: errors[401], 403: errors[403] };

/** Moderation (issue 14, ADR 0032): the reports queue, its actions and the audit log, for administrators. */
export const adminReportRoutes: RouteModule = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The reports queue of one status (open, in_review, closed), with the context each report copied',
        querystring: z.object({ status: z.enum(REPORT_STATUSES, { error: 'Status must be open, in_review or closed.' }).default('open') }),
        response: { 200: z.object({ reports: z.array(adminReportSchema) }), 400: errors[400], ...adminErrors },
      },
    },
    async (req) => ({ reports: await listReports(deps.db, req.query.status) }),
  );

  r.post(
    '/api/admin/reports/:id/actions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Act on a report: review, dismiss, warn (a notification) or disable the account; recorded in the audit log',
        params: uuidParams('Report'),
        body: adminReportActionSchema,
        response: { 204: z.null(), 400: errors[400], ...adminErrors, 404: errors[404], 409: errors[409] },
      },
    },
    async (req, reply) => {
      const admin = await requireAdmin(req, deps.adminEmails);
      const actor = { ...admin, headers: fromNodeHeaders(req.headers) };
      await actOnReport(deps.db, req.server.auth, actor, req.params.id, req.body, deps.now());
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The administrators’ audit log, newest first (append-only)',
        response: { 200: z.object({ entries: z.array(auditEntrySchema) }), ...adminErrors },
      },
    },
    async () => ({ entries: await listAuditLog(deps.db) }),
  );
};
