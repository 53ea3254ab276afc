import type { IdTokenResponse } from '@trailbuddy/shared/contracts/identity';
/**
 * Session token sync (product §7, optional): when the server configures a same-origin target, the
 * client POSTs a fresh ID token there as a bearer token after every sign-in and DELETEs it after
 * sign-out. A token older than the configured limit is never sent. Sync is best effort: a failure
 * never blocks signing in or out, and the next auth change syncs again.
 */

/** The target of the last sync, so signing out (no session, no token) knows where to DELETE. */
const LAST_TARGET_KEY = 'trailbuddy:token-sync-target';

const sameOrigin = (url: string) => new URL(url, window.location.origin).origin === window.location.origin;

export async function syncSessionToken(now: () => number = Date.now): Promise<'posted' | 'deleted' | 'skipped'> {
  try {
    const res = await fetch('/api/auth/identity/token', { credentials: 'same-origin' });
    if (res.status === 401) return await clearSyncedToken();
    if (!res.ok) return 'skipped';
    const answer = (await res.json()) as IdTokenResponse;
    if (!answer.sync || !sameOrigin(answer.sync.url)) return 'skipped';
    if (now() - Date.parse(answer.issuedAt) > answer.sync.maxAgeS * 1000) return 'skipped';
    sessionStorage.setItem(LAST_TARGET_KEY, answer.sync.url);
    await fetch(answer.sync.url, { method: 'POST', credentials: 'same-origin', headers: { authorization: `Bearer ${answer.token}` } });
    return 'posted';
  } catch {
    return 'skipped';
  }
}

async function clearSyncedToken(): Promise<'deleted' | 'skipped'> {
  const target = sessionStorage.getItem(LAST_TARGET_KEY);
  if (!target) return 'skipped';
  sessionStorage.removeItem(LAST_TARGET_KEY);
  await fetch(target, { method: 'DELETE', credentials: 'same-origin' });
  return 'deleted';
}
