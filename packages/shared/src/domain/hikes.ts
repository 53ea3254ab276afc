/**
 * Hikes people join (ADR 0054): the sizes a hike may have and the words that say why a person
 * cannot be on one. Zod-free, like the error codes that use it.
 */

/** "Just the two of us": a hike's size unless its starter leaves room for more. */
export const HIKE_CAPACITY_DEFAULT = 2;
/** The most people one hike takes. */
export const HIKE_CAPACITY_MAX = 6;

export const HIKE_FULL_MESSAGE = 'This hike is full: every place was taken.';

/**
 * When plans of the same people changed at the same moment and the server could not settle it
 * by running the change again (ADR 0065): nothing was changed, and trying again will answer.
 */
export const PLANS_CHANGED_AT_ONCE_MESSAGE = 'Someone changed these plans at the same moment. Nothing was changed: please try again.';

/** The hike a refusal names: its trail and its start, formatted for the reader. */
export interface ConflictingHike {
  trailName: string;
  /** e.g. "Sunday 29 November 2026, 10:00". */
  startTime: string;
}

/**
 * Why a person cannot search, ask or accept: they are already on (or looking for) a hike at an
 * overlapping time. The person's own hike is named; someone else's only by its time, since where
 * another person will be is theirs to tell.
 */
export function hikeConflictMessage(conflict: ConflictingHike, who: { self: true } | { self: false; name: string }): string {
  return who.self
    ? `You already have a hike at that time: ${conflict.trailName}, ${conflict.startTime}. One hike at a time.`
    : `${who.name} already has a hike at that time (${conflict.startTime}).`;
}

/** "1 place left", "3 places left". */
export function placesLeftText(placesLeft: number): string {
  return `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`;
}

/** "Rui", "Rui and Eva", "Rui, Eva and Noah": everyone on a hike, as one phrase. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
