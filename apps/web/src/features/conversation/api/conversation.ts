import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import type { HistoryPage, Message } from '@trailbuddy/shared/contracts/messages';
import { api, ApiError } from '../../../lib/api-client';
import { conversationKeys } from '../../../lib/queries/conversations';
import { withMessage } from '../utils/thread';

/** The thread, newest page first; `fetchNextPage` loads older messages. */
export const useThread = (matchId: string) =>
  useInfiniteQuery({
    queryKey: conversationKeys.thread(matchId),
    queryFn: ({ pageParam, signal }) =>
      api.get<HistoryPage>(`/api/matches/${encodeURIComponent(matchId)}/messages`, { query: { before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export interface Outgoing {
  clientId: string;
  body: string;
}

/** How often a send the server was too busy for (503 `busy`, ADR 0082) is sent again by itself. */
const BUSY_RETRIES = 5;
/** The server's Retry-After (1 s) with a spread, so the people it refused do not all come back at once. */
const busyRetryDelay = () => 750 + Math.random() * 500;

/**
 * Sends one message. The clientId is chosen once per message by the caller and sent again on a
 * retry, so the server returns the message the first attempt created instead of a second one.
 * A busy server's refusal is retried by itself, the message showing "Sending…" meanwhile.
 */
export function useSendMessage(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outgoing: Outgoing) =>
      api.post<{ message: Message; created: boolean }>(`/api/matches/${encodeURIComponent(matchId)}/messages`, outgoing),
    retry: (failures, error) => failures < BUSY_RETRIES && error instanceof ApiError && error.code === 'busy',
    retryDelay: busyRetryDelay,
    onSuccess: ({ message }) => {
      // The answer is in the thread at once, then the thread is read again for its place.
      queryClient.setQueryData<InfiniteData<HistoryPage, string | undefined>>(
        conversationKeys.thread(matchId),
        (thread) => thread && withMessage(thread, message),
      );
      return queryClient.invalidateQueries({ queryKey: conversationKeys.thread(matchId) });
    },
  });
}

export function useMarkRead(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api.post(`/api/matches/${encodeURIComponent(matchId)}/messages/read`, { messageId }),
    // Reading the thread also marks its messages' notifications read (ADR 0037): the bell follows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
        queryClient.invalidateQueries({ queryKey: [CACHE_ROOTS.notifications] }),
      ]),
  });
}
