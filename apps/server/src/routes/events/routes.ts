import { LIVE_EVENT_TYPES, STREAM_CONTROL_EVENTS } from '@trailbuddy/shared/contracts/live-event-types';
import type { StreamReplaced } from '@trailbuddy/shared/contracts/live-events';
import { z } from 'zod';
import { DEFAULT_REPLAY_LIMIT, eventsSince, latestEventId, type Replay } from '../../events/replay.js';
import { typed, type RouteModule } from '../types.js';
import { EventStream } from './stream.js';
import { StreamLimits } from './stream-limits.js';

export interface EventRouteOptions {
  /** Comment lines that keep proxies from closing an idle stream (default 15 s). */
  heartbeatMs?: number;
  /** The most events a reconnect replays before it asks for a resync instead (default 500). */
  replayLimit?: number;
  /** Bytes a slow client may have queued before it is dropped (default 256 KiB). */
  maxBufferedBytes?: number;
  /** The reconnect delay EventSource is told to use (default 3 s). */
  retryMs?: number;
  /** Open streams per signed-in account on this instance; one more closes the oldest (default 5). */
  streamsPerAccount?: number;
  /** Open visitor streams per client address on this instance; likewise (default 20). */
  streamsPerVisitorAddress?: number;
}

export const DEFAULT_STREAMS_PER_ACCOUNT = 5;
export const DEFAULT_STREAMS_PER_VISITOR_ADDRESS = 20;

const querySchema = z.object({
  lastEventId: z.string().optional().describe('For clients that cannot send the Last-Event-ID header; the header wins'),
});

const { resync, replaced } = STREAM_CONTROL_EVENTS;
const description = `A text/event-stream of live events for the signed-in user: \`match.changed\` for their
matches, \`trail.created\` / \`trail.deleted\` / \`trail.changed\` for everyone (types: ${LIVE_EVENT_TYPES.join(', ')}).
Each event has an \`id\`; reconnect with \`Last-Event-ID\` to receive what was missed. An \`event: ${resync}\` means
the missed events cannot be replayed: refetch everything. An \`event: ${replaced}\` (data \`{ reason, limit }\`)
ends a stream because the same account, or for visitors the same address, opened more streams than
the limit: do not reconnect until the user comes back to the page. Comment lines (\`: ping\`) are heartbeats.`;

/** A Last-Event-ID the server can act on; anything else reads as "unknown position" (-1). */
function parseLastEventId(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id >= 0 ? id : -1;
}

/** The SSE route, with its timings open to tests and benchmarks. */
export function eventRoutesWith(options: EventRouteOptions): RouteModule {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const replayLimit = options.replayLimit ?? DEFAULT_REPLAY_LIMIT;
  const maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
  const retryMs = options.retryMs ?? 3_000;
  const perAccount = options.streamsPerAccount ?? DEFAULT_STREAMS_PER_ACCOUNT;
  const perVisitorAddress = options.streamsPerVisitorAddress ?? DEFAULT_STREAMS_PER_VISITOR_ADDRESS;

  return (app, deps) => {
    const hub = deps.events;
    if (!hub) return;
    // Per app, not per module: two instances in one process (tests) must not share streams.
    const streams = new Set<EventStream>();
    const limits = new StreamLimits<EventStream>();
    let heartbeat: NodeJS.Timeout | undefined;

    // One interval for every stream rather than a timer each: 5,000 streams stay cheap.
    const startHeartbeat = () => {
      if (heartbeat) return;
      heartbeat = setInterval(() => {
        for (const stream of streams) stream.heartbeat();
      }, heartbeatMs);
      heartbeat.unref();
    };
    const forget = (stream: EventStream) => {
      streams.delete(stream);
      if (streams.size === 0) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
    };

    // One query per gap for the whole instance, not one per stream.
    const stopGaps = hub.onGap(() => {
      latestEventId(deps.db)
        .catch((err: unknown) => {
          app.log.warn({ err }, 'could not read the latest live event id for a resync');
          return undefined;
        })
        .then((latestId) => {
          for (const stream of streams) stream.resync(latestId);
        });
    });
    app.addHook('onClose', async () => {
      stopGaps();
      for (const stream of streams) stream.close(true);
    });

    typed(app).get(
      '/api/events',
      {
        // A HEAD would hold a stream open whose every byte is discarded.
        exposeHeadRoute: false,
        schema: {
          tags: ['events'],
          summary: 'Live events (Server-Sent Events): public trail events, plus the signed-in user’s match events',
          description,
          querystring: querySchema,
          response: {
            200: { description: 'An open event stream', content: { 'text/event-stream': { schema: z.string() } } },
          },
        },
      },
      async (req, reply) => {
        // Visitors get the public events (trail changes, so an open home page stays current);
        // a signed-in user also gets their own match events.
        const user = await req.sessionUser();
        const subscriber = user?.id ?? PUBLIC_SUBSCRIBER;
        const header = req.headers['last-event-id'];
        const lastEventId = parseLastEventId(typeof header === 'string' ? header : req.query.lastEventId);

        // One account may not hold more than a few streams (one per open tab, say), nor one
        // address more than a few visitors' streams: without a cap, one client can open streams
        // until the instance runs out of memory.
        const cap: { key: string; replaced: StreamReplaced } = user
          ? { key: `account:${user.id}`, replaced: { reason: 'account-stream-limit', limit: perAccount } }
          : { key: `address:${req.ip}`, replaced: { reason: 'address-stream-limit', limit: perVisitorAddress } };

        // Subscribed before the replay is read, so an event committed meanwhile is held, not lost.
        const stream: EventStream = new EventStream(maxBufferedBytes, () => {
          unsubscribe();
          forget(stream);
          limits.release(cap.key, stream);
        });
        // A disabled account's streams end on every instance the moment the event arrives (ADR 0032).
        const unsubscribe = hub.subscribe(subscriber, (event) =>
          event.type === 'session.ended' ? stream.close(true) : stream.deliver(event),
        );
        streams.add(stream);

        let replay: Replay | undefined;
        try {
          if (lastEventId !== undefined) {
            replay = await eventsSince(deps.db, { userId: subscriber, afterId: lastEventId, limit: replayLimit });
          }
        } catch (err) {
          stream.close();
          throw err;
        }
        // From here the response is ours: Fastify's serializers and onSend hooks do not apply.
        reply.hijack();
        stream.open(reply.raw, replay, retryMs);
        if (!stream.isOpen) return;
        startHeartbeat();
        // Counted once open, so only open streams are ever replaced (and told so).
        for (const oldest of limits.admit(cap.key, stream, cap.replaced.limit)) oldest.replace(cap.replaced);
      },
    );
  };
}

/**
 * The hub key of visitors' streams. No event's audience ever names it (audiences list user ids),
 * so a visitor receives exactly the broadcasts.
 */
const PUBLIC_SUBSCRIBER = '';
