import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, STREAM_CONTROL_EVENTS } from '@trailbuddy/shared/contracts/live-event-types';
import type * as PayloadContract from '@trailbuddy/shared/contracts/live-events';
import { useEffect } from 'react';

const EVENTS_URL = '/api/events';

// The payload schemas bring zod with them: loaded with the first live event rather than with the
// page, since most visits to the home page receive none (architecture §7's JavaScript budget).
let payloadContract: Promise<typeof PayloadContract> | undefined;
const loadPayloadContract = () => (payloadContract ??= import('@trailbuddy/shared/contracts/live-events'));

/** Refreshes what a live event makes stale: its payload read with the shared schema, its caches by the shared table. */
export async function refreshForEvent(queryClient: QueryClient, type: string, data: string): Promise<void> {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    payload = undefined;
  }
  const roots = await loadPayloadContract().then(
    ({ cachesToRefresh }) => cachesToRefresh(type, payload),
    // The schemas could not be loaded (offline, a new deployment): refresh everything instead.
    () => 'everything' as const,
  );
  if (roots === 'everything') await queryClient.invalidateQueries();
  else await Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

/**
 * The stream of live events, opened now and reopened as the page needs. When the server replaces
 * it (the same person opened more tabs than the server keeps streams for, or visitors on the same
 * address did), it stays closed rather than reconnecting, which would only push out another
 * tab's stream, which would reconnect in turn: it is reopened when this tab becomes visible
 * again, from the last event it saw, so the server replays what it missed.
 */
export function connectLiveEvents(queryClient: QueryClient, doc: Document = document): () => void {
  let source: EventSource | undefined;
  let lastEventId = '';

  const onLiveEvent = (event: Event) => {
    const message = event as MessageEvent<string>;
    if (message.lastEventId) lastEventId = message.lastEventId;
    void refreshForEvent(queryClient, message.type, message.data);
  };
  const onResync = (event: Event) => {
    const message = event as MessageEvent<string>;
    if (message.lastEventId) lastEventId = message.lastEventId;
    void queryClient.invalidateQueries();
  };
  const onReplaced = () => {
    source?.close();
    source = undefined;
  };

  const open = () => {
    source = new EventSource(lastEventId ? `${EVENTS_URL}?${new URLSearchParams({ lastEventId }).toString()}` : EVENTS_URL);
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onLiveEvent);
    source.addEventListener(STREAM_CONTROL_EVENTS.resync, onResync);
    source.addEventListener(STREAM_CONTROL_EVENTS.replaced, onReplaced);
  };
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'visible' && !source) open();
  };

  open();
  doc.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    source?.close();
    source = undefined;
  };
}

/**
 * Live updates (architecture §1): the server's SSE stream at /api/events turned into TanStack
 * Query invalidations, so open views refresh without a reload. EventSource reconnects by itself
 * and sends Last-Event-ID, so the server replays what was missed (or says `resync`).
 * Visitors get the public events (trails); a signed-in user also gets their match events,
 * so the stream is reopened when the sign-in state changes.
 */
export function useLiveEvents(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return connectLiveEvents(queryClient);
  }, [signedIn, queryClient]);
}
