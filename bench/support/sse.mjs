// A small Server-Sent Events reader over node:http for the SSE benches: lighter than fetch, so
// thousands of streams fit in one bench process. It parses the event-stream format the way
// apps/server/src/test/sse-client.ts (the tests' fetch client) does, and stamps every
// event with performance.now() taken when its bytes arrived, for latency figures.
import { request } from 'node:http';

/**
 * Opens `url` as an event stream. Resolves once the response head arrived with a 200 (the server
 * has subscribed the stream by then); rejects on another status, a connection error or when no
 * head came within `timeoutMs`.
 *
 * The stream keeps every event (`events`), calls `onEvent(event, stream)` as each arrives, and
 * `waitFor(predicate)` resolves with the first event, past or future, that matches.
 */
export function openSse(url, { cookie, lastEventId, onEvent, timeoutMs = 15_000 } = {}) {
  const headers = { accept: 'text/event-stream' };
  if (cookie) headers.cookie = cookie;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);

  return new Promise((resolve, reject) => {
    // agent: false: one connection per stream, never pooled or reused.
    const req = request(url, { headers, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`SSE ${url}: no response within ${timeoutMs} ms`));
    }, timeoutMs);
    req.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.once('response', (res) => {
      clearTimeout(timer);
      if (res.statusCode !== 200) {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => reject(new Error(`SSE ${url}: ${res.statusCode} ${body.slice(0, 300)}`)));
        res.on('error', () => reject(new Error(`SSE ${url}: ${res.statusCode}`)));
        return;
      }
      // A late socket error ends the stream ('close'); without a listener it would throw.
      req.on('error', () => undefined);
      resolve(wrap(req, res, onEvent));
    });
    req.end();
  });
}

function wrap(req, res, onEvent) {
  const waiters = new Set();
  let ended = false;
  let endedResolve;
  const stream = {
    status: res.statusCode,
    headers: res.headers,
    /** Every event received, in order: { id, type, data, receivedAt }. */
    events: [],
    /** Comment lines received (heartbeats): how many. */
    comments: 0,
    retryMs: undefined,
    ended: new Promise((r) => (endedResolve = r)),
    get isEnded() {
      return ended;
    },
    /** The first event, already received or still to come, for which `predicate` is true. */
    waitFor(predicate, timeoutMs = 10_000, what = 'an event') {
      const found = stream.events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          check(event) {
            if (!predicate(event)) return;
            done();
            resolve(event);
          },
          end() {
            done();
            reject(new Error(`SSE stream ended while waiting for ${what}; received ${describe(stream.events)}`));
          },
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received ${describe(stream.events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        if (ended) waiter.end();
        else waiters.add(waiter);
      });
    },
    close() {
      res.destroy();
      req.destroy();
    },
  };

  // Parser state: the event being assembled and the unterminated tail of the last chunk.
  let buffer = '';
  let dataLines = [];
  let type = '';
  let id = null;
  let sawId = false;

  const dispatch = (receivedAt) => {
    if (dataLines.length === 0) {
      type = '';
      return;
    }
    const text = dataLines.join('\n');
    let data = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    const event = { id: sawId ? id : null, type: type || 'message', data, receivedAt };
    dataLines = [];
    type = '';
    sawId = false;
    stream.events.push(event);
    onEvent?.(event, stream);
    for (const waiter of [...waiters]) waiter.check(event);
  };

  const line = (text, receivedAt) => {
    if (text === '') return dispatch(receivedAt);
    if (text.startsWith(':')) {
      stream.comments++;
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') dataLines.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) {
      id = value;
      sawId = true;
    } else if (field === 'retry' && /^\d+$/.test(value)) stream.retryMs = Number(value);
  };

  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    const receivedAt = performance.now();
    buffer += chunk;
    // Lines end with CRLF, LF or CR; a CR at the very end may be half of a CRLF.
    const lines = buffer.split(/\r\n|\n|\r(?!$)/);
    buffer = lines.pop() ?? '';
    for (const text of lines) line(text, receivedAt);
  });
  const end = () => {
    if (ended) return;
    ended = true;
    for (const waiter of [...waiters]) waiter.end();
    endedResolve();
  };
  res.on('error', () => undefined);
  res.on('close', end);
  res.on('end', end);
  return stream;
}

function describe(events) {
  if (events.length === 0) return 'nothing';
  const last = events.slice(-5).map((e) => `${e.type}#${e.id ?? '-'} ${JSON.stringify(e.data)}`);
  return `${events.length} event(s), last: ${last.join(', ')}`;
}
