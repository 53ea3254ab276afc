import { z } from 'zod';
import { html } from '../html.js';
import { button, details, layout, paragraph, type Block, type RenderedMail } from './layout.js';

/**
 * The trip plan's mails (ADR 0033): the emergency contact's confirmation, the trip card "Share my
 * trip" sends, and the overdue alert. Their params join `templateSchemas` (templates.ts).
 */
const required = z.string().trim().min(1, 'is required');
const webLink = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });
const general = z.object({ to_email: z.email(), to_name: required });

const tripCard = general.extend({
  traveller_name: required,
  trail_name: required,
  trailhead: required,
  /** The hike's meeting point, '' until one is set (ADR 0055). */
  meeting_point: z.string().trim().max(280).default(''),
  /** The trail's map; optional because a trail may have none. */
  map_link: webLink.or(z.literal('')),
  date: required,
  start_time: required,
  expected_return: required,
  buddy_first_name: required,
  buddy_photo: webLink.or(z.literal('')),
  trip_link: webLink,
});

export const tripTemplateSchemas = {
  'emergency-contact-confirm': general.extend({ owner_name: required, link: webLink }),
  'trip-card': tripCard,
  'trip-overdue': tripCard.extend({ last_check_in: required }),
} as const;

type Params<N extends keyof typeof tripTemplateSchemas> = z.infer<(typeof tripTemplateSchemas)[N]>;

/**
 * Anyone can type any address and any names, so the mail's subject and greeting are ours alone
 * (issue 22): the names the member gave (theirs and the contact's) appear once, in the body,
 * quoted and labelled as the member's words, escaped like every value.
 */
export function emergencyContactConfirm(p: Params<'emergency-contact-confirm'>): RenderedMail {
  return layout('You were named as an emergency contact on TrailBuddy', [
    paragraph('Hello,'),
    paragraph(
      'A TrailBuddy member named this address as their emergency contact. TrailBuddy is the app that pairs people for weekend hikes. ' +
        'If you agree, they can send you the plan of a hike (where, when, with whom), and we will e-mail you if they do not check out after it.',
    ),
    details([
      ['Their name, as they wrote it', `“${p.owner_name}”`],
      ['Your name, as they wrote it', `“${p.to_name}”`],
    ]),
    button(p.link, 'I agree to be the contact'),
    paragraph('If you do not agree, ignore this e-mail: you will receive nothing else from us.'),
  ]);
}

function photo(url: string, name: string): Block {
  if (!url) return { html: html``, text: '' };
  return {
    html: html`<p style="margin:0 0 16px;"><img src="${url}" alt="${name}" width="72" height="72" style="border-radius:36px;"></p>`,
    text: '',
  };
}

function cardBlocks(p: Params<'trip-card'>): Block[] {
  return [
    details([
      ['Trail', p.trail_name],
      ['Trailhead', p.trailhead],
      ['Meeting point', p.meeting_point],
      ['Map', p.map_link],
      ['Date', p.date],
      ['Start', p.start_time],
      ['Expected return', p.expected_return],
      ['Hiking with', p.buddy_first_name],
    ]),
    photo(p.buddy_photo, p.buddy_first_name),
    button(p.trip_link, 'Open the trip page'),
  ];
}

export function tripCardMail(p: Params<'trip-card'>): RenderedMail {
  return layout(`${p.traveller_name} shared a hike plan with you`, [
    paragraph(`Hi ${p.to_name},`),
    paragraph(`${p.traveller_name} is going hiking and shared the plan with you, as their emergency contact.`),
    ...cardBlocks(p),
    paragraph('The trip page works until a day after the expected return. If they do not check out, we will tell you.'),
  ]);
}

export function tripOverdueMail(p: Params<'trip-overdue'>): RenderedMail {
  return layout(`${p.traveller_name} has not checked out of their hike`, [
    paragraph(`Hi ${p.to_name},`),
    paragraph(
      `${p.traveller_name} was expected back at ${p.expected_return} and has not checked out on TrailBuddy. ` +
        `Their last check-in: ${p.last_check_in}. Try to reach them; if you cannot and are worried, call the emergency services (112 in Europe).`,
    ),
    ...cardBlocks(p),
  ]);
}
