import { z } from 'zod';
import { measuredAbilitySchema } from './ability';
import { hrefOf } from './app-routes';
import { ACTIVITIES } from './enums';

/**
 * Importing activities to measure ability (issue 24, ADR 0056): the limits, the answers and the
 * words the server and the web app share. The summary's own shape is `./ability`.
 */

/** Files one import may carry, and the largest one: a 10-hour 1 Hz GPX is about 12 MB. */
export const ACTIVITY_IMPORT_MAX_FILES = 50;
export const ACTIVITY_FILE_MAX_MB = 15;
/** The multipart field the files travel in, and the field naming the activity of files that do not say. */
export const ACTIVITY_FILES_FIELD = 'files';
export const ACTIVITY_FALLBACK_FIELD = 'activity';
export const ACTIVITY_FILE_ACCEPT = '.gpx,.tcx,.fit';

/** What happened to one file (or one activity of a provider) of an import. */
export const activityImportOutcomeSchema = z.object({
  /** The file's name as sent, or the provider's activity id. */
  file: z.string(),
  status: z.enum(['imported', 'duplicate', 'rejected']),
  activity: z.enum(ACTIVITIES).nullable(),
  /** Why a file was rejected, in words for the person. */
  reason: z.string().nullable(),
});
export type ActivityImportOutcome = z.infer<typeof activityImportOutcomeSchema>;

export const activityImportResultSchema = z.object({
  outcomes: z.array(activityImportOutcomeSchema),
  abilities: z.array(measuredAbilitySchema),
});
export type ActivityImportResult = z.infer<typeof activityImportResultSchema>;

/** The services a member can import from; only those configured on the server are listed. */
export const ACTIVITY_PROVIDERS = ['strava'] as const;
export type ActivityProviderId = (typeof ACTIVITY_PROVIDERS)[number];
export const ACTIVITY_PROVIDER_NAMES: Readonly<Record<ActivityProviderId, string>> = { strava: 'Strava' };

export const activityProviderStateSchema = z.object({
  id: z.enum(ACTIVITY_PROVIDERS),
  name: z.string(),
  connected: z.boolean(),
  lastImportAt: z.string().nullable(),
});

/** The member's own measured ability and the services they may connect. */
export const myAbilitySchema = z.object({
  abilities: z.array(measuredAbilitySchema),
  providers: z.array(activityProviderStateSchema),
});
export type MyAbility = z.infer<typeof myAbilitySchema>;

/** Where a provider's OAuth round trip lands in the app, and the `ability` query it adds. */
export const ABILITY_RETURN_PATH = hrefOf({ name: 'personal-profile' });
export const ABILITY_RETURN_STATES = ['connected', 'denied', 'failed'] as const;

/** The texts the profile shows (the web app and the export use these, nowhere else). */
export const ABILITY_TEXTS = {
  title: 'Measured ability',
  badge: 'measured',
  intro: 'From the activities you import (the last 12 months). We keep these figures only: no tracks, no files, no places.',
  none: 'No measured ability yet. Import GPX, TCX or FIT files, or connect a service.',
  importLabel: 'Import activity files',
  fallbackLabel: 'Activity of files that do not say',
  importButton: 'Import',
  deleteButton: 'Delete measured ability',
  deleteConfirm: 'Delete your measured ability? The figures of every imported activity are removed.',
  flatPace: 'Pace on the flat',
  flatSpeed: 'Speed on the flat',
  climbRate: 'Climbing',
  longest: 'Longest',
  largestGain: 'Most climbing',
  activities: 'Activities',
  connect: (name: string) => `Connect ${name}`,
  importFrom: (name: string) => `Import from ${name}`,
  disconnect: (name: string) => `Disconnect ${name}`,
  returned: {
    connected: 'Connected. Your activities of the last 12 months were imported.',
    denied: 'The connection was not allowed; nothing was imported.',
    failed: 'The connection did not work; nothing was imported. Try again.',
  },
} as const;

/** "21.4 km/h" from seconds per kilometre: how riders speak of their pace. */
export function formatSpeed(secondsPerKm: number): string {
  return `${(3600 / secondsPerKm).toFixed(1)} km/h`;
}

/** "5:12 /km" from seconds per kilometre. */
export function formatPace(secondsPerKm: number): string {
  const total = Math.round(secondsPerKm);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')} /km`;
}
