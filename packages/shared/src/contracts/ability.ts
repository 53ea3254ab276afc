// packages/shared/src/contracts/ability.ts — the measured-ability summary (issue 24). Two
// engineers create this same file on two branches: keep it byte-identical to this brief, and add
// what you need in other files, not here.
import { z } from 'zod';
import { ACTIVITIES } from './enums';

/**
 * What the server keeps of a member's imported activities, per activity type, over the last 12
 * months: a summary only (no track, no file, no location). Null where the activities give no
 * basis for a figure (for example no flat stretch for a flat pace).
 */
export const measuredAbilitySchema = z.object({
  activity: z.enum(ACTIVITIES),
  /** How many imported activities of this type the summary is built from. */
  activityCount: z.number().int().nonnegative(),
  /** Typical moving pace on flat ground, seconds per kilometre. */
  flatPaceSecondsPerKm: z.number().positive().nullable(),
  /** Typical climbing rate while moving uphill, metres of ascent per hour. */
  climbRateMetersPerHour: z.number().nonnegative().nullable(),
  /** The longest single activity, metres. */
  longestDistanceMeters: z.number().nonnegative(),
  /** The largest elevation gain in a single activity, metres. */
  largestElevationGainMeters: z.number().nonnegative(),
  /** When the summary was last recomputed (ISO 8601). */
  updatedAt: z.string(),
});
export type MeasuredAbility = z.infer<typeof measuredAbilitySchema>;
