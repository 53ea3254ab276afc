// Zod-free: the web app's query modules import it on the signed-out home page's critical path.

/**
 * The first element of the web app's TanStack Query keys that live events refresh. The app's
 * key factories start with these, so an invalidation here reaches every query below a root.
 */
export const CACHE_ROOTS = {
  /** The trail list (home). */
  trails: 'trails',
  /** One trail (its detail view). */
  trail: 'trail',
  /** Every match query: mine, partners, feedback prompt, best matches. */
  matches: 'matches',
  /** Other people's public profiles. */
  users: 'users',
  /** The buddy conversations: each thread, and the unread counts. */
  conversations: 'conversations',
  /** The signed-in person's notifications: the bell's count and the list. */
  notifications: 'notifications',
} as const;
export type CacheRoot = (typeof CACHE_ROOTS)[keyof typeof CACHE_ROOTS];
