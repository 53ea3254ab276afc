import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Ask to join a confirmed hike with room (ADR 0054). */
export const requestToJoin = (matchId: string) => api.post<{ requestId: string }>(`/api/matches/${matchId}/join-requests`);
/** Accept a request to join a hike I am on: the first accept that finds a place wins. */
export const acceptJoinRequest = (requestId: string) => api.post<MatchView>(`/api/join-requests/${requestId}/accept`);
/** Decline a request to join a hike I am on. */
export const declineJoinRequest = (requestId: string) => api.post<{ ok: true }>(`/api/join-requests/${requestId}/decline`);
/** My buddy cancelled our hike of two: search that slot again at once. */
export const findSomeoneElse = (matchId: string) => api.post<MatchView>(`/api/matches/${matchId}/find-someone-else`);

/** One of the calls above, refreshing every match list whatever the answer (a refusal means something changed). */
export function useHikeAction<A, R>(call: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => invalidateMatches(queryClient) });
}
