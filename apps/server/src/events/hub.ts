import { asc, eq, inArray } from 'drizzle-orm';
import { isLiveEventType } from '@trailbuddy/shared/contracts/live-event-types';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { liveEvents } from '../db/schema/events.js';
import { sessionRevocations } from '../db/schema/auth.js';
import type { JobLog } from '../jobs/log.js';
import { LIVE_EVENTS_CHANNEL } from './publish.js';
import {
  parseNoticeObject,
  parseRevocationNotice,
  SESSION_REVOCATIONS_CHANNEL,
  type RevocationFeed,
  type SessionRevocation,
} from './session-revocations.js';
import type { EventHub, LiveEvent } from './types.js';

export interface EventHubOptions {
  /** The database URL; the hub holds one dedicated connection of its own for LISTEN. */
  connectionString: string;
  /** Reads events whose NOTIFY carried only the id (payload too large for NOTIFY). */
  db: Db;
  log: JobLog;
  /** First reconnect delay; doubles up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /**
   * How often the idle LISTEN connection is probed with `SELECT 1`. LISTEN alone sends no
   * traffic, so a connection silently dropped by a NAT, proxy or idle-session timeout would
   * otherwise go unnoticed (and lose every event) until TCP gives up, minutes later.
   */
  healthCheckMs?: number;
  /** Shown in pg_stat_activity, so operators (and tests) can find the hub's backend. */
  applicationName?: string;
}

export type EventListener = (event: LiveEvent) => void;

export const HUB_APPLICATION_NAME = 'trailbuddy-live-events';

/**
 * The instance's single LISTEN connection, fanned out to its SSE streams (architecture §1
 * "Live updates"). Subscribers are kept per user id so a targeted event costs one map lookup
 * whatever the number of streams; a stream costs one Set entry and its listener closure.
 */
