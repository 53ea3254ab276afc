import type { ServerResponse } from 'node:http';
import { STREAM_CONTROL_EVENTS } from '@trailbuddy/shared/contracts/live-event-types';
import type { StreamReplaced } from '@trailbuddy/shared/contracts/live-events';
import type { Replay } from '../../events/replay.js';
import type { LiveEvent } from '../../events/types.js';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: a compressing proxy would otherwise hold events back to fill its buffer.
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx buffers proxied responses unless told not to, which would delay every event.
  'x-accel-buffering': 'no',
  // Hijacked replies skip helmet's onSend hook; this one of its headers still matters here.
  'x-content-type-options': 'nosniff',
} as const;

export const formatEvent = (e: Pick<LiveEvent, 'id' | 'type' | 'payload'>) =>
  // JSON.stringify escapes CR and LF, so the data never spans lines.
  `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.payload)}\n\n`;

// The hub hands the same event object to every stream: a broadcast to 5,000 streams is
// serialized once, not 5,000 times, while the event loop is busy writing it out.
const formatted = new WeakMap<LiveEvent, string>();
const formatOnce = (e: LiveEvent) => {
  let text = formatted.get(e);
  if (text === undefined) formatted.set(e, (text = formatEvent(e)));
  return text;
};

// The id moves the client's Last-Event-ID past what it is about to refetch, so its next
// reconnect replays from there instead of asking for yet another resync.
export const formatResync = (latestId: number | undefined) =>
  `${latestId === undefined ? '' : `id: ${latestId}\n`}event: ${STREAM_CONTROL_EVENTS.resync}\ndata: {}\n\n`;

// No id: the client's Last-Event-ID stays where it was, so a later reconnect replays from there.
export const formatReplaced = (replaced: StreamReplaced) =>
  `event: ${STREAM_CONTROL_EVENTS.replaced}\ndata: ${JSON.stringify(replaced)}\n\n`;

export const HEARTBEAT = ': ping\n\n';

/**
 * One client's SSE stream. It exists (subscribed to the hub) before the replay is read, and
 * holds back what arrives meanwhile until `open` has written the replay, so nothing falls in
 * between replay and live delivery and nothing is sent twice.
 */
export class EventStream {
  private res: ServerResponse | undefined;
  private held: LiveEvent[] = [];
  /**
   * The replayed events whose live copy may still be on its way: the listener can hand over an
   * event committed before this stream subscribed after the replay has read it, late on a busy
   * machine. Each is dropped once, when it comes.
   */
  private replayed = new Set<number>();
  private heldResync: { latestId: number | undefined } | undefined;
  private closed = false;

  constructor(
    private readonly maxBufferedBytes: number,
    private readonly onClose: () => void,
  ) {}

  get isOpen() {
    return this.res !== undefined && !this.closed;
  }

  deliver(event: LiveEvent) {
    if (this.closed) return;
    if (!this.res) this.held.push(event);
    else if (!this.replayed.delete(event.id)) this.write(formatOnce(event));
  }

  resync(latestId: number | undefined) {
    if (this.closed) return;
    if (this.res) this.write(formatResync(latestId));
    else this.heldResync = { latestId };
  }

  /**
   * Ends an open stream because a newer one took its place (StreamLimits), saying so first: a
   * client that knows the event stops instead of reconnecting, which would only push out the next.
   */
  replace(replaced: StreamReplaced) {
    if (!this.isOpen) return;
    this.write(formatReplaced(replaced));
    this.close(true);
  }

  heartbeat() {
    if (this.isOpen) this.write(HEARTBEAT);
  }

  /** Starts the response: retry hint, replay (or resync), then what arrived during the replay read. */
  open(res: ServerResponse, replay: Replay | undefined, retryMs: number) {
    if (this.closed) return;
    if (res.destroyed) {
      // The client left while the replay was read; 'close' has fired already.
      this.close();
      return;
    }
    this.res = res;
    // The response's 'close' fires when the connection ends, whichever side ends it.
    res.on('close', () => this.close());
    // Socket errors (reset by the peer) end in 'close'; without a listener they would throw.
    res.on('error', () => undefined);
    res.writeHead(200, SSE_HEADERS);
    let chunk = `retry: ${retryMs}\n\n`;
    const replayed = this.replayed;
    if (replay?.kind === 'resync') chunk += formatResync(replay.latestId);
    for (const event of replay?.kind === 'events' ? replay.events : []) {
      replayed.add(event.id);
      chunk += formatEvent(event);
    }
    for (const event of this.held) if (!replayed.delete(event.id)) chunk += formatOnce(event);
    if (this.heldResync) chunk += formatResync(this.heldResync.latestId);
    this.held = [];
    this.heldResync = undefined;
    this.write(chunk);
  }

  /**
   * Ends the stream. `graceful` (server shutdown) lets what is queued go out first; otherwise
   * (overflow, client gone) the connection is dropped along with its queue.
   */
  close(graceful = false) {
    if (this.closed) return;
    this.closed = true;
    this.held = [];
    this.replayed.clear();
    if (this.res && !this.res.destroyed) {
      if (graceful) this.res.end();
      else this.res.destroy();
    }
    this.onClose();
  }

  private write(chunk: string) {
    const res = this.res;
    if (!res || res.destroyed) return;
    // The return value (false past the 16 KB high-water mark) is not waited on: events cannot
    // be skipped, so they queue in the response. That queue is bounded here instead: a client
    // this far behind is dropped and catches up with Last-Event-ID when it reconnects.
    res.write(chunk);
    if (res.writableLength > this.maxBufferedBytes) this.close();
  }
}
