import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@trailbuddy/shared/contracts/push';
import { z } from 'zod';
import { AppError, invalidField, notFound } from '../../errors.js';
import { requireUser } from '../../policies/session.js';
import { PUSH_ENDPOINT_REFUSED, pushEndpointRefusal, type PushEndpointPolicy } from '../../push/endpoints.js';
import { removeSubscription, saveSubscription } from '../../push/subscriptions.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['push'];

export interface PushRouteOptions {
  vapidPublicKey: string | undefined;
  /** Which endpoints a subscription may name (ADR 0052). */
  endpoints: PushEndpointPolicy;
  /** Browsers per account; a new one replaces the oldest. */
  subscriptionsPerAccount: number;
}

/**
 * Web push (ADR 0024): the public key a browser subscribes with, and the signed-in person's
 * subscriptions, one per browser, at most a few per person, on the browser vendors' push
 * services only (ADR 0052). Only the person who holds a subscription can remove it.
 */
export const pushRoutesWith =
  ({ vapidPublicKey, endpoints, subscriptionsPerAccount }: PushRouteOptions): RouteModule =>
  (app, { db }) => {
    const r = typed(app);

    r.get(
      '/api/push/public-key',
      {
        schema: {
          tags,
          summary: 'The VAPID public key to subscribe this browser with (applicationServerKey)',
          response: { 200: z.object({ publicKey: z.string() }), 404: errors[404] },
        },
      },
      async () => {
        if (!vapidPublicKey) throw new AppError(404, 'not-found', 'Push notifications are not configured on this server.');
        return { publicKey: vapidPublicKey };
      },
    );

    r.post(
      '/api/push/subscriptions',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Receive push notifications in this browser (a push service endpoint; the newest few browsers per account are kept)',
          body: pushSubscriptionSchema,
          response: { 204: z.null(), 400: errors[400], 401: errors[401] },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const refusal = pushEndpointRefusal(req.body.endpoint, endpoints);
        if (refusal !== null) {
          req.log.info({ refusal }, 'push endpoint refused');
          throw invalidField('endpoint', PUSH_ENDPOINT_REFUSED);
        }
        await saveSubscription(db, user.id, req.body, subscriptionsPerAccount);
        return reply.status(204).send(null);
      },
    );

    r.delete(
      '/api/push/subscriptions',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Stop push notifications in this browser',
          body: pushUnsubscribeSchema,
          response: { 204: z.null(), 400: errors[400], 401: errors[401], 404: errors[404] },
        },
      },
      async (req, reply) => {
        const removed = await removeSubscription(db, (await requireUser(req)).id, req.body.endpoint);
        if (!removed) throw notFound('Push subscription');
        return reply.status(204).send(null);
      },
    );
  };
