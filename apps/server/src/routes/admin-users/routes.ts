import { z } from 'zod';
import { badRequest, notFound } from '../../errors.js';
import { setUserDisabled } from '../../identity/sign-up-controls.js';
import { requireAdmin } from '../../policies/admin.js';
import { errors, idParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { assertSameOrigin } from '../identity/kit.js';

const adminUserResponse = z.object({ user: z.object({ id: z.string(), email: z.string().nullable(), disabled: z.boolean() }) });

/**
 * Administrators disable and enable accounts (sign-up controls). A disabled account's sessions
 * end at once and every sign-in path answers `user-disabled` until it is enabled again.
 */
export const adminUserRoutes: RouteModule = async (app, deps) => {
  // Cookie-authenticated changes to other people's accounts: same-origin only, like /api/identity.
  app.addHook('preHandler', async (req) => assertSameOrigin(req, deps));
  const r = typed(app);

  for (const action of ['disable', 'enable'] as const) {
    r.post(
      `/api/admin/users/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary:
            action === 'disable' ? 'Disable an account: its sessions end and sign-in answers user-disabled' : 'Enable a disabled account',
          params: idParams('User'),
          response: { 200: adminUserResponse, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
        },
      },
      async (req) => {
        const admin = await requireAdmin(req, deps.adminEmails);
        if (action === 'disable' && req.params.id === admin.id) throw badRequest('You cannot disable your own account.');
        const user = await setUserDisabled(deps.db, req.server.auth, req.params.id, action === 'disable');
        if (!user) throw notFound('User');
        return { user };
      },
    );
  }
};
