import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../events/types.js';
import { EventStream } from './stream.js';

/** Just what EventStream uses of a response: what it wrote, in order. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    written: '',
    destroyed: false,
    writableLength: 0,
    writeHead: () => res,
    write: (chunk: string) => {
      res.written += chunk;
      return true;
    },
    end: () => undefined,
    destroy: () => undefined,
  });
  return res;
}

const event = (id: number): LiveEvent => ({ id, type: 'match.changed', audience: ['u-1'], payload: { matchId: `m-${id}` } }) as LiveEvent;
const idsIn = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

describe('EventStream', () => {
  it('sends a replayed event once, when its live copy arrives before the replay is written', () => {
    const res = fakeResponse();
    const stream = new EventStream(1 << 20, () => undefined);
    stream.deliver(event(2));
    stream.open(res as unknown as ServerResponse, { kind: 'events', events: [event(1), event(2)] }, 1000);
    expect(idsIn(res.written)).toEqual([1, 2]);
  });

  it('sends a replayed event once, when its live copy arrives after the replay was written (a listener late on a busy machine)', () => {
    const res = fakeResponse();
    const stream = new EventStream(1 << 20, () => undefined);
    stream.open(res as unknown as ServerResponse, { kind: 'events', events: [event(1), event(2)] }, 1000);
    stream.deliver(event(1));
    stream.deliver(event(3));
    stream.deliver(event(2));
    expect(idsIn(res.written)).toEqual([1, 2, 3]);
  });
});
