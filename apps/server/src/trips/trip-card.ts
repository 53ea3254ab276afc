import { eq } from 'drizzle-orm';
import { tripPagePath } from '@trailbuddy/shared/contracts/trip';
import type { DbOrTx } from '../db/client.js';
import { trails } from '../db/schema/index.js';
import { joinNames } from '@trailbuddy/shared/domain/hikes';
import { othersOn, type MatchRow } from '../matches/match-presenter.js';
import { publicProfilesById } from '../profiles/person.js';
import { displayNameOf } from './emergency-contact.js';

/** States in which the pair has agreed to meet: the meeting point exists only there. */
export const AGREED = new Set<MatchRow['status']>(['confirmed', 'completed', 'active']);

/**
 * What the contact learns of a hike (ADR 0033): the trail and its trailhead with the map link,
 * the date, start and expected return, the meeting point once one is set (ADR 0055: where to
 * look for someone overdue), and the buddy's first name and photo. Never the buddy's surname,
 * contact details or profile: the card is the sharer's to share, and only what the sharer's
 * safety needs.
 */
export interface TripCard {
  travellerName: string;
  trailName: string;
  trailhead: string;
  /** '' until the hike's participants set one. */
  meetingPoint: string;
  mapLink: string;
  date: string;
  startTime: string;
  expectedReturn: string;
  buddyFirstName: string;
  /** Absolute, or '' when the buddy has none. */
  buddyPhoto: string;
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const absolute = (url: string | null | undefined, appUrl: string) =>
  !url ? '' : /^https?:\/\//.test(url) ? url : url.startsWith('/') ? new URL(url, appUrl).href : '';

export async function tripCardOf(db: DbOrTx, m: MatchRow, sharerId: string, opts: { appUrl: string; timeZone: string }): Promise<TripCard> {
  const [trail] = await db.select().from(trails).where(eq(trails.id, m.trailId));
  // Everyone else on the hike (ADR 0054): their first names, and the first one's photo.
  const others = othersOn(m, sharerId);
  const profiles = await publicProfilesById(db, others, sharerId);
  const buddies = others.flatMap((id) => profiles.get(id) ?? []);
  const buddy = buddies[0];
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: opts.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: opts.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return {
    travellerName: await displayNameOf(db, sharerId),
    trailName: trail?.name ?? 'A TrailBuddy trail',
    trailhead: trail?.location ?? 'Not given',
    meetingPoint: (AGREED.has(m.status) && m.meetingPoint) || '',
    mapLink: /^https?:\/\//.test(trail?.linkmap ?? '') ? trail!.linkmap : '',
    date: day.format(m.startTime),
    startTime: time.format(m.startTime),
    expectedReturn: time.format(m.endTime),
    buddyFirstName: buddies.length > 0 ? joinNames(buddies.map((b) => firstNameOf(b.name))) : 'their buddy',
    buddyPhoto: absolute(buddy?.image, opts.appUrl),
  };
}

/** The card as mail params (snake_case, EmailJS-compatible). */
export function tripCardParams(card: TripCard, token: string, appUrl: string) {
  return {
    traveller_name: card.travellerName,
    trail_name: card.trailName,
    trailhead: card.trailhead,
    meeting_point: card.meetingPoint,
    map_link: card.mapLink,
    date: card.date,
    start_time: card.startTime,
    expected_return: card.expectedReturn,
    buddy_first_name: card.buddyFirstName,
    buddy_photo: card.buddyPhoto,
    trip_link: new URL(tripPagePath(token), appUrl).href,
  };
}
