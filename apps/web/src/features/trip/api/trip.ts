import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmergencyContact, EmergencyContactInput, TripPlan } from '@trailbuddy/shared/contracts/trip';
import { api } from '../../../lib/api-client';

const contactKey = ['emergency-contact'] as const;
// Under the matches root, so a live match event refreshes it with the match.
const tripKey = (matchId: string) => ['matches', matchId, 'trip'] as const;
const path = (matchId: string, rest: string) => `/api/matches/${encodeURIComponent(matchId)}/${rest}`;

export const useEmergencyContact = () =>
  useQuery({
    queryKey: contactKey,
    queryFn: ({ signal }) => api.get<{ contact: EmergencyContact | null }>('/api/me/emergency-contact', { signal }),
  });

export function useSaveEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmergencyContactInput) => api.put<{ contact: EmergencyContact }>('/api/me/emergency-contact', input),
    onSuccess: (data) => queryClient.setQueryData(contactKey, data),
  });
}

export function useRemoveEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/me/emergency-contact'),
    onSuccess: () => queryClient.setQueryData(contactKey, { contact: null }),
  });
}

export const useTripPlan = (matchId: string) =>
  useQuery({ queryKey: tripKey(matchId), queryFn: ({ signal }) => api.get<TripPlan>(path(matchId, 'trip'), { signal }) });

type TripAction = 'trip/share' | 'check-in' | 'check-out';

/** Share my trip, check in, check out: each answers with the new trip plan. */
export function useTripAction(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TripAction) => api.post<TripPlan>(path(matchId, action)),
    onSuccess: (plan) => {
      queryClient.setQueryData(tripKey(matchId), plan);
      // Both check-outs complete the match: the lists move it.
      if (plan.status === 'completed') void queryClient.invalidateQueries({ queryKey: ['matches'] });
    },
  });
}

export function useSetMeetingPoint(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meetingPoint: string | null) => api.put<TripPlan>(path(matchId, 'meeting-point'), { meetingPoint }),
    onSuccess: (plan) => queryClient.setQueryData(tripKey(matchId), plan),
  });
}
