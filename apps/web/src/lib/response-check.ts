import { activityImportResultSchema, myAbilitySchema } from '@trailbuddy/shared/contracts/ability-import';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from '@trailbuddy/shared/contracts/calendar';
import { okResponseSchema } from '@trailbuddy/shared/contracts/identity-email';
import { bestMatchPageSchema, matchViewSchema, pastPartnerSchema } from '@trailbuddy/shared/contracts/match';
import { historyPageSchema, sendMessageResultSchema, unreadCountsSchema } from '@trailbuddy/shared/contracts/messages';
import {
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationSchema,
  seenMatchesResultSchema,
  unreadCountSchema,
} from '@trailbuddy/shared/contracts/notifications';
import { meSchema, ownProfileSchema, publicProfileSchema } from '@trailbuddy/shared/contracts/profile';
import { adminReportSchema, auditEntrySchema, blockedPersonSchema } from '@trailbuddy/shared/contracts/safety';
import { trailPageSchema, trailPlacesSchema, trailSchema } from '@trailbuddy/shared/contracts/trail';
import { trailRouteSchema } from '@trailbuddy/shared/contracts/trail-route';
import { emergencyContactSchema, myEmergencyContactSchema, tripPlanSchema } from '@trailbuddy/shared/contracts/trip';

/**
 * In development only (ADR 0072), every answer the web app reads is checked against the shared
 * schema the server declares for that route: a server and a client that drift apart say so in the
 * console at the first answer, naming the route and the part that differs, instead of a view
 * reading `undefined` later. The production build has none of it: api-client.ts loads this module
 * behind `import.meta.env.DEV`, which the build replaces with false, so zod and these schemas stay
 * out of the home's 100 KB.
 */

/** The one method of a zod schema the check uses. */
interface Shape {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

/** `{ [key]: … }`: the answers that wrap a list or a record under one name. */
const under = (key: string, shape: Shape): Shape => ({
  safeParse: (value) =>
    typeof value === 'object' && value !== null && key in value
      ? prefixed(key, shape.safeParse((value as Record<string, unknown>)[key]))
      : { success: false, error: { issues: [{ path: [key], message: 'missing' }] } },
});
const prefixed = (key: string, result: ReturnType<Shape['safeParse']>): ReturnType<Shape['safeParse']> =>
  result.success ? result : { success: false, error: { issues: result.error.issues.map((i) => ({ ...i, path: [key, ...i.path] })) } };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route as the web app calls it, ":name" standing for one path segment. */
function route(method: Method, template: string, shape: Shape) {
  const pattern = new RegExp(`^${template.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
  return { method, template, pattern, shape };
}

/** The answer of each route the web app reads, by the schema the server's route declares. */
export const RESPONSE_SHAPES = [
  route('GET', '/api/me', meSchema),
  route('PUT', '/api/me/registration', ownProfileSchema),
  route('PATCH', '/api/me/profile', ownProfileSchema),
  route('PUT', '/api/me/avatar', ownProfileSchema),
  route('GET', '/api/me/ability', myAbilitySchema),
  route('POST', '/api/me/ability/:provider/import', activityImportResultSchema),
  route('GET', '/api/me/emergency-contact', myEmergencyContactSchema),
  route('PUT', '/api/me/emergency-contact', under('contact', emergencyContactSchema)),
  route('GET', '/api/users/:id', publicProfileSchema),
  route('GET', '/api/trails', trailPageSchema),
  route('GET', '/api/me/favourites/trails', trailPageSchema),
  route('GET', '/api/trails/places', trailPlacesSchema),
  route('GET', '/api/trails/:id', trailSchema),
  route('POST', '/api/trails', trailSchema),
  route('PUT', '/api/trails/:id', trailSchema),
  route('GET', '/api/trails/:id/route', trailRouteSchema),
  route('GET', '/api/trails/:id/best-matches', bestMatchPageSchema),
  route('GET', '/api/matches/mine', under('matches', matchViewSchema.array())),
  route('GET', '/api/matches/changed-plans', under('matches', matchViewSchema.array())),
  route('GET', '/api/matches/partners', under('partners', pastPartnerSchema.array())),
  route('GET', '/api/matches/feedback-prompt', under('match', matchViewSchema.nullable())),
  route('POST', '/api/matches/search', under('match', matchViewSchema)),
  route('POST', '/api/matches/invite', matchViewSchema),
  route('POST', '/api/matches/custom', matchViewSchema),
  route('GET', '/api/matches/:id', matchViewSchema),
  ...['accept', 'reject', 'request', 'withdraw', 'cancel', 'cancellation', 'find-someone-else', 'feedback', 'feedback/skip'].map((action) =>
    route('POST', `/api/matches/:id/${action}`, matchViewSchema),
  ),
  route('POST', '/api/join-requests/:id/accept', matchViewSchema),
  route('POST', '/api/join-requests/:id/decline', okResponseSchema),
  route('GET', '/api/matches/:id/trip', tripPlanSchema),
  ...['trip/share', 'check-in', 'check-out'].map((action) => route('POST', `/api/matches/:id/${action}`, tripPlanSchema)),
  route('PUT', '/api/matches/:id/meeting-point', tripPlanSchema),
  route('GET', '/api/matches/:id/messages', historyPageSchema),
  route('POST', '/api/matches/:id/messages', sendMessageResultSchema),
  route('GET', '/api/messages/unread', unreadCountsSchema),
  route('GET', '/api/notifications', notificationPageSchema),
  route('GET', '/api/notifications/unread-count', unreadCountSchema),
  route('GET', '/api/notifications/preferences', notificationPreferencesSchema),
  route('PUT', '/api/notifications/preferences', notificationPreferencesSchema),
  route('POST', '/api/notifications/read-matches', seenMatchesResultSchema),
  route('GET', '/api/notifications/:id', notificationSchema),
  route('GET', '/api/blocks', under('people', blockedPersonSchema.array())),
  route('GET', '/api/admin/reports', under('reports', adminReportSchema.array())),
  route('GET', '/api/admin/audit-log', under('entries', auditEntrySchema.array())),
  route('GET', '/api/calendar/feed', calendarFeedStatusSchema),
  route('POST', '/api/calendar/feed', calendarFeedCreatedSchema),
];

/** The declared answer of a call, the first route that matches (the specific ones come first). */
export const shapeOf = (method: string, path: string) => RESPONSE_SHAPES.find((r) => r.method === method && r.pattern.test(path));

/**
 * What is wrong with an answer, in words naming the route and the parts that differ from the
 * shared schema; null when it matches or when the route has no declared shape here (an answer
 * without a body, or one the app does not read).
 */
export function responseProblem(method: string, path: string, body: unknown): string | null {
  const known = shapeOf(method, path);
  if (!known) return null;
  const result = known.shape.safeParse(body);
  if (result.success) return null;
  const parts = result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(the answer)'}: ${issue.message}`);
  return `The answer of ${method} ${path} (${known.template}) does not match the shared schema: ${parts.join('; ')}`;
}

/** Says so in the console, as React says what is wrong in development. */
export function checkResponse(method: string, path: string, body: unknown): void {
  const problem = responseProblem(method, path, body);
  if (problem) console.error(problem);
}
