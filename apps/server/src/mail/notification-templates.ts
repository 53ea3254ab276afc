import { z } from 'zod';
import {
  notificationKindSchema,
  NOTIFICATION_PARAM_FALLBACKS,
  notificationTexts,
  type NotificationKind,
  type NotificationParams,
} from '@trailbuddy/shared/contracts/notifications';
import { button, details, layout, paragraph, smallLink, type Block, type RenderedMail } from './layout.js';

/**
 * One template per notification kind (ADR 0025): the subject a mail about only that kind gets,
 * and its blocks, HTML and text from the same words. A batch mail shows each item's blocks in
 * order. The in-app title and body (packages/shared) are the base, so the channels say the same.
 */
export const notificationItemSchema = z.object({
  kind: notificationKindSchema,
  params: z.record(z.string(), z.string()),
  /** Opens the notification in the app (after sign-in), which opens the view it is about. */
  link: z.url({ protocol: /^https?$/ }),
});
export const notificationItemsSchema = z.array(notificationItemSchema).min(1);
export type NotificationMailItem = z.infer<typeof notificationItemSchema>;

interface KindMail {
  subject: string;
  blocks: Block[];
}

type KindTemplate<K extends NotificationKind> = (p: NotificationParams<K>, link: string) => KindMail;

const TEMPLATES: { [K in NotificationKind]: KindTemplate<K> } = {
  'request-received': (p, link) => ({
    subject: `${p.actorName} wants to hike ${p.trailName} with you`,
    blocks: [
      paragraph(notificationTexts('request-received', p).body),
      paragraph('Accept or decline the request in TrailBuddy.'),
      button(link, 'See the request'),
    ],
  }),
  'invitation-received': (p, link) => ({
    subject: `${p.actorName} invited you to ${p.trailName}`,
    blocks: [
      paragraph(notificationTexts('invitation-received', p).body),
      paragraph('Accept or decline the invitation in TrailBuddy.'),
      button(link, 'See the invitation'),
    ],
  }),
  // The match-confirmed mail of product §7, as this mechanism's accepted-match mail.
  'match-accepted': (p, link) => ({
    subject: `Your TrailBuddy match for ${p.trailName} is confirmed`,
    blocks: [
      paragraph(notificationTexts('match-accepted', p).body),
      details([
        ['Trail', p.trailName],
        ['Location', p.location ?? ''],
        ['Starts', p.startTime ?? ''],
        ['Ends', p.endTime ?? ''],
        ['Partner', p.actorName],
        ['Skill level', p.partnerSkillLevel ?? ''],
        ['About them', p.partnerBio ?? ''],
      ]),
      paragraph('Have a great time, and tell us how it went afterwards.'),
      button(link, 'See your match'),
    ],
  }),
  'match-rejected': (p, link) => ({
    subject: `${p.actorName} declined ${p.trailName}`,
    blocks: [
      paragraph(notificationTexts('match-rejected', p).body),
      paragraph('Your search stays open if the session has not started yet.'),
      button(link, 'See your matches'),
    ],
  }),
  'match-cancelled': (p, link) => ({
    subject: `Your hike on ${p.trailName} was cancelled`,
    blocks: [paragraph(notificationTexts('match-cancelled', p).body), button(link, 'See your matches')],
  }),
  'request-withdrawn': (p, link) => ({
    subject: `${p.actorName} withdrew their request for ${p.trailName}`,
    blocks: [paragraph(notificationTexts('request-withdrawn', p).body), button(link, 'See your matches')],
  }),
  'match-expired': (p, link) => ({
    subject: `Your search for ${p.trailName} expired`,
    blocks: [
      paragraph(notificationTexts('match-expired', p).body),
      paragraph('Pick another day or trail to find a buddy.'),
      button(link, 'See your matches'),
    ],
  }),
  'message-received': (p, link) => ({
    subject: `New message from ${p.actorName}`,
    blocks: [paragraph(`${p.actorName} wrote to you about ${p.trailName}:`), paragraph(p.preview ?? ''), button(link, 'Read and reply')],
  }),
  'feedback-prompt': (p, link) => ({
    subject: `How was ${p.trailName}?`,
    blocks: [paragraph(notificationTexts('feedback-prompt', p).body), button(link, 'Give feedback')],
  }),
  'hike-reminder': (p, link) => ({
    subject: `Tomorrow: ${p.trailName} with ${p.actorName}`,
    blocks: [paragraph(notificationTexts('hike-reminder', p).body), button(link, 'See your hike')],
  }),
  'trail-removed': (p, link) => ({
    subject: `${p.trailName} was removed`,
    blocks: [
      paragraph(notificationTexts('trail-removed', p).body),
      paragraph('Pick another trail to find a buddy.'),
      button(link, 'See your matches'),
    ],
  }),
  'join-requested': (p, link) => ({
    subject: `${p.actorName} asks to join your hike on ${p.trailName}`,
    blocks: [
      paragraph(notificationTexts('join-requested', p).body),
      paragraph('Anyone on the hike may accept or decline.'),
      button(link, 'See the hike'),
    ],
  }),
  'hike-joined': (p, link) => ({
    subject: `${p.actorName} joined your hike on ${p.trailName}`,
    blocks: [paragraph(notificationTexts('hike-joined', p).body), button(link, 'See the hike')],
  }),
  'hike-full': (p, link) => ({
    subject: `The hike on ${p.trailName} is full`,
    blocks: [paragraph(notificationTexts('hike-full', p).body), button(link, 'See your matches')],
  }),
  'hike-left': (p, link) => ({
    subject: `${p.actorName} left your hike on ${p.trailName}`,
    blocks: [paragraph(notificationTexts('hike-left', p).body), button(link, 'See the hike')],
  }),
  'request-ended': (p, link) => ({
    subject: `Your plans for ${p.trailName} ended`,
    blocks: [paragraph(notificationTexts('request-ended', p).body), button(link, 'See your matches')],
  }),
  'hike-clash': (p, link) => ({
    subject: `Your hike on ${p.trailName} overlaps another`,
    blocks: [paragraph(notificationTexts('hike-clash', p).body), button(link, 'See the hike')],
  }),
  'account-warning': (p, link) => ({
    subject: 'About your TrailBuddy account',
    blocks: [paragraph(notificationTexts('account-warning', p).body), button(link, 'Open your profile')],
  }),
  'trip-overdue': (p, link) => ({
    subject: 'We alerted your emergency contact',
    blocks: [paragraph(notificationTexts('trip-overdue', p).body), button(link, 'Check out now')],
  }),
};

