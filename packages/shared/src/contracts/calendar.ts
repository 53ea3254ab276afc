import { z } from 'zod';

/** The personal calendar feed as its owner sees it: whether one exists, never its secret. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** Answer to creating or rotating the feed: the one time its subscription URL is shown. */
export const calendarFeedCreatedSchema = z.object({
  url: z.url(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** The reminder alarm every calendar entry carries: this long before the start. */
export const CALENDAR_ALARM_MINUTES_BEFORE = 120;

/** The app address a calendar entry links back to (the web app's match-accepted view, lib/routes.ts). */
export const matchPagePath = (matchId: string) => `/matches/${encodeURIComponent(matchId)}/accepted`;

/** The download path of one match's .ics file (also the web app's "Add to calendar" link). */
export const matchIcsPath = (matchId: string) => `/api/calendar/matches/${encodeURIComponent(matchId)}`;
