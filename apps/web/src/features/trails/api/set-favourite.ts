import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trailKeys } from '../../../lib/queries/trails';
import { favouriteKeys } from './get-favourites';

export interface SetFavouriteInput {
  trailId: string;
  favourite: boolean;
}

export async function setFavourite({ trailId, favourite }: SetFavouriteInput): Promise<void> {
  const path = `/api/me/favourites/${encodeURIComponent(trailId)}`;
  await (favourite ? api.put<void>(path) : api.delete<void>(path));
}

/**
 * Marks or unmarks a favourite trail. Optimistic: the toggle flips at once and flips back if the
 * server refuses; either way the list is refetched afterwards so it matches the server.
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: favouriteKeys.all,
    mutationFn: setFavourite,
    onMutate: async ({ trailId, favourite }: SetFavouriteInput) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.all });
      const previous = queryClient.getQueryData<string[]>(favouriteKeys.all);
      queryClient.setQueryData<string[]>(favouriteKeys.all, (ids = []) =>
        favourite ? [...ids.filter((id) => id !== trailId), trailId] : ids.filter((id) => id !== trailId),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(favouriteKeys.all, context?.previous);
    },
    // A refetch while another toggle is still on its way could bring back the older state.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: favouriteKeys.all }) === 1) {
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
          // Home's Favourites list (issue 23) follows the toggle.
          queryClient.invalidateQueries({ queryKey: trailKeys.pages({ favourites: true }), exact: false }),
        ]);
      }
    },
  });
}
