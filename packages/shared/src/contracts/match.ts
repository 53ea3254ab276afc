import { z } from 'zod';
import { HIKE_CAPACITY_DEFAULT, HIKE_CAPACITY_MAX } from '../domain/hikes';
import { START_TIME_FORMAT_MESSAGE, START_TIME_PATTERN, WEEKEND_DAYS } from '../domain/schedule';
import { ACTIVITIES, MATCH_STATUSES } from './enums';
import { publicProfileSchema } from './profile';

const weekendDay = z.enum(WEEKEND_DAYS, { error: 'Day must be saturday or sunday.' });
/** One of the trail's start times, "HH:MM" (ADR 0065); left out, the trail's first. */
const startTime = z.string({ error: START_TIME_FORMAT_MESSAGE }).regex(START_TIME_PATTERN, START_TIME_FORMAT_MESSAGE).optional();
const uuid = (label: string) => z.uuid({ error: `${label} must be a UUID.` });

/** How many people the hike takes: 2 ("just the two of us") up to HIKE_CAPACITY_MAX (ADR 0054). */
export const hikeCapacitySchema = z
  .number({ error: `Capacity must be a number from ${HIKE_CAPACITY_DEFAULT} to ${HIKE_CAPACITY_MAX}.` })
  .int(`Capacity must be a number from ${HIKE_CAPACITY_DEFAULT} to ${HIKE_CAPACITY_MAX}.`)
  .min(HIKE_CAPACITY_DEFAULT, `Capacity must be a number from ${HIKE_CAPACITY_DEFAULT} to ${HIKE_CAPACITY_MAX}.`)
  .max(HIKE_CAPACITY_MAX, `A hike takes at most ${HIKE_CAPACITY_MAX} people.`);

export const startSearchSchema = z.object({
  trailId: uuid('Trail id'),
  day: weekendDay,
  time: startTime,
  capacity: hikeCapacitySchema.default(HIKE_CAPACITY_DEFAULT),
});
export type StartSearchInput = z.infer<typeof startSearchSchema>;
/** What a client sends: the capacity may be left out ("just the two of us"). */
export type StartSearchRequest = z.input<typeof startSearchSchema>;

export const inviteSchema = z.object({
  userId: z.string().min(1, 'Choose someone to invite.'),
  trailId: uuid('Trail id'),
  day: weekendDay,
  time: startTime,
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const customDateSchema = z.object({
  trailId: uuid('Trail id'),
  startTime: z.iso.datetime({ offset: true, error: 'Start time must be a date and time.' }),
});
export type CustomDateInput = z.infer<typeof customDateSchema>;

/** The reason given for calling off a confirmed hike: short, shown to the partner as plain text. */
export const CANCEL_NOTE_MAX = 200;
export const cancelMatchSchema = z.object({
  reason: z
    .string({ error: 'Tell your buddy why you are cancelling.' })
    .trim()
    .min(1, 'Tell your buddy why you are cancelling.')
    .max(CANCEL_NOTE_MAX, `Keep the reason under ${CANCEL_NOTE_MAX} characters.`),
});
export type CancelMatchInput = z.infer<typeof cancelMatchSchema>;

/**
 * Why a match ended, as a participant reads it: `withdrawn` (the sender took the request back),
 * `rejected` (the other person said no), `cancelled` (a confirmed hike called off, with a note),
 * `search-cancelled` (Cancel Search), `expired` (the start passed unanswered) or `blocked` (a
 * confirmed hike the viewer's own block ended for them, ADR 0067: cancelled, or on a hike of three
 * or more left by them while the others keep it, ADR 0073; the blocked person never reads it).
 */
export const CANCELLATION_KINDS = ['withdrawn', 'rejected', 'cancelled', 'search-cancelled', 'expired', 'blocked'] as const;
export type CancellationKind = (typeof CANCELLATION_KINDS)[number];
export const matchCancellationSchema = z.object({
  kind: z.enum(CANCELLATION_KINDS),
  /** Who ended it, from the viewer's side; null when nobody did (expiry) or it is not known. */
  by: z.enum(['me', 'partner']).nullable(),
  note: z.string().nullable(),
  at: z.string().nullable(),
  /** A confirmed hike called off less than 24 hours before its start. */
  late: z.boolean(),
  /**
   * On the blocker's own `blocked` card only: they left a hike of three or more because of their
   * block and it goes on for the others (ADR 0073). Absent otherwise.
   */
  hikeGoesOn: z.boolean().optional(),
});
export type MatchCancellation = z.infer<typeof matchCancellationSchema>;

export const bestMatchesQuerySchema = z.object({
  day: weekendDay,
  time: startTime,
  /** `nextCursor` of the previous page, as it was given: opaque (ADR 0022). */
  cursor: z.string().min(1, 'Cursor must not be empty.').max(300, 'Cursor is not one this list gave out.').optional(),
});

export const matchTrailSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  activity: z.enum(ACTIVITIES),
  image: z.string().nullable(),
});