/** One item's subject and blocks, by its kind's template. */
export function renderNotificationItem(item: NotificationMailItem): KindMail {
  const template = TEMPLATES[item.kind] as KindTemplate<NotificationKind>;
  // Stored params come from notify(), which always fills the names; the fallbacks cover rows of
  // an older release.
  const params = { ...NOTIFICATION_PARAM_FALLBACKS, ...item.params } as NotificationParams;
  return template(params, item.link);
}

export interface NotificationMailInput {
  toName: string;
  items: NotificationMailItem[];
  unsubscribeUrl: string;
  preferencesUrl: string;
}

/**
 * The mail of a batch: one item reads as that kind's mail, several as a digest. Every one
 * carries the one-click unsubscribe headers (RFC 8058) and a link to the preferences.
 */
export function renderNotificationMail(input: NotificationMailInput): RenderedMail {
  const rendered = input.items.map(renderNotificationItem);
  const subject = rendered.length === 1 ? rendered[0]!.subject : `${rendered.length} updates from TrailBuddy`;
  const blocks = [
    paragraph(`Hi ${input.toName},`),
    ...rendered.flatMap((r) => r.blocks),
    smallLink(
      'You get these e-mails because you have not seen these updates in the app yet.',
      input.preferencesUrl,
      'Choose what TrailBuddy sends you',
    ),
  ];
  return {
    ...layout(subject, blocks),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
