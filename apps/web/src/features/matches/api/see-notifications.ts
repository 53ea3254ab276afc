import { useQueryClient } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import { MAX_SEEN_MATCHES, type SeenMatchesResult } from '@trailbuddy/shared/contracts/notifications';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';

/**
 * The person is looking at these matches (their cards on the open tab of My Matches, or a
 * match's own page): the server marks their notifications about them read, all kinds but
 * messages, which the conversation clears (ADR 0037). Asked again whenever the set of matches or
 * `shownAt` (when the list was last fetched: a live change refetches it) changes, so a request
 * or invitation that arrives while its card is on screen is cleared too. The bell follows at once
 * here and, through the `notification.read` event, on the person's other devices. A failure
 * leaves the notifications unread, which the bell still offers to clear.
 */
export function useSeeMatchNotifications(matchIds: readonly string[], shownAt: number) {
  const queryClient = useQueryClient();
  const key = matchIds.join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',');
    const batches = Array.from({ length: Math.ceil(ids.length / MAX_SEEN_MATCHES) }, (_, i) =>
      ids.slice(i * MAX_SEEN_MATCHES, (i + 1) * MAX_SEEN_MATCHES),
    );
    void Promise.all(batches.map((batch) => api.post<SeenMatchesResult>('/api/notifications/read-matches', { matchIds: batch })))
      .then((results) => {
        if (results.some((r) => r.marked > 0)) return queryClient.invalidateQueries({ queryKey: [CACHE_ROOTS.notifications] });
      })
      .catch(() => undefined);
  }, [key, shownAt, queryClient]);
}
