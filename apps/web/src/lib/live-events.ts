import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Live updates (ARCHITECTURE §1): the server's SSE stream at /api/events turned into TanStack
 * Query invalidations, so open views refresh without a reload. EventSource reconnects by itself
 * and sends Last-Event-ID, so the server replays what was missed (or says `resync`).
 * Visitors get the public events (trails); a signed-in user also gets their match events,
 * so the stream is reopened when the sign-in state changes.
 */
export function useLiveEvents(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const refresh = (...keys: string[]) => keys.forEach((key) => void queryClient.invalidateQueries({ queryKey: [key] }));
    source.addEventListener('match.changed', () => refresh('matches', 'users'));
    for (const type of ['trail.created', 'trail.deleted', 'trail.changed']) source.addEventListener(type, () => refresh('trails', 'trail'));
    source.addEventListener('resync', () => void queryClient.invalidateQueries());
    return () => source.close();
  }, [signedIn, queryClient]);
}
