import { z } from 'zod';
import { zonedDateKey, zonedDateTimeToUtc, addZonedDays } from '../domain/schedule';

/**
 * Notifications (issue 13, ADR 0025): one table of kinds drives all three channels. Each kind
 * says what the in-app entry reads, which view it opens, and whether each channel is on until
 * the person says otherwise. The server renders the texts (list, e-mail, push); the web app
 * opens the view.
 */

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The views a notification opens: a subset of the web app's views (apps/web/src/lib/routes.ts
 * `View`, which must accept every one of these: the web list's `navigate(item.view)` compiles only so).
 */
export type NotificationView =
  | { name: 'matches-page'; tab: 'upcoming' | 'pending' | 'completed' }
  | { name: 'match-accepted'; matchId: string }
  | { name: 'personal-profile' }
  | { name: 'home' };

export const notificationViewSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('matches-page'), tab: z.enum(['upcoming', 'pending', 'completed']) }),
  z.object({ name: z.literal('match-accepted'), matchId: z.string().min(1) }),
  z.object({ name: z.literal('personal-profile') }),
  z.object({ name: z.literal('home') }),
]) satisfies z.ZodType<NotificationView>;

/**
 * What every text may use: filled in by `notify()` from the ids it is given (the actor's name,
 * the match's trail), so callers pass ids, not copies of names.
 */
export interface NotificationBaseParams {
  /** The person who caused it (the partner); "Someone" when there is none or they are gone. */
  actorName: string;
  /** The match's trail; "your trail" when there is no match. */
  trailName: string;
}

/** What the texts say when there is no actor or no match (or they are gone). */
export const NOTIFICATION_PARAM_FALLBACKS: NotificationBaseParams = { actorName: 'Someone', trailName: 'your trail' };

/** The extra params each kind takes from its caller (besides the ids `notify()` resolves). */
export interface NotificationExtraParams {
  'request-received': Record<never, string>;
  'invitation-received': Record<never, string>;
  /** The match-confirmed mail's details (product §7), which the e-mail of this kind carries. */
  'match-accepted': {
    partnerBio?: string;
    partnerSkillLevel?: string;
    location?: string;
    /** Formatted for the reader, e.g. "Saturday 21 November 2026, 10:00". */
    startTime?: string;
    endTime?: string;
  };
  'match-rejected': Record<never, string>;
  /** `reason`: the short reason the partner gave. */
  'match-cancelled': { reason?: string };
  'request-withdrawn': Record<never, string>;
  'match-expired': Record<never, string>;
  /** `preview`: the start of the message, plain text. */
  'message-received': { preview?: string };
  'feedback-prompt': Record<never, string>;
  /**
   * Formatted for the reader; `meetingPoint` when the trail has one; `buddyImage` the buddy's picture URL;
   * `withNames` everyone else on the hike (ADR 0054), else the actor's name is used.
   */
  'hike-reminder': { startTime?: string; meetingPoint?: string; buddyImage?: string; withNames?: string };
  'trail-removed': Record<never, string>;
  /** ADR 0054: someone asks to join a hike with room. */
  'join-requested': Record<never, string>;
  /** Someone joined the hike (to those already on it). */
  'hike-joined': Record<never, string>;
  /** A join request could not be accepted: the hike filled up. */
  'hike-full': Record<never, string>;
  /** Someone left a hike that goes on with the others. */
  'hike-left': { reason?: string };
  /** A search, request or invitation ended because someone in it is now on another hike at that time. */
  'request-ended': Record<never, string>;
  /** Two confirmed hikes of one person overlapped when the rule came in: the hike to look at. */
  'hike-clash': Record<never, string>;
  /** `message`: what the warning says. */
  'account-warning': { message?: string };
  /** `contactName`: whom the overdue alert went to (ADR 0033). */
  'trip-overdue': { contactName?: string };
}

export type NotificationKind = keyof NotificationExtraParams;
export type NotificationParams<K extends NotificationKind = NotificationKind> = NotificationBaseParams & NotificationExtraParams[K];

