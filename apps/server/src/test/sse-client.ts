/**
 * A small Server-Sent Events client over fetch, for tests and benchmarks (Node has no
 * EventSource before v22). It parses the stream per the HTML spec's event-stream format and
 * queues what arrives, so a caller can wait for the next event of a given type.
 */

export interface SseEvent {
  /** The `id:` field (the client's Last-Event-ID after this event), or null when absent. */
  id: string | null;
  /** The `event:` field; "message" when absent, as in EventSource. */
  type: string;
  /** The data lines parsed as JSON, or the raw text when they are not JSON. */
  data: unknown;
  /** Milliseconds (performance.now()) when the event was parsed, for latency figures. */
  receivedAt: number;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The last `retry:` value received, if any. */
  readonly retryMs: number | undefined;
  /** Every event received so far, in order (also those already taken by next()). */
  readonly events: readonly SseEvent[];
  /**
   * The first queued or arriving event of `type` (any type when omitted), removed from the
   * queue. Events of other types stay queued, in order, for later calls.
   */
  next(type?: string, timeoutMs?: number): Promise<SseEvent>;
  /** The next comment line (such as a heartbeat), without its leading colon and space. */
  nextComment(timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the stream or the connection drops. */
  readonly ended: Promise<void>;
  close(): void;
}

export interface ConnectSseOptions {
  cookie?: string;
  lastEventId?: string | number;
  headers?: Record<string, string>;
}

/** Opens the stream and resolves once the response headers arrived; rejects on a non-200. */
export async function connectSse(url: string | URL, opts: ConnectSseOptions = {}): Promise<SseConnection> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
  const res = await fetch(url, { headers, signal: abort.signal });
  const stream = res.body;
  if (res.status !== 200 || !stream) {
    const body = await res.text().catch(() => '');
    throw new Error(`SSE connect to ${String(url)} failed: ${res.status} ${body}`);
  }

  const queue: SseEvent[] = [];
  const all: SseEvent[] = [];
  const comments: string[] = [];
  let retryMs: number | undefined;
  let done = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  // Parser state for the event being assembled.
  let dataLines: string[] = [];
  let eventType = '';
  let lastId: string | null = null;
  let sawId = false;

  const dispatch = () => {
    if (dataLines.length === 0) {
      eventType = '';
      return;
    }
    const text = dataLines.join('\n');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    const event: SseEvent = { id: sawId ? lastId : null, type: eventType || 'message', data, receivedAt: performance.now() };
    queue.push(event);
    all.push(event);
    dataLines = [];
    eventType = '';
    sawId = false;
    wake();
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) {
      comments.push(line.slice(1).trimStart());
      wake();
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') dataLines.push(value);
    else if (field === 'event') eventType = value;
    else if (field === 'id' && !value.includes('\0')) {
      lastId = value;
      sawId = true;
    } else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  };

  const ended = (async () => {
    const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        // Lines end with CRLF, LF or CR; a CR at the very end may be half of a CRLF.
        const lines = buffer.split(/\r\n|\n|\r(?!$)/);
        buffer = lines.pop() ?? '';
        for (const line of lines) processLine(line);
      }
    } catch {
      // Aborted by close() or the connection dropped: both just end the stream.
    } finally {
      done = true;
      wake();
    }
  })();

  const waitFor = <T>(take: () => T | undefined, what: string, timeoutMs: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = take();
        if (value !== undefined) {
          finish();
          resolve(value);
        } else if (done) {
          finish();
          reject(new Error(`SSE stream ended while waiting for ${what}; received: ${describe(all)}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; received: ${describe(all)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status: res.status,
    headers: res.headers,
    get retryMs() {
      return retryMs;
    },
    events: all,
    ended,
    next(type, timeoutMs = 5_000) {
      return waitFor(
        () => {
          const i = type === undefined ? (queue.length > 0 ? 0 : -1) : queue.findIndex((e) => e.type === type);
          return i === -1 ? undefined : queue.splice(i, 1)[0];
        },
        type === undefined ? 'an event' : `an event "${type}"`,
        timeoutMs,
      );
    },
    nextComment(timeoutMs = 5_000) {
      return waitFor(() => comments.shift(), 'a comment', timeoutMs);
    },
    close() {
      abort.abort();
    },
  };
}

function describe(events: readonly SseEvent[]): string {
  return events.length === 0 ? 'nothing' : events.map((e) => `${e.type}#${e.id ?? '-'}`).join(', ');
}
