import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const favouriteKeys = { all: ['favourites'] as const };

/** The ids of the signed-in user's favourite trails. */
export async function getFavouriteTrailIds(signal?: AbortSignal): Promise<string[]> {
  const { trailIds } = await api.get<{ trailIds: string[] }>('/api/me/favourites', { signal });
  return trailIds;
}

export const favouritesQueryOptions = () =>
  queryOptions({
    queryKey: favouriteKeys.all,
    queryFn: ({ signal }) => getFavouriteTrailIds(signal),
  });

/** Favourites belong to a user: only asked for when someone is signed in. */
export function useFavouriteTrailIds(enabled: boolean) {
  return useQuery({ ...favouritesQueryOptions(), enabled });
}