export interface NotificationKindSpec<K extends NotificationKind> {
  /** The in-app entry's title (also the push title and the e-mail's heading). */
  title: (p: NotificationParams<K>) => string;
  body: (p: NotificationParams<K>) => string;
  /** The view the entry opens; `matchId` is null once the match is gone (a removed trail). */
  opens: (ref: { matchId: string | null }) => NotificationView;
  defaults: Record<NotificationChannel, boolean>;
  /** What the preferences page calls the kind. */
  label: string;
}

const everywhere = { inApp: true, email: true, push: true } as const;
const pending = { name: 'matches-page', tab: 'pending' } as const;
const upcoming = { name: 'matches-page', tab: 'upcoming' } as const;
const completed = { name: 'matches-page', tab: 'completed' } as const;

/** Every kind, its texts, its view and its defaults (ADR 0025). */
export const NOTIFICATION_KINDS: { [K in NotificationKind]: NotificationKindSpec<K> } = {
  'request-received': {
    label: 'Requests to join your search',
    title: () => 'New buddy request',
    body: (p) => `${p.actorName} wants to hike ${p.trailName} with you.`,
    opens: () => pending,
    defaults: everywhere,
  },
  'invitation-received': {
    label: 'Invitations',
    title: () => 'You are invited',
    body: (p) => `${p.actorName} invited you to ${p.trailName}.`,
    opens: () => pending,
    defaults: everywhere,
  },
  'match-accepted': {
    label: 'Accepted requests and invitations',
    title: () => 'Match confirmed',
    body: (p) => `Good news: you and ${p.actorName} are matched for ${p.trailName}. Your hike is confirmed.`,
    opens: ({ matchId }) => (matchId ? { name: 'match-accepted', matchId } : upcoming),
    defaults: everywhere,
  },
  'match-rejected': {
    label: 'Declined requests and invitations',
    title: () => 'Request declined',
    body: (p) => `${p.actorName} declined to hike ${p.trailName} with you.`,
    opens: () => pending,
    defaults: everywhere,
  },
  'match-cancelled': {
    label: 'Cancelled hikes',
    title: () => 'Hike cancelled',
    body: (p) => `${p.actorName} cancelled your hike on ${p.trailName}.${p.reason ? ` Reason: ${p.reason}` : ''}`,
    opens: () => upcoming,
    defaults: everywhere,
  },
  'request-withdrawn': {
    label: 'Withdrawn requests and invitations',
    title: () => 'Request withdrawn',
    body: (p) => `${p.actorName} withdrew their request for ${p.trailName}.`,
    opens: () => pending,
    defaults: everywhere,
  },
  'match-expired': {
    label: 'Expired searches and requests',
    title: () => 'Search expired',
    body: (p) => `The session on ${p.trailName} started before anyone was matched, so your search or request expired.`,
    opens: () => pending,
    defaults: { inApp: true, email: true, push: false },
  },
  'message-received': {
    label: 'Messages from your buddy',
    title: (p) => `Message from ${p.actorName}`,
    body: (p) => p.preview ?? `${p.actorName} wrote to you about ${p.trailName}.`,
    opens: () => upcoming,
    defaults: everywhere,
  },
  'feedback-prompt': {
    label: 'How did it go? (after a hike)',
    title: () => 'How did it go?',
    body: (p) => `Tell us how ${p.trailName} with ${p.actorName} went.`,
    opens: () => completed,
    defaults: everywhere,
  },
  'hike-reminder': {
    label: 'Reminders the day before',
    title: () => 'Your hike is tomorrow',
    body: (p) =>
      `${p.trailName} with ${p.withNames || p.actorName}${p.startTime ? `, ${p.startTime}` : ''}${p.meetingPoint ? `. Meeting point: ${p.meetingPoint}` : ''}.`,
    opens: ({ matchId }) => (matchId ? { name: 'match-accepted', matchId } : upcoming),
    defaults: everywhere,
  },
  'trail-removed': {
    label: 'Removed trails',
    title: () => 'Trail removed',
    body: (p) => `${p.trailName} was removed from TrailBuddy, and your hike there with it.`,
    opens: () => upcoming,
    defaults: everywhere,
  },
  'join-requested': {
    label: 'Requests to join your hike',
    title: () => 'Someone wants to join',
    body: (p) => `${p.actorName} asks to join your hike on ${p.trailName}.`,
    opens: ({ matchId }) => (matchId ? { name: 'match-accepted', matchId } : upcoming),
    defaults: everywhere,
  },
  'hike-joined': {
    label: 'People joining your hike',
    title: () => 'New hiker on your hike',
    body: (p) => `${p.actorName} joined your hike on ${p.trailName}.`,
    opens: ({ matchId }) => (matchId ? { name: 'match-accepted', matchId } : upcoming),
    defaults: everywhere,
  },
  'hike-full': {
    label: 'Hikes that filled up',
    title: () => 'That hike is full',
    body: (p) => `The hike on ${p.trailName} filled up before your request was accepted.`,
    opens: () => pending,
    defaults: everywhere,
  },
  'hike-left': {
    label: 'People leaving your hike',
    title: () => 'Someone left your hike',
    body: (p) => `${p.actorName} left your hike on ${p.trailName}.${p.reason ? ` Reason: ${p.reason}` : ''}`,
    opens: ({ matchId }) => (matchId ? { name: 'match-accepted', matchId } : upcoming),
    defaults: everywhere,
  },
  'request-ended': {
    label: 'Requests ended by another hike',
    title: () => 'Request ended',
    body: (p) => `${p.actorName} is now on another hike at that time, so your plans for ${p.trailName} together ended.`,
    opens: () => pending,
    defaults: everywhere,
  },
  'hike-clash': {
    label: 'Hikes that overlap',
    title: () => 'Two hikes at once',
    body: (p) => `Your hike on ${p.trailName} overlaps another hike of someone on it. Check who can still come.`,
    opens: ({ matchId }) => (matchId ? { name: 'match-accepted', matchId } : upcoming),
    // On every channel, as the other changes to a hike (ADR 0067): migration 0038 sends the ones
    // migration 0028 wrote in the app only.
    defaults: everywhere,
  },
  'account-warning': {
    label: 'Account warnings',
    title: () => 'About your account',
    body: (p) => p.message ?? 'There is a notice about your TrailBuddy account.',
    opens: () => ({ name: 'personal-profile' }),
    defaults: { inApp: true, email: true, push: false },
  },
  'trip-overdue': {
    label: 'Alerts to your emergency contact',
    title: () => 'We alerted your emergency contact',
    body: (p) =>
      `You had not checked out of ${p.trailName} well after your expected return, so we e-mailed ${p.contactName ?? 'your emergency contact'} your trip card. Check out when you are safe.`,
    opens: ({ matchId }) => (matchId ? { name: 'match-accepted', matchId } : upcoming),
    defaults: everywhere,
  },
};

