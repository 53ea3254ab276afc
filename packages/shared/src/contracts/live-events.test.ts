import { describe, expect, it } from 'vitest';
import { CACHE_ROOTS } from './cache-roots';
import { MATCH_STATUSES } from './enums';
import {
  cachesToRefresh,
  isLiveEventType,
  LIVE_EVENT_TYPES,
  LIVE_EVENTS,
  STREAM_CONTROL_EVENTS,
  streamReplacedSchema,
} from './live-events';

describe('LIVE_EVENTS', () => {
  it('gives every event type a payload schema and at least one cache it refreshes, all of them real cache roots', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual(['match.changed', 'trail.changed', 'trail.created', 'trail.deleted']);
    const roots: readonly string[] = Object.values(CACHE_ROOTS);
    for (const type of LIVE_EVENT_TYPES) {
      const { payload, refreshes } = LIVE_EVENTS[type];
      expect(typeof payload.safeParse, type).toBe('function');
      expect(refreshes.length, type).toBeGreaterThan(0);
      for (const root of refreshes) expect(roots, `${type} → ${root}`).toContain(root);
    }
  });

  it('refreshes every cache root from some event, so none is listed without a reason', () => {
    const refreshed = new Set(LIVE_EVENT_TYPES.flatMap((type) => LIVE_EVENTS[type].refreshes));
    expect([...refreshed].sort()).toEqual(Object.values(CACHE_ROOTS).sort());
  });

  it('accepts the payloads the server publishes and refuses ones missing an id or with an unknown status', () => {
    for (const status of [...MATCH_STATUSES, 'deleted'] as const) {
      expect(LIVE_EVENTS['match.changed'].payload.safeParse({ matchId: 'm1', status }).success, status).toBe(true);
    }
    expect(LIVE_EVENTS['match.changed'].payload.safeParse({ matchId: 'm1' }).success).toBe(false);
    expect(LIVE_EVENTS['match.changed'].payload.safeParse({ matchId: 'm1', status: 'lost' }).success).toBe(false);
    expect(LIVE_EVENTS['match.changed'].payload.safeParse({ matchId: '', status: 'pending' }).success).toBe(false);
    expect(LIVE_EVENTS['trail.deleted'].payload.safeParse({ trailId: 't1' }).success).toBe(true);
    expect(LIVE_EVENTS['trail.deleted'].payload.safeParse({}).success).toBe(false);
  });

  it('keeps the stream-control event names apart from the data events', () => {
    for (const name of Object.values(STREAM_CONTROL_EVENTS)) expect(isLiveEventType(name), name).toBe(false);
    expect(isLiveEventType('toString')).toBe(false);
  });
});

describe('cachesToRefresh', () => {
  it("names the event type's caches for a payload it can read", () => {
    expect(cachesToRefresh('match.changed', { matchId: 'm1', status: 'confirmed' })).toEqual(['matches', 'users']);
    expect(cachesToRefresh('trail.created', { trailId: 't1' })).toEqual(['trails']);
    expect(cachesToRefresh('trail.deleted', { trailId: 't1' })).toEqual(['trails', 'trail']);
  });

  it('asks for everything when the event or its payload is not one this client knows', () => {
    expect(cachesToRefresh('trail.renamed', { trailId: 't1' })).toBe('everything');
    expect(cachesToRefresh('match.changed', { id: 'm1' })).toBe('everything');
    expect(cachesToRefresh('trail.created', undefined)).toBe('everything');
  });
});

describe('streamReplacedSchema', () => {
  it('reads what the server sends with `replaced`', () => {
    expect(streamReplacedSchema.safeParse({ reason: 'account-stream-limit', limit: 5 }).success).toBe(true);
    expect(streamReplacedSchema.safeParse({ reason: 'address-stream-limit', limit: 0 }).success).toBe(false);
    expect(streamReplacedSchema.safeParse({ reason: 'bored', limit: 5 }).success).toBe(false);
  });
});
