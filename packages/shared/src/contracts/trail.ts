import { z } from 'zod';
import { ACTIVITIES, DIFFICULTIES } from './enums';
import { START_TIME_FORMAT_MESSAGE, startTimesProblem, WEEKEND_DAYS } from '../domain/schedule';
import { parseLocation } from '../data/locations';
import { TRAIL_PAGE_MAX, TRAIL_SEARCH_MAX } from './trail-list';
import { routeSummarySchema, trailheadSchema, TRAIL_SORTS } from './trail-route';

export { TRAIL_PAGE_MAX, TRAIL_PAGE_SIZE, TRAIL_SEARCH_MAX } from './trail-list';

export const trailSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  country: z.string(),
  length: z.string(),
  hours: z.number(),
  difficulty: z.enum(DIFFICULTIES),
  activity: z.enum(ACTIVITIES),
  description: z.string(),
  linkmap: z.string(),
  image: z.string().nullable(),
  map: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  weekendDay: z.enum(WEEKEND_DAYS),
  /**
   * The start times the administrator set, "HH:MM" on the trails' clock in the order of the day;
   * empty when the trail offers its session's own time only (trailStartTimes reads both).
   */
  startTimes: z.array(z.string()),
  order: z.number(),
  /** Where the trail starts; null until an administrator sets it (ADR 0057). */
  trailhead: trailheadSchema.nullable(),
  /** The facts of the uploaded route; null without one (ADR 0057). */
  route: routeSummarySchema.nullable(),
});
export type Trail = z.infer<typeof trailSchema>;

