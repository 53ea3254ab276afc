import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteInput, MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Invite to Hike: my search for the slot becomes pending with the invitee. */
export function inviteToHike(input: InviteInput) {
  return api.post<MatchView>('/api/matches/invite', input);
}

export function useInviteToHike() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteToHike, onSuccess: () => invalidateMatches(queryClient) });
}
