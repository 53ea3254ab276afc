import type { Activity } from './enums';
import type { WeekendDay } from '../domain/schedule';

/**
 * What the app writes for a trail's activity and a session's day: one table per list, read by every
 * view, form and mail that names a value, so none spells or capitalises one on its own. A profile's
 * lists have theirs in profile-labels.ts.
 */
export const ACTIVITY_LABELS: Readonly<Record<Activity, string>> = { hiking: 'Hiking', running: 'Running', biking: 'Biking' };
export const WEEKEND_DAY_LABELS: Readonly<Record<WeekendDay, string>> = { saturday: 'Saturday', sunday: 'Sunday' };
