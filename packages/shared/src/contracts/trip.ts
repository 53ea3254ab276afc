import { z } from 'zod';

/**
 * The trip plan (issue 14, ADR 0033): an emergency contact confirmed by link, the exact meeting
 * point of a confirmed match, "Share my trip", check-in and check-out. The windows below are the
 * server's rules; the web app reads the same constants to show or hide its buttons.
 */

export const EMERGENCY_CONTACT_NAME_MAX = 80;
/**
 * Confirmation mails to new contact addresses one account may cause per day (issue 22): enough to
 * fix a typo or change one's mind, too few to use the invitation as a mail cannon.
 */
export const EMERGENCY_CONTACT_INVITES_PER_DAY = 3;
export const EMERGENCY_CONTACT_INVITES_WINDOW_MS = 24 * 60 * 60 * 1000;
export const emergencyContactInvitesExhausted = `You can invite at most ${EMERGENCY_CONTACT_INVITES_PER_DAY} new contact addresses a day. Try again tomorrow, or keep the current contact.`;
export const MEETING_POINT_MAX = 280;

/** Check-in opens this long before the start and closes at the end of the session. */
export const CHECK_IN_OPENS_BEFORE_START_MS = 60 * 60 * 1000;
/** Check-out is possible from check-in until this long after the expected return. */
export const CHECK_OUT_CLOSES_AFTER_END_MS = 24 * 60 * 60 * 1000;
/** The trip page stays readable until this long after the expected return. */
export const TRIP_PAGE_TTL_AFTER_END_MS = 24 * 60 * 60 * 1000;

const plainText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    // Plain text on one line: no control characters that could fold a mail header or a page.
    .refine((s) => !/\p{Cc}/u.test(s), `${label} must be plain text on one line.`);

export const emergencyContactInputSchema = z.strictObject({
  name: plainText(EMERGENCY_CONTACT_NAME_MAX, 'Name'),
  email: z.email({ error: 'Enter a valid e-mail address.' }).max(254, 'E-mail is too long.'),
});
export type EmergencyContactInput = z.infer<typeof emergencyContactInputSchema>;

/** The contact as its owner (and only its owner) sees it. */
export const emergencyContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  confirmed: z.boolean(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;
export const myEmergencyContactSchema = z.object({ contact: emergencyContactSchema.nullable() });

export const contactConfirmationSchema = z.strictObject({ token: z.string().min(1, 'Token is required.').max(200, 'Token is too long.') });

export const meetingPointInputSchema = z.strictObject({
  /** null clears it. */
  meetingPoint: plainText(MEETING_POINT_MAX, 'Meeting point').nullable(),
});

/** A participant's view of the trip plan of one match (only participants ever receive it). */
export const tripPlanSchema = z.object({
  matchId: z.string(),
  meetingPoint: z.string().nullable(),
  /** Whether I shared this trip with my confirmed contact, and when. */
  sharedAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** Whether the buddy checked in / out (times are theirs to keep). */
  buddyCheckedIn: z.boolean(),
  buddyCheckedOut: z.boolean(),
  /** Whether I have a confirmed contact to share with. */
  contactConfirmed: z.boolean(),
  checkInOpensAt: z.string(),
  checkOutClosesAt: z.string(),
  status: z.string(),
});
export type TripPlan = z.infer<typeof tripPlanSchema>;

/** The read-only trip page's address (server-rendered; the token is the whole credential). */
export const tripPagePath = (token: string) => `/trip/${encodeURIComponent(token)}`;
/** The page a contact opens from the confirmation mail. */
export const contactConfirmPath = (token: string) => `/emergency-contact/${encodeURIComponent(token)}`;

/** Whether check-in is open at `now` for a session (pure: the server enforces it, the UI mirrors it). */
export function checkInOpen(session: { startTime: Date; endTime: Date }, now: Date): boolean {
  return now.getTime() >= session.startTime.getTime() - CHECK_IN_OPENS_BEFORE_START_MS && now <= session.endTime;
}

export function checkOutOpen(session: { endTime: Date }, now: Date): boolean {
  return now.getTime() <= session.endTime.getTime() + CHECK_OUT_CLOSES_AFTER_END_MS;
}
