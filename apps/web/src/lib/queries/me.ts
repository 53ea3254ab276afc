import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import { useSyncExternalStore } from 'react';
import { ApiError, api } from '../api-client';
import { neverChanges, useServerRender } from '../server-render';

/**
 * Who is signed in, with their profile and role; `null` for a visitor. This one query is the
 * app's source of truth for the signed-in state, so the home page needs no auth library to
 * render (Better Auth's client is loaded only to sign in, up or out).
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>('/api/me', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });

export function useMe(): UseQueryResult<Me | null> {
  const query = useQuery(meQueryOptions());
  // The server renders nobody's data (ADR 0023): while React hydrates its HTML, a signed-in
  // person is "not known yet", as there, even if GET /api/me has answered in the meantime.
  // Hidden only then, so that hydrating costs no re-render when nobody is known yet.
  const server = useServerRender();
  const shown = useSyncExternalStore(
    neverChanges,
    () => true,
    () => !server || !query.data,
  );
  if (!shown) return { ...query, data: undefined, status: 'pending', isPending: true, isSuccess: false } as UseQueryResult<Me | null>;
  return query;
}

/**
 * The name to greet someone by: their profile name, else their account name, else their e-mail's
 * local part; a guest is "Guest" and a nameless phone account is greeted as "there".
 */
export function displayNameOf(me: Me): string {
  const named = me.profile.name.trim() || me.user.name.trim() || me.user.email.split('@')[0];
  return named || (me.user.isAnonymous ? 'Guest' : 'there');
}

/** How the header names the signed-in account: its e-mail, else "Guest" or the account's name. */
export function accountLabelOf(me: Me): string {
  if (me.user.email) return me.user.email;
  return me.user.isAnonymous ? 'Guest' : me.user.name.trim() || me.profile.name.trim() || 'Your account';
}

/**
 * After signing in, up or out every cached answer may belong to someone else: refetch who is
 * signed in and everything else that is on screen, then sync the session token (product §7).
 */
export function useRefreshAfterAuthChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries();
    void import('../token-sync').then(({ syncSessionToken }) => syncSessionToken());
  };
}
