import { z } from 'zod';
import {
  KINDS_SEEN_ON_MATCH,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationSchema,
  seenMatchesResultSchema,
  seenMatchesSchema,
  unreadCountSchema,
} from '@trailbuddy/shared/contracts/notifications';
import { invalidField, notFound } from '../../errors.js';
import { getNotification, listNotifications, unreadCount } from '../../notifications/inbox.js';
import { markAllRead, markMatchesRead, markRead } from '../../notifications/notify.js';
import { loadPreferences, savePreferences, switchChannelOff } from '../../notifications/preferences.js';
import { verifyUnsubscribeToken } from '../../notifications/unsubscribe-token.js';
import { requireUser } from '../../policies/session.js';
import { errors, uuidParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['notifications'];

export const notificationRoutes: RouteModule = (app, deps) => {
  const r = typed(app);

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form. Parsed in this scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  r.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'My notifications, newest first, a page at a time (cursor), with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (req) => listNotifications(deps.db, (await requireUser(req)).id, req.query),
  );

  r.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'How many of my notifications are unread (the bell)',
        response: { 200: unreadCountSchema, 401: errors[401] },
      },
    },
    async (req) => ({ unread: await unreadCount(deps.db, (await requireUser(req)).id) }),
  );

  r.post(
    '/api/notifications/read-all',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Mark all my notifications read', response: { 204: z.null(), 401: errors[401] } },
    },
    async (req, reply) => {
      await markAllRead(deps.db, (await requireUser(req)).id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/notifications/read-matches',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "Mark read my notifications about matches I am looking at (their cards or their page): every kind but messages, which their conversation's read mark clears (ADR 0037)",
        body: seenMatchesSchema,
        response: { 200: seenMatchesResultSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (req) => markMatchesRead(deps.db, (await requireUser(req)).id, req.body.matchIds, KINDS_SEEN_ON_MATCH),
  );

  r.get(
    '/api/notifications/preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'My notification preferences: per kind and channel, quiet hours, time zone',
        response: { 200: notificationPreferencesSchema, 401: errors[401] },
      },
    },
    async (req) => loadPreferences(deps.db, (await requireUser(req)).id),
  );

  r.put(
    '/api/notifications/preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Replace my notification preferences',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (req) => savePreferences(deps.db, (await requireUser(req)).id, req.body),
  );

  r.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: "One-click unsubscribe from a notification mail (RFC 8058): turns off e-mail for the mail's kinds, no sign-in",
        querystring: z.object({ token: z.string().min(1, 'The unsubscribe token is required.').max(2000) }),
        response: { 200: z.object({ unsubscribed: z.array(z.string()) }), 400: errors[400] },
      },
    },
    async (req) => {
      const claims = verifyUnsubscribeToken(deps.notifications.unsubscribeKey, req.query.token);
      if (!claims) throw invalidField('token', 'This unsubscribe link is not valid.');
      await switchChannelOff(deps.db, claims.userId, claims.kinds, 'email');
      return { unsubscribed: claims.kinds };
    },
  );

  r.get(
    '/api/notifications/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'One of my notifications (what an e-mailed link opens)',
        params: uuidParams('Notification'),
        response: { 200: notificationSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (req) => getNotification(deps.db, (await requireUser(req)).id, req.params.id),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: uuidParams('Notification'),
        response: { 204: z.null(), 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (req, reply) => {
      // Someone else's notification is "not found": its existence is not theirs to learn.
      if (!(await markRead(deps.db, (await requireUser(req)).id, req.params.id))) throw notFound('Notification');
      return reply.status(204).send(null);
    },
  );
};