export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
export const notificationKindSchema = z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]);

/** The in-app title and body of a stored notification. */
export function notificationTexts<K extends NotificationKind>(kind: K, params: NotificationParams<K>): { title: string; body: string } {
  const spec = NOTIFICATION_KINDS[kind];
  return { title: spec.title(params), body: spec.body(params) };
}

// ---------------------------------------------------------------------------------------------
// Preferences

/** "HH:MM", 24-hour clock. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour form HH:MM.');

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'Unknown time zone.');

export const channelSwitchesSchema = z.strictObject({
  inApp: z.boolean().optional(),
  email: z.boolean().optional(),
  push: z.boolean().optional(),
});

export const quietHoursSchema = z
  .strictObject({ start: clockTime, end: clockTime })
  .refine((q) => q.start !== q.end, { message: 'Quiet hours must end at another time than they start.', path: ['end'] });

/**
 * A person's choices: per kind and channel only what differs from the kind's defaults (so a
 * default changed later reaches everyone who never touched it), quiet hours (no e-mail or push
 * between `start` and `end`, which may wrap past midnight) in their time zone.
 */
export const notificationPreferencesSchema = z.strictObject({
  channels: z.partialRecord(notificationKindSchema, channelSwitchesSchema),
  quietHours: quietHoursSchema.nullable(),
  timeZone,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_TIME_ZONE = 'Europe/Lisbon';
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  channels: {},
  quietHours: null,
  timeZone: DEFAULT_NOTIFICATION_TIME_ZONE,
};

/** Whether `channel` is on for `kind`: the person's choice, else the kind's default. */
export function channelEnabled(
  prefs: Pick<NotificationPreferences, 'channels'>,
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  return prefs.channels[kind]?.[channel] ?? NOTIFICATION_KINDS[kind].defaults[channel];
}

function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
}

