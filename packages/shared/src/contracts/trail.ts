import { z } from 'zod';
import { ACTIVITIES, DIFFICULTIES } from './enums';
import { WEEKEND_DAYS } from '../domain/schedule';

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
  order: z.number(),
});
export type Trail = z.infer<typeof trailSchema>;

export const trailListQuerySchema = z.object({
  activity: z.enum(ACTIVITIES, { error: 'Activity must be hiking, running or biking.' }).optional(),
  country: z.string().trim().min(1).optional(),
});

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

/** The admin "add trail" form (SPEC §5): these fields are required. */
export const createTrailSchema = z.object({
  name: required('Name').max(120),
  location: required('Location').max(160),
  length: required('Length').max(40),
  hours: z.coerce
    .number({ error: 'Hours must be a number.' })
    .positive('Hours must be a number greater than 0.')
    .max(48, 'Hours must be 48 or less.'),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be Easy, Moderate or Challenging.' }),
  activity: z.enum(ACTIVITIES, { error: 'Activity must be hiking, running or biking.' }),
  description: required('Description').max(5000),
  linkmap: z.url({ error: 'Map link must be a valid URL.' }),
  weekendDay: z.enum(WEEKEND_DAYS, { error: 'Day must be saturday or sunday.' }).default('saturday'),
});
export type CreateTrailInput = z.infer<typeof createTrailSchema>;

/**
 * The two images a trail can have. Each is uploaded first (`POST /api/trail-images?kind=…`),
 * which answers a storage key under the kind's prefix (ARCHITECTURE §1 "Files"); the key is
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
