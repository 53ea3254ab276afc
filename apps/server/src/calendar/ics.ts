import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { CALENDAR_ALARM_MINUTES_BEFORE, matchPagePath } from '@trailbuddy/shared/contracts/calendar';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import { joinNames } from '@trailbuddy/shared/domain/hikes';

const UNKNOWN_TRAIL = FALLBACK_LABELS.unknownTrail;
const UNKNOWN_PARTNER = FALLBACK_LABELS.unknownPartner;

const PROD_ID = { company: 'TrailBuddy', product: 'TrailBuddy', language: 'EN' };

/** A calendar app reads a status; ours are richer, and a match in a feed keeps its UID through them. */
const EVENT_STATUS: Record<MatchView['status'], ICalEventStatus> = {
  searching: ICalEventStatus.TENTATIVE,
  pending: ICalEventStatus.TENTATIVE,
  active: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * Increases along a match's life, so a subscribed calendar replaces its copy of the event when
 * the match moves on (RFC 5545 §3.8.7.4); a cancelled match is the last word.
 */
const SEQUENCE: Record<MatchView['status'], number> = { searching: 0, active: 0, pending: 1, confirmed: 2, completed: 3, cancelled: 4 };

const STATUS_TITLE: Record<MatchView['status'], string> = {
  searching: 'searching for a buddy',
  pending: 'request pending',
  active: 'your proposed date',
  confirmed: 'confirmed',
  completed: 'done',
  cancelled: 'cancelled',
};

export const firstName = (fullName: string | undefined) => fullName?.trim().split(/\s+/)[0] || UNKNOWN_PARTNER;

/** Everyone else on the hike by first name (ADR 0054), or the partner of a pending match. */
const withWhom = (match: MatchView) =>
  match.people.length > 0
    ? joinNames(match.people.map((p) => firstName(p.profile.name)))
    : match.partner
      ? firstName(match.partner.name)
      : null;

function summaryOf(match: MatchView): string {
  const trail = match.trail?.name ?? UNKNOWN_TRAIL;
  const others = withWhom(match);
  if (others && match.status !== 'searching') return `${trail} with ${others} (${STATUS_TITLE[match.status]})`;
  return `${trail} (${STATUS_TITLE[match.status]})`;
}

function descriptionOf(match: MatchView, link: string): string {
  const lines = [`TrailBuddy: ${STATUS_TITLE[match.status]}.`];
  const others = withWhom(match);
  if (others) lines.push(`${match.people.length > 1 ? 'Buddies' : 'Buddy'}: ${others}`);
  if (match.cancellation?.note) lines.push(`Why it was cancelled: ${match.cancellation.note}`);
  lines.push(`Open in TrailBuddy: ${link}`);
  return lines.join('\n');
}

export interface CalendarOptions {
  appUrl: string;
  name: string;
  /** When the document was made: each event's DTSTAMP. */
  now: Date;
  /** Set for a subscribed feed: how often a calendar app should fetch it again. */
  refreshSeconds?: number;
}

/**
 * An iCalendar document of the given matches, built with ical-generator: each match one VEVENT
 * with a stable UID, its status, the trail's location, the buddy's first name, a link back to the
 * match in the app and a display alarm before the start (none on a cancelled one).
 */
export function matchesCalendar(matchViews: readonly MatchView[], opts: CalendarOptions): string {
  const calendar = ical({
    prodId: PROD_ID,
    name: opts.name,
    method: ICalCalendarMethod.PUBLISH,
    ...(opts.refreshSeconds ? { ttl: opts.refreshSeconds } : {}),
  });
  const host = new URL(opts.appUrl).host;
  for (const match of matchViews) {
    const link = new URL(matchPagePath(match.id), opts.appUrl).href;
    calendar.createEvent({
      id: `match-${match.id}@${host}`,
      start: new Date(match.startTime),
      end: new Date(match.endTime),
      stamp: opts.now,
      sequence: SEQUENCE[match.status],
      status: EVENT_STATUS[match.status],
      summary: summaryOf(match),
      description: descriptionOf(match, link),
      location: match.trail?.location ?? null,
      url: link,
      alarms:
        match.status === 'cancelled'
          ? []
          : [
              {
                type: ICalAlarmType.display,
                triggerBefore: CALENDAR_ALARM_MINUTES_BEFORE * 60,
                description: `${match.trail?.name ?? UNKNOWN_TRAIL} starts in ${CALENDAR_ALARM_MINUTES_BEFORE / 60} hours`,
              },
            ],
    });
  }
  return calendar.toString();
}
