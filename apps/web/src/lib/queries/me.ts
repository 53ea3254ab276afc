import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import { ApiError, api } from '../api-client';

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

export function useMe() {
  return useQuery(meQueryOptions());
}

/** The name to greet someone by: their profile name, else their account name, else their e-mail's local part. */
export function displayNameOf(me: Me): string {
  return me.profile.name.trim() || me.user.name.trim() || me.user.email.split('@')[0] || me.user.email;
}

/**
 * After signing in, up or out every cached answer may belong to someone else: refetch who is
 * signed in and everything else that is on screen.
 */
export function useRefreshAfterAuthChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
