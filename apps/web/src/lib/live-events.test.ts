// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveEvents } from './live-events';

/** Stands in for the browser's EventSource: the test dispatches what the server would send. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

let client: QueryClient;
let invalidated: unknown[];
let disconnect: () => void;
const current = () => FakeEventSource.opened.at(-1)!;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  visibility = 'visible';
  client = new QueryClient();
  invalidated = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey ?? 'everything');
  });
  disconnect = connectLiveEvents(client);
});

afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connectLiveEvents', () => {
  it('refreshes the caches the shared table names for each event', async () => {
    expect(current().url).toBe('/api/events');
    current().emit('match.changed', { matchId: 'm1', status: 'confirmed' }, '7');
    await vi.waitFor(() => expect(invalidated).toEqual([['matches'], ['users']]));
    invalidated = [];
    current().emit('trail.deleted', { trailId: 't1' }, '8');
    await vi.waitFor(() => expect(invalidated).toEqual([['trails'], ['trail']]));
  });

  it('refreshes everything for a payload it cannot read, and on resync', async () => {
    current().emit('resync', {}, '9');
    expect(invalidated).toEqual(['everything']);
    current().emit('trail.created', { id: 't1' });
    await vi.waitFor(() => expect(invalidated).toEqual(['everything', 'everything']));
  });

  it('stays closed when replaced, and reopens from the last event seen once the tab is visible again', () => {
    current().emit('trail.created', { trailId: 't1' }, '41');
    const replaced = current();
    replaced.emit('replaced', { reason: 'account-stream-limit', limit: 5 });
    expect(replaced.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);

    // Hidden, then shown: one new stream, which asks for what was missed since event 41.
    setVisibility('hidden');
    expect(FakeEventSource.opened).toHaveLength(1);
    setVisibility('visible');
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(current().url).toBe('/api/events?lastEventId=41');
    // Shown again while open: no second stream.
    setVisibility('visible');
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('closes the stream and stops listening for visibility when disconnected', () => {
    const source = current();
    disconnect();
    expect(source.closed).toBe(true);
    setVisibility('visible');
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
