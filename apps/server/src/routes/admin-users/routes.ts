import { fromNodeHeaders } from 'better-auth/node';
import { ADMIN_NOTE_MAX } from '@trailbuddy/shared/contracts/safety';
import { z } from 'zod';
import { badRequest, notFound } from '../../errors.js';
import { requireAdmin } from '../../policies/admin.js';
import { setAccountDisabled } from '../../safety/moderation.js';
import { errors, idParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const adminUserResponse = z.object({ user: z.object({ id: z.string(), email: z.string().nullable(), disabled: z.boolean() }) });

/** The reason is optional (the route was called without a body before it was recorded); the audit log keeps it. */
const adminUserActionBody = z
  .object({
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(ADMIN_NOTE_MAX, `Keep the reason under ${ADMIN_NOTE_MAX} characters.`)
      .optional(),
  })
  // Fastify hands a request without a body over as null.
  .nullish();

/**
 * Administrators disable and enable accounts (sign-up controls). Disabling ends the account's
 * sessions and live streams at once on every instance and cancels its open plans, as disabling
 * from a report does (ADR 0032); every sign-in path answers `user-disabled` until it is enabled
 * again. Both are recorded in the append-only audit log.
 */
export const adminUserRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);

  for (const action of ['disable', 'enable'] as const) {
    r.post(
      `/api/admin/users/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary:
            action === 'disable'
              ? 'Disable an account: its sessions and live streams end, its open plans are cancelled, sign-in answers user-disabled; audited'
              : 'Enable a disabled account; audited',
          params: idParams('User'),
          body: adminUserActionBody,
          response: { 200: adminUserResponse, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
        },
      },
      async (req) => {
        const admin = await requireAdmin(req, deps.adminEmails);
        if (action === 'disable' && req.params.id === admin.id) throw badRequest('You cannot disable your own account.');
        const actor = { ...admin, headers: fromNodeHeaders(req.headers) };
        const user = await setAccountDisabled(deps.db, req.server.auth, actor, req.params.id, {
          disabled: action === 'disable',
          reason: req.body?.reason || undefined,
          now: deps.now(),
        });
        if (!user) throw notFound('User');
        return { user };
      },
    );
  }
};
