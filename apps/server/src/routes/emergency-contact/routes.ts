import { z } from 'zod';
import { emergencyContactInputSchema, myEmergencyContactSchema } from '@trailbuddy/shared/contracts/trip';
import { requireUser } from '../../policies/session.js';
import {
  confirmEmergencyContact,
  contactByToken,
  getEmergencyContact,
  removeEmergencyContact,
  setEmergencyContact,
} from '../../trips/emergency-contact.js';
import { errors } from '../schemas.js';
import { html } from '../../html.js';
import { htmlPage, p, PRIVATE_PAGE_HEADERS } from '../trips/page.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['emergency-contact'];
const tokenParams = z.object({ token: z.string().min(1).max(200, 'Token is too long.') });
const notAvailable = () => htmlPage('Link not available', p('This confirmation link does not exist or was replaced by a newer one.'));

/**
 * My emergency contact (ADR 0033): only I read or change it (the session decides whose), and the
 * contact confirms by the link mailed to them, on a page that needs no account.
 */
export function emergencyContactRoutesWith({ appUrl }: { appUrl: string }): RouteModule {
  return (app, { db, now }) => {
    const r = typed(app);
    // The confirmation page's form posts urlencoded; its body carries nothing (the token is in the path).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, {}),
    );

    r.get(
      '/api/me/emergency-contact',
      {
        config: { access: 'signed-in' },
        schema: { tags, summary: 'My emergency contact', response: { 200: myEmergencyContactSchema, 401: errors[401] } },
      },
      async (req) => ({ contact: await getEmergencyContact(db, (await requireUser(req)).id) }),
    );

    r.put(
      '/api/me/emergency-contact',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Set my emergency contact; a new address is mailed a confirmation link and is unconfirmed until they follow it ' +
            '(a few new addresses a day per account: past that, 429 naming `email`); replacing the contact ends the trip links it held',
          body: emergencyContactInputSchema,
          response: { 200: myEmergencyContactSchema, 400: errors[400], 401: errors[401], 429: errors[400] },
        },
      },
      async (req) => ({ contact: await setEmergencyContact(db, (await requireUser(req)).id, req.body, { appUrl, now: now() }) }),
    );

    r.delete(
      '/api/me/emergency-contact',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Remove my emergency contact, ending the trip links it held',
          response: { 204: z.null(), 401: errors[401] },
        },
      },
      async (req, reply) => {
        await removeEmergencyContact(db, (await requireUser(req)).id);
        return reply.status(204).send(null);
      },
    );

    // The link in the mail opens a page that asks; only the button confirms, so a mail scanner
    // that follows links does not agree on the contact's behalf.
    r.get('/emergency-contact/:token', { schema: { hide: true, params: tokenParams } }, async (req, reply) => {
      const found = await contactByToken(db, req.params.token);
      reply.headers(PRIVATE_PAGE_HEADERS);
      if (!found) return reply.status(404).send(notAvailable());
      if (found.confirmed)
        return reply.send(htmlPage('You are the emergency contact', p(`You already agreed to be ${found.ownerName}'s emergency contact.`)));
      return reply.send(
        htmlPage(`Be ${found.ownerName}'s emergency contact?`, [
          p(
            `${found.ownerName} named you as their emergency contact on TrailBuddy. If you agree, they can share their hike plans with you, and we will e-mail you if they do not check out after one.`,
          ),
          html`<form method="post"><button type="submit">I agree</button></form>`,
          p('If you do not agree, close this page: you will receive nothing else from us.'),
        ]),
      );
    });

    r.post('/emergency-contact/:token', { schema: { hide: true, params: tokenParams } }, async (req, reply) => {
      const confirmed = await confirmEmergencyContact(db, req.params.token, now());
      reply.headers(PRIVATE_PAGE_HEADERS);
      if (!confirmed) return reply.status(404).send(notAvailable());
      return reply.send(
        htmlPage(
          'Thank you',
          p(`You agreed to be ${confirmed.ownerName}'s emergency contact. You will receive their hike plans when they share them.`),
        ),
      );
    });
  };
}
