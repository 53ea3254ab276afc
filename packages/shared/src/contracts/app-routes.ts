import { HIKE_CAPACITY_DEFAULT, HIKE_CAPACITY_MAX } from '../domain/hikes';
import { isStartTime, isWeekendDay, type WeekendDay } from '../domain/schedule';

/**
 * The web app's views (product §2) and their addresses (ADR 0019): every view is a URL, so a
 * reload lands on it, Back and Forward walk through views and a link can be shared. The web
 * app's features build links with `hrefOf` (or navigate with `useNavigation`) and never write
 * paths by hand; its app/ parses the URL with `routeOf` and maps each view to its feature. The
 * server reads the same table to answer an address that names no view with a 404 (ADR 0036).
 */

export const MATCH_TABS = ['upcoming', 'pending', 'completed'] as const;
export type MatchTab = (typeof MATCH_TABS)[number];

/** Where a trail was opened from: home offers Find Hiking Buddy, the others a Back button. */
export type TrailDetailFrom = 'home' | 'agenda' | 'matches';

export type View =
  | { name: 'home' }
  /** `day`: the weekend day chosen on the trail; `from` lives in the history entry, not the URL. */
  | { name: 'trail-detail'; trailId: string; from: TrailDetailFrom; day?: WeekendDay }
  /** `capacity`: the room for more chosen on the trail page (ADR 0054); unset, "just the two of us". */
  | { name: 'matching'; trailId: string; day: WeekendDay; capacity?: number; time?: string }
  /** `time`: the start time chosen on the trail page, "HH:MM" on the trails' clock (ADR 0065); unset, the trail's first. */
  | { name: 'no-matches'; trailId: string; day: WeekendDay; matchId: string; time?: string }
  | { name: 'request-sent'; matchId: string }
  | { name: 'match-accepted'; matchId: string }
  /** The buddy conversation of a match (ADR 0026). */
  | { name: 'conversation'; matchId: string }
  | { name: 'matches-page'; tab?: MatchTab }
  | { name: 'matches' }
  | { name: 'profile'; userId: string }
  | { name: 'personal-profile' }
  /** `month` as `2026-11`, `day` as `2026-11-28`: unset, the agenda opens on its own choice. */
  | { name: 'agenda'; month?: string; day?: string }
  /** An address that matches no view: `path` is the address as it was asked for (it stays in the bar). */
  | { name: 'not-found'; path: string }
  /** The notification list (the bell). */
  | { name: 'notifications' }
  /** One notification, as an e-mailed link names it: it opens the view the notification is about. */
  | { name: 'notification'; notificationId: string }
  | { name: 'notification-preferences' }
  /** Account settings (ADR 0034): password, e-mail, sessions, my data, deleting the account. */
  | { name: 'account-settings' }
  /** Where a person lands once their account is deleted (issue 23): signed out, so not a members' view. */
  | { name: 'account-deleted' };

export type ViewName = View['name'];

/** Views that need a signed-in user; opened signed out, they ask for sign-in first. */
export const MEMBER_VIEWS: ReadonlySet<ViewName> = new Set<ViewName>([
  'matching',
  'no-matches',
  'request-sent',
  'match-accepted',
  'conversation',
  'matches-page',
  'matches',
  'profile',
  'personal-profile',
  'agenda',
  'notifications',
  'notification',
  'notification-preferences',
  'account-settings',
]);

const segment = (value: string) => encodeURIComponent(value);