export const trailListQuerySchema = z.object({
  activity: z.enum(ACTIVITIES, { error: 'Activity must be hiking, running or biking.' }).optional(),
  country: z.string().trim().min(1, 'Country must not be empty.').max(80, 'Country must be 80 characters or less.').optional(),
  /** One place, as trails store it: "City, Country". */
  location: z.string().trim().min(1, 'Location must not be empty.').max(160, 'Location must be 160 characters or less.').optional(),
  /** Words of a trail's name or place; each matches a word that starts with it, accents aside. */
  q: z.string().trim().max(TRAIL_SEARCH_MAX, `Search for ${TRAIL_SEARCH_MAX} characters or less.`).optional(),
  /** `distance`: nearest trailhead to `from` first, trails without a trailhead last (ADR 0057). */
  sort: z.enum(TRAIL_SORTS, { error: 'Sort must be order or distance.' }).optional(),
  /** With sort=distance: one of the profile's cities, as "City, Country". */
  from: z.string().trim().min(1, 'From must not be empty.').max(160, 'From must be 160 characters or less.').optional(),
  /** `nextCursor` of the previous page, as it was given: opaque. */
  cursor: z.string().min(1, 'Cursor must not be empty.').max(200, 'Cursor is not one this list gave out.').optional(),
  limit: z.coerce
    .number<unknown>({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be at least 1.')
    .max(TRAIL_PAGE_MAX, `Limit must be ${TRAIL_PAGE_MAX} or less.`)
    .optional(),
});
export type TrailListQuery = z.infer<typeof trailListQuerySchema>;

/** A page of GET /api/trails: `nextCursor` asks for the next one, null on the last page. */
export const trailPageSchema = z.object({
  trails: z.array(trailSchema),
  nextCursor: z.string().nullable(),
  /** With sort=distance: the point of `from` the distances are measured from. */
  origin: trailheadSchema.optional(),
});
export type TrailPage = z.infer<typeof trailPageSchema>;

/** GET /api/trails/places: the places that have trails, grouped by country, for the location filter. */
export const trailPlacesSchema = z.object({
  /** Alphabetical, each with its places ("City, Country") in alphabetical order. */
  countries: z.array(z.object({ country: z.string(), places: z.array(z.string()) })),
  /** How many trails are listed in all. */
  total: z.number().int(),
});
export type TrailPlaces = z.infer<typeof trailPlacesSchema>;

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

export const TRAIL_NAME_MAX = 120;
export const TRAIL_HOURS_MAX = 48;
export const TRAIL_DESCRIPTION_MAX = 5000;

/** The trail's place as "City, Country": the country is what the home filter groups by. */
const cityAndCountry = (text: string) => {
  const { city, country } = parseLocation(text);
  return Boolean(city && country);
};

/** product §5: hours is a number; the request may send it as a number or as digits. */
export const hoursOf = <Input>() =>
  z.coerce
    .number<Input>({ error: 'Hours must be a number.' })
    .positive('Hours must be a number greater than 0.')
    .max(TRAIL_HOURS_MAX, `Hours must be ${TRAIL_HOURS_MAX} or less.`);

/** A trail's start times as the administrator sets them (ADR 0065): one to START_TIMES_MAX distinct times of day. */
export const startTimesSchema = z
  .array(z.string({ error: START_TIME_FORMAT_MESSAGE }), { error: START_TIME_FORMAT_MESSAGE })
  .superRefine((times, ctx) => {
    const problem = startTimesProblem(times);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The admin "add trail" form (product §5): these fields are required. */
export const createTrailSchema = z.object({
  name: required('Name').max(TRAIL_NAME_MAX, `Keep the name under ${TRAIL_NAME_MAX} characters.`),
  location: required('Location').max(160).refine(cityAndCountry, 'Location must be written as "City, Country".'),
  length: required('Length').max(40),
  hours: hoursOf<unknown>(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be Easy, Moderate or Challenging.' }),
  activity: z.enum(ACTIVITIES, { error: 'Activity must be hiking, running or biking.' }),
  description: required('Description').max(TRAIL_DESCRIPTION_MAX),
  // The link becomes an href on the trail page: a web address only, never `javascript:`.
  linkmap: z.url({ protocol: /^https?$/, error: 'Map link must be a valid URL, starting with https://.' }),
  weekendDay: z.enum(WEEKEND_DAYS, { error: 'Day must be saturday or sunday.' }).default('saturday'),
  /** Left out: 10:00 when added, unchanged when edited. */
  startTimes: startTimesSchema.optional(),
});
export type CreateTrailInput = z.infer<typeof createTrailSchema>;

/**
 * The two images a trail can have. Each is uploaded first (`POST /api/trail-images?kind=…`),
 * which answers a storage key under the kind's prefix (architecture §1 "Files"); the key is
 * then sent in the create-trail request's field of the same name.
 */
export const TRAIL_IMAGE_KINDS = ['image', 'map'] as const;
export type TrailImageKind = (typeof TRAIL_IMAGE_KINDS)[number];
export const TRAIL_IMAGE_KEY_PREFIXES: Readonly<Record<TrailImageKind, string>> = {
  image: 'trailImages/',
  map: 'mapImages/',
};

/** `POST /api/trail-images`'s query: which image, and the trail name it is stored under. */
export const trailImageUploadQuerySchema = z.object({
  kind: z.enum(TRAIL_IMAGE_KINDS, { error: 'kind must be image or map.' }),
  trailName: z.string({ error: 'Trail name is required.' }).trim().min(1, 'Trail name is required.'),
});

const uploadedKey = (kind: TrailImageKind) => z.string().optional().describe(`A key returned by POST /api/trail-images with kind=${kind}`);

/** `POST /api/trails`'s body: the form's fields plus the keys of the images uploaded for it. */
export const createTrailRequestSchema = createTrailSchema.extend({
  image: uploadedKey('image'),
  map: uploadedKey('map'),
});
export type CreateTrailRequest = z.infer<typeof createTrailRequestSchema>;

/**
 * `PUT /api/trails/:id`'s body (issue 23: an administrator edits a trail): the form's fields but
 * the day, which stays (people are booked on the listed sessions). An image key replaces that
 * image; none keeps the current one.
 */
export const updateTrailRequestSchema = createTrailRequestSchema.omit({ weekendDay: true });
export type UpdateTrailRequest = z.infer<typeof updateTrailRequestSchema>;
