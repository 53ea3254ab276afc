import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';

/**
 * What the service worker keeps for offline use, shared by the worker (src/sw.ts) and the page
 * (sign-out clears it). ADR 0024.
 *
 * The signed-in person's own answers live in one cache named after them,
 * `trailbuddy-person:<user id>`: there is at most one such cache, it is replaced when somebody
 * else signs in, and deleted on sign-out, on a 401 and on any sign-in or sign-out request.
 */
export const PERSON_CACHE_PREFIX = 'trailbuddy-person:';

export const personCacheName = (userId: string) => `${PERSON_CACHE_PREFIX}${userId}`;

/** The person whose answers are kept, from the name of their cache; null when nobody's are. */
export function personOfCaches(cacheNames: readonly string[]): string | null {
  const name = cacheNames.find((n) => n.startsWith(PERSON_CACHE_PREFIX));
  return name ? name.slice(PERSON_CACHE_PREFIX.length) : null;
}

/** Deletes every person's cache: what sign-out, a 401 and a change of account do. */
export async function deletePersonCaches(storage: CacheStorage): Promise<void> {
  const names = await storage.keys();
  await Promise.all(names.filter((n) => n.startsWith(PERSON_CACHE_PREFIX)).map((n) => storage.delete(n)));
}

/** The API answers kept for the person, read back when the network fails. */
export const PERSON_API_PATHS = { me: '/api/me', myMatches: '/api/matches/mine' } as const;

/**
 * A request that may change who is signed in: any write to Better Auth and its plugins
 * (sign-in, sign-up, sign-out, e-mail links, federated sign-in), and a navigation there (a
 * provider's callback). The person's cache is dropped before it leaves, so the next person on
 * this browser never reads the previous one's answers.
 */
export function changesWhoIsSignedIn(method: string, mode: string, pathname: string): boolean {
  if (!pathname.startsWith('/api/auth/')) return false;
  return mode === 'navigate' || (method !== 'GET' && method !== 'HEAD');
}

/**
 * The page as the offline fallback of a navigation: the built index.html as it was precached,
 * without the data block that says whether someone is signed in. That block was true of the
 * request that fetched it, not of now; without it the app asks GET /api/me, which the worker
 * answers from the person's cache, or not at all.
 */
export function shellWithoutIdentity(html: string): string {
  const block = new RegExp(`<script type="application/json" id="${PAGE_DATA_BLOCK_IDS.me}">[\\s\\S]*?</script>`, 'g');
  return html.replace(block, '');
}

/** The same-origin images a list of matches shows: each trail's picture and each buddy's photo. */
export function imagesOf(matches: readonly MatchView[], origin: string): string[] {
  const urls = new Set<string>();
  for (const match of matches) {
    for (const src of [match.trail?.image, match.partner?.image]) {
      if (!src) continue;
      const url = new URL(src, origin);
      if (url.origin === origin) urls.add(url.href);
    }
  }
  return [...urls];
}
