import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@trailbuddy/shared/contracts/calendar';
import { api } from '../../../lib/api-client';

const feedKey = ['calendar-feed'] as const;

export const useCalendarFeed = () =>
  useQuery({ queryKey: feedKey, queryFn: ({ signal }) => api.get<CalendarFeedStatus>('/api/calendar/feed', { signal }) });

/** Creates the feed, or replaces its URL with a new one (the old one stops working). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/api/calendar/feed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/calendar/feed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}
