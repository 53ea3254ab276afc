import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { splitMatchTabs } from './features/matches/utils/match-tabs';
import {
  changesWhoIsSignedIn,
  deletePersonCaches,
  imagesOf,
  PERSON_API_PATHS,
  personCacheName,
  personOfCaches,
  shellWithoutIdentity,
} from './lib/service-worker-offline';
import { appPathOf, pushNotificationOf } from './lib/service-worker-push';

/**
 * TrailBuddy's service worker (ADR 0024): the app installable and its upcoming hikes readable
 * offline, and web push shown.
 *
 * - The app shell (scripts, styles, the built index.html, icons) is precached at install.
 * - Navigations always go to the network, since the server renders each page for its request;
 *   only when the network fails is the precached shell served, without any identity in it.
 * - The signed-in person's own answers (who they are, their upcoming hikes and those hikes'
 *   pictures) are kept in a cache named after them and read only when the network fails.
 *   Nobody else's browser session ever reads them: they go on sign-out, on a 401, and before any
 *   request that may change who is signed in.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

self.skipWaiting();
clientsClaim();

/**
 * Bumped whenever who is signed in may have changed: an answer that was on its way across such
 * a change may belong to the previous person, so it is not kept.
 */
let identityEpoch = 0;

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const currentPerson = async () => personOfCaches(await caches.keys());

async function forgetPerson(): Promise<void> {
  identityEpoch += 1;
  await deletePersonCaches(caches);
}

async function fromPersonCache(request: Request | string): Promise<Response> {
  const person = await currentPerson();
  const kept = person ? await (await caches.open(personCacheName(person))).match(request) : undefined;
  return kept ?? Response.error();
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/**
 * Keeps GET /api/me's answer and learns from it who is signed in: nobody on a 401; somebody
 * else than the kept person means the browser changed hands, and the previous person's cache
 * goes (bumping the epoch, so their answers still on the way are not kept either).
 */
async function keepMe(response: Response, epoch: number): Promise<void> {
  if (response.status === 401) return forgetPerson();
  if (!response.ok) return;
  const copy = response.clone();
  const me = (await response.json()) as Me;
  const kept = await currentPerson();
  if (epoch !== identityEpoch) return;
  if (kept !== null && kept !== me.user.id) await forgetPerson();
  await (await caches.open(personCacheName(me.user.id))).put(PERSON_API_PATHS.me, copy);
}

/**
 * Keeps what the Upcoming tab shows of GET /api/matches/mine (confirmed hikes and own events
 * still to come, with trail, time, place and buddy) and their pictures; nothing of the other
 * tabs. Only for the person GET /api/me named, and only if nobody signed in or out while the
 * answer was on its way.
 */
async function keepUpcoming(response: Response, epoch: number): Promise<void> {
  if (response.status === 401) return forgetPerson();
  if (!response.ok) return;
  const { matches } = (await response.json()) as { matches: MatchView[] };
  const person = await currentPerson();
  if (!person || epoch !== identityEpoch) return;
  const upcoming = splitMatchTabs(matches, Date.now()).upcoming;
  const cache = await caches.open(personCacheName(person));
  await cache.put(PERSON_API_PATHS.myMatches, json({ matches: upcoming }));
  const images = imagesOf(upcoming, self.location.origin);
  const apiUrls = new Set(Object.values(PERSON_API_PATHS).map((path) => new URL(path, self.location.origin).href));
  for (const key of await cache.keys()) if (!apiUrls.has(key.url) && !images.includes(key.url)) await cache.delete(key);
  for (const image of images) {
    if (await cache.match(image)) continue;
    const picture = await fetch(image).catch(() => undefined);
    if (picture?.ok && epoch === identityEpoch) await cache.put(image, picture);
  }
}

/** Network first for the person's own answers; what was kept, only when the network fails. */
function personRoute(path: string, keep: (response: Response, epoch: number) => Promise<void>) {
  registerRoute(
    ({ url }) => sameOrigin(url) && url.pathname === path,
    async ({ request, event }: RouteHandlerCallbackOptions) => {
      const epoch = identityEpoch;
      let response: Response;
      try {
        response = await fetch(request);
      } catch {
        return fromPersonCache(path);
      }
      // The page reads this response; what is kept is read from a copy taken before it does.
      (event as ExtendableEvent).waitUntil(keep(response.clone(), epoch).catch(() => undefined));
      return response;
    },
    'GET',
  );
}

/**
 * Once activated: fetch who is signed in and their upcoming hikes
 * once, so a first visit already leaves them readable offline (that visit's own requests were
 * made before this worker controlled the page).
 */
async function refreshPersonCache(): Promise<void> {
  const headers = { accept: 'application/json' };
  await keepMe(await fetch(PERSON_API_PATHS.me, { headers }), identityEpoch);
  if (!(await currentPerson())) return;
  const epoch = identityEpoch;
  await keepUpcoming(await fetch(PERSON_API_PATHS.myMatches, { headers }), epoch);
}

// Before any route: a request that may change who is signed in drops the person's cache first.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (sameOrigin(url) && changesWhoIsSignedIn(event.request.method, event.request.mode, url.pathname)) {
    event.waitUntil(forgetPerson());
  }
});

// Navigations: the network, always; the precached shell (without identity) only offline.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache('/index.html');
        if (!shell) throw error;
        return new Response(shellWithoutIdentity(await shell.text()), { headers: { 'content-type': 'text/html; charset=utf-8' } });
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

personRoute(PERSON_API_PATHS.me, keepMe);
personRoute(PERSON_API_PATHS.myMatches, keepUpcoming);

// The pictures of the upcoming hikes: from the person's cache when kept there, else the network.
registerRoute(
  ({ request, url }) => request.destination === 'image' && sameOrigin(url),
  async ({ request }) => {
    const person = await currentPerson();
    const kept = person ? await (await caches.open(personCacheName(person))).match(request.url) : undefined;
    return kept ?? fetch(request);
  },
  'GET',
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('activate', (event) => event.waitUntil(refreshPersonCache().catch(() => undefined)));

self.addEventListener('push', (event) => {
  const { title, options } = pushNotificationOf(event.data?.text());
  event.waitUntil(self.registration.showNotification(title, options));
});

// Opens (or focuses) the view the notification is about, in a TrailBuddy window if one is open.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(appPathOf((event.notification.data as { url?: unknown } | null)?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target) ?? windows.find((w) => sameOrigin(new URL(w.url)));
      if (!open) return void (await self.clients.openWindow(target));
      const focused = await open.focus();
      if (focused.url !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target));
    })(),
  );
});