export function createEventHub(opts: EventHubOptions): EventHub & RevocationFeed & { ready: Promise<void> } {
  const { log } = opts;
  const baseDelay = opts.reconnectDelayMs ?? 100;
  const maxDelay = opts.maxReconnectDelayMs ?? 5_000;
  const healthCheckMs = opts.healthCheckMs ?? 30_000;

  const subscribers = new Map<string, Set<EventListener>>();
  const broadcastSubscribers = new Map<string, Set<EventListener>>();
  const gapListeners = new Set<() => void>();
  const revocationListeners = new Set<(revocation: SessionRevocation) => void>();
  const listeningListeners = new Set<(listening: boolean) => void>();
  let listening = false;
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let healthTimer: NodeJS.Timeout | undefined;
  // Notifications are handled one after another so streams see events in NOTIFY order even
  // when one of them needs a database read (oversized payload).
  let queue: Promise<void> = Promise.resolve();

  const dispatch = (event: LiveEvent) => {
    const deliver = (listeners: Set<EventListener> | undefined, subscriber?: string) => {
      if (!listeners) return;
      for (const listener of listeners) {
        // One broken stream must not keep the event from the others.
        try {
          listener(event);
        } catch (err) {
          log.error({ err, eventId: event.id, subscriber }, 'live event listener failed');
        }
      }
    };
    if (event.audience === null) {
      for (const listeners of subscribers.values()) deliver(listeners);
      for (const [name, listeners] of broadcastSubscribers) deliver(listeners, name);
    } else {
      for (const userId of new Set(event.audience)) deliver(subscribers.get(userId));
    }
  };

  /** Calls every listener: one that throws is logged and keeps nothing from the others. */
  const callEach = <A extends unknown[]>(listeners: Iterable<(...args: A) => void>, args: A, what: string) => {
    for (const listener of listeners) {
      try {
        listener(...args);
      } catch (err) {
        log.error({ err }, `${what} listener failed`);
      }
    }
  };

  const emitGap = () => callEach(gapListeners, [], 'live event gap');

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    callEach(listeningListeners, [value], 'listening state');
  };

  const handleRevocation = async (payload: string | undefined) => {
    const notice = parseRevocationNotice(payload);
    if (!notice) {
      log.warn({ payload: payload?.slice(0, 200) }, 'ignored a malformed session revocation notification');
      return;
    }
    let revocation: SessionRevocation | undefined = 'sessionIds' in notice ? notice : undefined;
    if (!revocation) {
      const [row] = await opts.db
        .select({ sessionIds: sessionRevocations.sessionIds, userIds: sessionRevocations.userIds })
        .from(sessionRevocations)
        .where(eq(sessionRevocations.id, notice.id));
      // Pruned already: it is older than any cache it could concern.
      if (!row) return;
      revocation = row;
    }
    callEach(revocationListeners, [revocation], 'session revocation');
  };

  const handleNotification = async (payload: string | undefined) => {
    const message = parseMessage(payload);
    if (!message) {
      log.warn({ payload: payload?.slice(0, 200) }, 'ignored a malformed live event notification');
      return;
    }
    for (const event of message.events) dispatch(event);
    if (message.ids.length === 0) return;
    const rows = await opts.db
      .select({ id: liveEvents.id, type: liveEvents.type, audience: liveEvents.audience, payload: liveEvents.payload })
      .from(liveEvents)
      .where(inArray(liveEvents.id, message.ids))
      .orderBy(asc(liveEvents.id));
    // One pruned already (a long stall) is left out: the clients' next resync covers it.
    for (const row of rows) if (isLiveEventType(row.type)) dispatch(row as LiveEvent);
  };

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === SESSION_REVOCATIONS_CHANNEL) {
      queue = queue
        .then(() => handleRevocation(msg.payload))
        .catch((err: unknown) => {
          // A revocation could not be read: its readers must catch up as after a lost connection.
          log.error({ err }, 'could not read a session revocation');
          if (listening) {
            setListening(false);
            setListening(true);
          }
        });
      return;
    }
    if (msg.channel !== LIVE_EVENTS_CHANNEL) return;
    queue = queue
      .then(() => handleNotification(msg.payload))
      .catch((err: unknown) => {
        // The event could not be read: streams may have missed it, so they must resync.
        log.error({ err }, 'could not deliver a live event');
        emitGap();
      });
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    // Exponential backoff with jitter, so instances do not stampede a recovering database.
    const delay = Math.min(maxDelay, baseDelay * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect().catch(() => undefined);
    }, delay);
    reconnectTimer.unref();
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: opts.connectionString,
      application_name: opts.applicationName ?? HUB_APPLICATION_NAME,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      // Told at once, not at reconnect: from now on a revocation may be missed.
      setListening(false);
      clearInterval(healthTimer);
      c.removeAllListeners('notification');
      // An error event may still follow 'end'; a listener must stay to keep it from crashing the process.
      c.on('error', () => undefined);
      void c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'live events connection lost; reconnecting');
      scheduleReconnect();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${LIVE_EVENTS_CHANNEL}; LISTEN ${SESSION_REVOCATIONS_CHANNEL}`);
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    const reconnected = attempt > 0;
    attempt = 0;
    healthTimer = setInterval(() => {
      // A hung probe means a dead socket: destroying it raises 'end', which reconnects.
      const timeout = setTimeout(() => onLost(new Error('live events health check timed out')), Math.min(healthCheckMs, 10_000));
      c.query('SELECT 1')
        .catch((err: unknown) => onLost(err instanceof Error ? err : new Error(String(err))))
        .finally(() => clearTimeout(timeout));
    }, healthCheckMs);
    healthTimer.unref();
    setListening(true);
    if (reconnected) {
      log.info({}, 'live events connection restored');
      // Announced once LISTEN is active again, not when the connection dropped: a client that
      // refetches now sees every event it missed, and every later one arrives live.
      emitGap();
    }
  };

  const ready = connect();
  // A failed first attempt is the caller's to handle through `ready`; the hub retries anyway.
  ready.catch(() => undefined);

  return {
    ready,
    subscribe: (userId, listener) => addListener(subscribers, userId, listener),
    subscribeBroadcast: (name, listener) => addListener(broadcastSubscribers, name, listener),
    onGap(listener) {
      gapListeners.add(listener);
      return () => void gapListeners.delete(listener);
    },
    onRevocation(listener) {
      revocationListeners.add(listener);
      return () => void revocationListeners.delete(listener);
    },
    onListening(listener) {
      listeningListeners.add(listener);
      return () => void listeningListeners.delete(listener);
    },
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(healthTimer);
      const c = client;
      client = undefined;
      subscribers.clear();
      broadcastSubscribers.clear();
      gapListeners.clear();
      setListening(false);
      revocationListeners.clear();
      listeningListeners.clear();
      await ready.catch(() => undefined);
      await c?.end().catch(() => undefined);
      await queue;
    },
  };
}

/** Adds `listener` under `key`; the returned function removes it (and the key once empty). */
function addListener(map: Map<string, Set<EventListener>>, key: string, listener: EventListener): () => void {
  let listeners = map.get(key);
  if (!listeners) map.set(key, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    const current = map.get(key);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) map.delete(key);
  };
}

/** A transaction's events as its NOTIFY carried them: whole, or by id when they were too large. */
interface Message {
  events: LiveEvent[];
  ids: number[];
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** One event of a NOTIFY body, checked against the shared contract's types. */
function parseEvent(value: unknown): LiveEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, type, audience, payload: body } = value as Record<string, unknown>;
  if (!isId(id) || typeof type !== 'string' || !isLiveEventType(type)) return undefined;
  if (audience !== null && !(Array.isArray(audience) && audience.every((a) => typeof a === 'string'))) return undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  // The row was written by publishEvent, whose input is typed by the shared payload contract.
  return { id, type, audience: audience as string[] | null, payload: body } as LiveEvent;
}

/**
 * The NOTIFY body migration 0033's trigger writes: `{ events: [...] }` (every event of one
 * transaction), or `{ ids: [...] }` when they were too large. An instance of the previous
 * release (a rolling deploy) still sends one event, or `{ id }`, per NOTIFY.
 */
function parseMessage(payload: string | undefined): Message | undefined {
  const v = parseNoticeObject(payload);
  if (!v) return undefined;
  if (Array.isArray(v.events)) {
    const events = v.events.map(parseEvent);
    return events.every((e) => e !== undefined) ? { events: events as LiveEvent[], ids: [] } : undefined;
  }
  if (Array.isArray(v.ids)) return v.ids.every(isId) ? { events: [], ids: v.ids } : undefined;
  if ('type' in v) {
    const event = parseEvent(v);
    return event && { events: [event], ids: [] };
  }
  return isId(v.id) ? { events: [], ids: [v.id] } : undefined;
}
