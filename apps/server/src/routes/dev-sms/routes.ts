import { z } from 'zod';
import { notFound } from '../../errors.js';
import { smsDevInbox } from '../../db/schema/index.js';
import { listDevSms, renderDevSmsPage } from '../../auth/phone/sms/dev-inbox.js';
import { typed, type RouteModule } from '../types.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const devSms = z.object({ id: z.string(), to: z.string(), body: z.string(), receivedAt: z.iso.datetime() });
const tags = ['development'];

/**
 * The development SMS inbox (architecture §1): what the dev transport "delivered", as JSON for
 * scripts and tests and as a page a person reads. Only registered while the dev transport is the
 * active one (DEV_INBOX on, NODE_ENV not production, no SMS_WEBHOOK_URL), and, like the mail
 * inbox bound to 127.0.0.1, only answered to requests from this machine: it shows live codes.
 */
export const devSmsRoutes: RouteModule = (app, deps) => {
  if (deps.identity.phone.transport !== 'dev-inbox') return;
  const r = typed(app);
  app.addHook('onRequest', async (req) => {
    if (!LOOPBACK.has(req.ip)) throw notFound('Page');
  });

  r.get(
    '/api/dev/sms',
    {
      schema: {
        tags,
        summary: 'Development only: the text messages the dev SMS transport delivered, newest first',
        querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.object({ messages: z.array(devSms) }) },
      },
    },
    async (req) => {
      const messages = await listDevSms(deps.db, { to: req.query.to, limit: req.query.limit });
      return { messages: messages.map((m) => ({ ...m, receivedAt: m.receivedAt.toISOString() })) };
    },
  );

  r.delete(
    '/api/dev/sms',
    { schema: { tags, summary: 'Development only: empty the SMS inbox', response: { 200: z.object({ deleted: z.number().int() }) } } },
    async () => ({ deleted: (await deps.db.delete(smsDevInbox).returning({ id: smsDevInbox.id })).length }),
  );

  r.get('/dev/sms', { schema: { hide: true } }, async (_req, reply) => {
    const page = renderDevSmsPage(await listDevSms(deps.db, { limit: 200 }));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });
};
