import { apiErrorSchema } from '@trailbuddy/shared/contracts/errors';
import {
  historyPageSchema,
  historyQuerySchema,
  markReadResultSchema,
  markReadSchema,
  sendMessageResultSchema,
  sendMessageSchema,
  unreadCountsSchema,
} from '@trailbuddy/shared/contracts/messages';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../policies/session.js';
import { history, markRead, sendMessage, unreadCounts, type ConversationContext } from '../../conversation/conversation.js';
import { errors, uuidParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['messages'];
const threadErrors = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] };

/** The buddy conversation of a match (ADR 0026): its participants only, while it is open. */
export const messageRoutes: RouteModule = (app, deps) => {
  const r = typed(app);
  const context = async (req: FastifyRequest): Promise<ConversationContext> => ({ userId: (await requireUser(req)).id, now: deps.now() });

  r.get(
    '/api/matches/:id/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "A page of a match's conversation, newest page first, with the read receipts and my unread count",
        params: uuidParams('Match'),
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...threadErrors },
      },
    },
    async (req) => history(deps.db, await context(req), req.params.id, req.query),
  );

  r.post(
    '/api/matches/:id/messages',
    {
      config: { access: 'may-match' },
      schema: {
        tags,
        summary: 'Send a message to my buddy; a retry with the same clientId returns the same message',
        params: uuidParams('Match'),
        body: sendMessageSchema,
        response: {
          200: sendMessageResultSchema,
          201: sendMessageResultSchema,
          ...threadErrors,
          409: errors[409],
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const result = await sendMessage(deps.db, await context(req), req.params.id, req.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  r.post(
    '/api/matches/:id/messages/read',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Mark a match's conversation read up to a message (never moves back)",
        params: uuidParams('Match'),
        body: markReadSchema,
        response: { 200: markReadResultSchema, ...threadErrors },
      },
    },
    async (req) => markRead(deps.db, await context(req), req.params.id, req.body.messageId),
  );

  r.get(
    '/api/messages/unread',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'My unread messages per open conversation and in total',
        response: { 200: unreadCountsSchema, 401: errors[401] },
      },
    },
    async (req) => unreadCounts(deps.db, await context(req)),
  );
};
