import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import type { NotificationItem, NotificationPage, NotificationPreferences } from '@trailbuddy/shared/contracts/notifications';
import { api } from '../../../lib/api-client';

/**
 * Every notification query key starts with the `notifications` cache root, so the live events
 * `notification.created` and `notification.read` (from any device of the person) refresh the
 * bell and the list through the app's one live-event handler.
 */
export const notificationKeys = {
  all: [CACHE_ROOTS.notifications] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  one: (id: string) => [...notificationKeys.all, 'one', id] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) => (await api.get<{ unread: number }>('/api/notifications/unread-count', { signal })).unread,
  });

export const useNotificationList = () =>
  useInfiniteQuery({
    queryKey: notificationKeys.list(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api.get<NotificationPage>('/api/notifications', { query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useNotification = (id: string) =>
  useQuery({
    queryKey: notificationKeys.one(id),
    queryFn: ({ signal }) => api.get<NotificationItem>(`/api/notifications/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

function useInvalidatingMutation<T>(mutationFn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}

export const useMarkRead = () => useInvalidatingMutation((id: string) => api.post(`/api/notifications/${encodeURIComponent(id)}/read`));
export const useMarkAllRead = () => useInvalidatingMutation(() => api.post('/api/notifications/read-all'));

export const usePreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => api.get<NotificationPreferences>('/api/notifications/preferences', { signal }),
  });

export const useSavePreferences = () =>
  useInvalidatingMutation((prefs: NotificationPreferences) => api.put<NotificationPreferences>('/api/notifications/preferences', prefs));