// Query strings by hand: this module runs in the browser and on the server, and the shared
// package is typed without either's globals (URLSearchParams is both's, but neither's type here).
/** `?room=N`: a hike for up to N people (3–HIKE_CAPACITY_MAX); anything else is the default. */
function capacityParam(search: string): number | undefined {
  const raw = queryValue(search, 'room') ?? null;
  const n = raw !== null && /^\d$/.test(raw) ? Number(raw) : NaN;
  return n > HIKE_CAPACITY_DEFAULT && n <= HIKE_CAPACITY_MAX ? n : undefined;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${segment(key)}=${segment(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** The first value of `name` in a query string (`?a=1&b=2`), read as a form field is; null when absent. */
function queryValue(search: string, name: string): string | null {
  const form = (part: string) => decoded(part.replace(/\+/g, ' ')) ?? '';
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if (form(at < 0 ? pair : pair.slice(0, at)) === name) return at < 0 ? '' : form(pair.slice(at + 1));
  }
  return null;
}

/** The address of a view: the one place that writes the main app's paths. */
export function hrefOf(view: View): string {
  switch (view.name) {
    case 'home':
      return '/';
    case 'trail-detail':
      return withQuery(`/trails/${segment(view.trailId)}`, { day: view.day });
    case 'matching':
      return withQuery(`/trails/${segment(view.trailId)}/buddies`, {
        day: view.day,
        room: view.capacity && view.capacity > HIKE_CAPACITY_DEFAULT ? String(view.capacity) : undefined,
        time: view.time,
      });
    case 'no-matches':
      return withQuery(`/trails/${segment(view.trailId)}/buddies/searches/${segment(view.matchId)}`, { day: view.day, time: view.time });
    case 'request-sent':
      return `/matches/${segment(view.matchId)}/sent`;
    case 'match-accepted':
      return `/matches/${segment(view.matchId)}/accepted`;
    case 'conversation':
      return `/matches/${segment(view.matchId)}/messages`;
    case 'matches-page':
      return `/matches/${view.tab ?? 'upcoming'}`;
    case 'matches':
      return '/matches/partners';
    case 'profile':
      return `/people/${segment(view.userId)}`;
    case 'personal-profile':
      return '/me';
    case 'agenda':
      return withQuery(view.month ? `/agenda/${view.month}` : '/agenda', { day: view.day });
    case 'not-found':
      return view.path;
    case 'notifications':
      return '/notifications';
    case 'notification':
      return `/notifications/${segment(view.notificationId)}`;
    case 'notification-preferences':
      return '/me/notifications';
    case 'account-settings':
      return '/me/account';
    case 'account-deleted':
      return '/account-deleted';
  }
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function decoded(part: string | undefined): string | null {
  if (!part) return null;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** `?time=HH:MM`: a start time of the trail (ADR 0065); anything else is none (the trail's first). */
function timeParam(search: string): string | undefined {
  const time = queryValue(search, 'time');
  return isStartTime(time) ? time : undefined;
}

function dayParam(search: string): WeekendDay | undefined {
  const day = queryValue(search, 'day');
  return isWeekendDay(day) ? day : undefined;
}

/**
 * The view at a URL, or null for an address the app does not know (the app shows not-found).
 * `from`, the trail's opener, comes from the history entry; a shared link opens from Home.
 */
export function routeOf(pathname: string, search = '', from: TrailDetailFrom = 'home'): View | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  const [first, second, third, fourth, ...rest] = parts;
  if (parts.length === 0 || (parts.length === 1 && first === '')) return { name: 'home' };

  switch (first) {
    case 'trails': {
      const trailId = decoded(second);
      if (!trailId) return null;
      const day = dayParam(search);
      if (third === undefined) return day ? { name: 'trail-detail', trailId, from, day } : { name: 'trail-detail', trailId, from };
      if (third !== 'buddies') return null;
      // A buddies link without a valid day opens the trail, where the day is chosen.
      if (!day) return fourth === undefined ? { name: 'trail-detail', trailId, from } : null;
      const time = timeParam(search);
      if (fourth === undefined) {
        const capacity = capacityParam(search);
        return { name: 'matching', trailId, day, ...(capacity ? { capacity } : {}), ...(time ? { time } : {}) };
      }
      const matchId = decoded(rest[0]);
      if (fourth !== 'searches' || !matchId || rest.length !== 1) return null;
      return { name: 'no-matches', trailId, day, matchId, ...(time ? { time } : {}) };
    }
    case 'matches': {
      if (second === undefined) return { name: 'matches-page', tab: 'upcoming' };
      if (third === undefined) {
        if (second === 'partners') return { name: 'matches' };
        const tab = MATCH_TABS.find((name) => name === second);
        return tab ? { name: 'matches-page', tab } : null;
      }
      const matchId = decoded(second);
      if (!matchId || fourth !== undefined) return null;
      if (third === 'sent') return { name: 'request-sent', matchId };
      if (third === 'accepted') return { name: 'match-accepted', matchId };
      if (third === 'messages') return { name: 'conversation', matchId };
      return null;
    }
    case 'people': {
      const userId = decoded(second);
      return userId && third === undefined ? { name: 'profile', userId } : null;
    }
    case 'me':
      if (second === 'notifications' && third === undefined) return { name: 'notification-preferences' };
      if (second === 'account' && third === undefined) return { name: 'account-settings' };
      return second === undefined ? { name: 'personal-profile' } : null;
    case 'account-deleted':
      return second === undefined ? { name: 'account-deleted' } : null;
    case 'notifications': {
      if (second === undefined) return { name: 'notifications' };
      const notificationId = decoded(second);
      return notificationId && third === undefined ? { name: 'notification', notificationId } : null;
    }
    case 'agenda': {
      if (third !== undefined) return null;
      const dayInQuery = queryValue(search, 'day');
      const day = dayInQuery && DAY.test(dayInQuery) ? dayInQuery : undefined;
      if (second === undefined) return day ? { name: 'agenda', month: day.slice(0, 7), day } : { name: 'agenda' };
      // The day may also come as the path segment: /agenda/2026-11-28.
      if (DAY.test(second)) return { name: 'agenda', month: second.slice(0, 7), day: second };
      if (!MONTH.test(second)) return null;
      return day?.startsWith(second) ? { name: 'agenda', month: second, day } : { name: 'agenda', month: second };
    }
    default:
      return null;
  }
}

/** product §2's URL routes: /auth (account e-mail links), /admin (and its reports), and the main app's views. */
export type Section = 'main' | 'admin' | 'auth';

/**
 * The section a path belongs to: /auth and /admin have their own pages; the main app owns every
 * other path (showing not-found where `routeOf` finds no view). Case-insensitive, with or
 * without a trailing slash.
 */
export function sectionOf(pathname: string): Section {
  if (/^\/admin(\/reports)?\/?$/i.test(pathname)) return 'admin';
  if (/^\/auth\/?$/i.test(pathname)) return 'auth';
  return 'main';
}

/** Whether an address names a page of the app (any view, /auth, /admin), rather than its not-found. */
export function isAppAddress(pathname: string, search = ''): boolean {
  return sectionOf(pathname) !== 'main' || routeOf(pathname, search) !== null;
}
