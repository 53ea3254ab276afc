import { useQuery } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import type { UnreadCounts } from '@trailbuddy/shared/contracts/messages';
import { api } from '../api-client';

/**
 * The buddy conversations' query keys all start with 'conversations', so a live `message.created`
 * or `message.read` event refreshes every thread and the unread counts at once. Here in lib/
 * because the Matches tab (app/) and the match card (features/matches) show the counts too.
 */
export const conversationKeys = {
  all: [CACHE_ROOTS.conversations] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
  thread: (matchId: string) => [...conversationKeys.all, 'thread', matchId] as const,
};

export const useUnreadCounts = (enabled = true) =>
  useQuery({
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) => api.get<UnreadCounts>('/api/messages/unread', { signal }),
    enabled,
  });

/** One match's unread count, from the same cached answer. */
export const useUnreadIn = (matchId: string) =>
  useQuery({
    queryKey: conversationKeys.unread(),
    queryFn: ({ signal }) => api.get<UnreadCounts>('/api/messages/unread', { signal }),
    select: (counts) => counts.matches.find((m) => m.matchId === matchId)?.unread ?? 0,
  });