export const feedbackStateSchema = z.object({
  attended: z.boolean().nullable(),
  rating: z.number().nullable(),
  wouldHikeAgain: z.boolean().nullable(),
  comment: z.string().nullable(),
  skipped: z.boolean(),
  submittedAt: z.string(),
});

/** Someone on a hike (or asking to join it), as another person on it sees them. */
export const hikePersonSchema = z.object({
  profile: publicProfileSchema,
  /** Their compatibility with the viewer, from the one function every view uses; null when a profile is incomplete. */
  compatibility: z.number().nullable(),
});
export type HikePerson = z.infer<typeof hikePersonSchema>;

/** A request to join a hike, as the people on it see it. */
export const joinRequestViewSchema = z.object({ id: z.string(), person: hikePersonSchema, createdAt: z.string() });
export type JoinRequestView = z.infer<typeof joinRequestViewSchema>;

/** A match as one of its participants sees it. */
export const matchViewSchema = z.object({
  id: z.string(),
  trailId: z.string(),
  trail: matchTrailSchema.nullable(),
  status: z.enum(MATCH_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  createdManually: z.boolean(),
  compatibility: z.number().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** creator: I made it (id1); partner: I joined it (id2). */
  role: z.enum(['creator', 'partner']),
  partner: publicProfileSchema.nullable(),
  /** Pending and I am the one who must answer. */
  awaitingMyAnswer: z.boolean(),
  myFeedback: feedbackStateSchema.nullable(),
  /** Set when the match is cancelled: why, by whom, and the partner's note. */
  cancellation: matchCancellationSchema.nullable(),
  /** How many people the hike takes (ADR 0054). */
  capacity: z.number(),
  /** Everyone else on the hike, each with their compatibility with the viewer. */
  people: z.array(hikePersonSchema),
  /** Places still free on a confirmed hike; 0 when full. */
  placesLeft: z.number(),
  /** Requests to join, for the people on a confirmed hike with room. */
  joinRequests: z.array(joinRequestViewSchema),
});
export type MatchView = z.infer<typeof matchViewSchema>;

/** How far someone lives from a trailhead, in km (null when not known), and whether beyond the viewer's travel distance. */
export const trailheadDistanceSchema = z.object({ km: z.number().nullable(), beyond: z.boolean() });

export const bestMatchSchema = z.object({
  profile: publicProfileSchema,
  /** Null when the viewer's profile is incomplete: no figure rather than a default (issue 24). */
  compatibility: z.number().nullable(),
  /** Why, in a few words ("both chatty"), from compatibilityReasons beside the formula. */
  reasons: z.array(z.string()),
  /** How far they live from the trailhead (their profile city), and whether beyond the viewer's travel distance. */
  trailhead: trailheadDistanceSchema,
  /** The candidate's own open search for this trail and day, to send a request to. */
  searchingMatchId: z.string().nullable(),
});
export type BestMatch = z.infer<typeof bestMatchSchema>;

/**
 * A page of Best Matches: everyone searching the trail and day, best compatibility and most
 * recent search first, then the best-fitting others (never every member); `nextCursor` asks for
 * the next page, null on the last.
 */
/** A confirmed hike with room, offered to someone looking at its slot (ADR 0054). */
export const hikeToJoinSchema = z.object({
  matchId: z.string(),
  people: z.array(hikePersonSchema),
  /** The viewer's compatibility with the hike: the average over the people on it with a figure (issue 24). */
  compatibility: z.number().nullable(),
  /** Why, in a few words: what the viewer shares with everyone on it ("all chatty"), as on a person's card. */
  reasons: z.array(z.string()),
  /** How far the hike's nearest person lives from the trailhead, against the viewer's travel distance (ADR 0068). */
  trailhead: trailheadDistanceSchema,
  placesLeft: z.number(),
  /** The viewer already asked to join it. */
  requested: z.boolean(),
});
export type HikeToJoin = z.infer<typeof hikeToJoinSchema>;

export const bestMatchPageSchema = z.object({
  /** Hikes of the slot with room to join, on the first page only. */
  hikes: z.array(hikeToJoinSchema),
  candidates: z.array(bestMatchSchema),
  nextCursor: z.string().nullable(),
});
export type BestMatchPage = z.infer<typeof bestMatchPageSchema>;

export const pastPartnerSchema = z.object({
  profile: publicProfileSchema,
  compatibility: z.number().nullable(),
  matchId: z.string(),
  trailName: z.string().nullable(),
  startTime: z.string(),
});
export type PastPartner = z.infer<typeof pastPartnerSchema>;