function wallMinutes(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    at,
  );
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Whether `at` falls in the person's quiet hours (start inclusive, end exclusive, in their zone). */
export function inQuietHours(prefs: Pick<NotificationPreferences, 'quietHours' | 'timeZone'>, at: Date): boolean {
  if (!prefs.quietHours) return false;
  const now = wallMinutes(at, prefs.timeZone);
  const start = minutesOf(prefs.quietHours.start);
  const end = minutesOf(prefs.quietHours.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** When the quiet hours around `at` end (the next `end` on the person's clock); `at` outside them. */
export function quietHoursEnd(prefs: Pick<NotificationPreferences, 'quietHours' | 'timeZone'>, at: Date): Date {
  if (!prefs.quietHours || !inQuietHours(prefs, at)) return at;
  const [year, month, day] = zonedDateKey(at, prefs.timeZone).split('-').map(Number);
  const end = minutesOf(prefs.quietHours.end);
  const today = zonedDateTimeToUtc(year!, month!, day!, Math.floor(end / 60), end % 60, prefs.timeZone);
  return today > at ? today : addZonedDays(today, 1, prefs.timeZone);
}

// ---------------------------------------------------------------------------------------------
// The API

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  view: notificationViewSchema,
  matchId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  unread: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });

// ---------------------------------------------------------------------------------------------
// Seen where they point (ADR 0037)

/**
 * Opening a view a notification points to marks that match's notifications read, as the bell
 * promises: the conversation (its read mark moving, `POST /api/matches/:id/messages/read`) clears
 * the match's `message-received`; the match itself, shown as its card on the Matches page (the
 * invitation or request waiting for an answer, the confirmed or completed hike) or as its own
 * page, clears every other kind about it. A message stays unread in the bell until its thread is
 * read, even when its match's card is on screen.
 */
export const KINDS_SEEN_IN_CONVERSATION = ['message-received'] as const satisfies readonly NotificationKind[];
export const KINDS_SEEN_ON_MATCH: readonly NotificationKind[] = NOTIFICATION_KIND_NAMES.filter(
  (kind) => !(KINDS_SEEN_IN_CONVERSATION as readonly NotificationKind[]).includes(kind),
);

/** At most this many matches per call: one screen of cards. */
export const MAX_SEEN_MATCHES = 50;

export const seenMatchesSchema = z.object({
  matchIds: z
    .array(z.uuid({ error: 'Each matchId must be a UUID.' }), { error: 'matchIds must be a list of match ids.' })
    .min(1, { error: 'Name at least one match.' })
    .max(MAX_SEEN_MATCHES, { error: `Name at most ${MAX_SEEN_MATCHES} matches.` }),
});
export type SeenMatchesInput = z.infer<typeof seenMatchesSchema>;

export const seenMatchesResultSchema = z.object({
  /** How many notifications this call marked read. */
  marked: z.number().int().min(0),
  /** The bell's count after it. */
  unread: z.number().int().min(0),
});
export type SeenMatchesResult = z.infer<typeof seenMatchesResultSchema>;
