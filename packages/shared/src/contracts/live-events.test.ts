import { describe, expect, it } from 'vitest';
import { CACHE_ROOTS } from './cache-roots';
import { MATCH_STATUSES } from './enums';
import { isLiveEventType, LIVE_EVENT_REFRESHES, LIVE_EVENT_TYPES, STREAM_CONTROL_EVENTS } from './live-event-types';
import { cachesToRefresh, LIVE_EVENT_PAYLOADS, streamReplacedSchema } from './live-events';

describe('the live events', () => {
  it('give every event type a payload schema and at least one cache it refreshes, all of them real cache roots', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual([
      'match.changed',
      'message.created',
      'message.read',
      'notification.created',
      'notification.read',
      'session.ended',
      'trail.changed',
      'trail.created',
      'trail.deleted',
    ]);
    expect(Object.keys(LIVE_EVENT_PAYLOADS).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
    const roots: readonly string[] = Object.values(CACHE_ROOTS);
    for (const type of LIVE_EVENT_TYPES) {
      expect(typeof LIVE_EVENT_PAYLOADS[type].safeParse, type).toBe('function');
      expect(LIVE_EVENT_REFRESHES[type].length, type).toBeGreaterThan(0);
      for (const root of LIVE_EVENT_REFRESHES[type]) expect(roots, `${type} → ${root}`).toContain(root);
    }
  });

  it('refresh every cache root from some event, so none is listed without a reason', () => {
    const refreshed = new Set(LIVE_EVENT_TYPES.flatMap((type) => LIVE_EVENT_REFRESHES[type]));
    expect([...refreshed].sort()).toEqual(Object.values(CACHE_ROOTS).sort());
  });

  it('accepts the payloads the server publishes and refuses ones missing an id or with an unknown status', () => {
    for (const status of [...MATCH_STATUSES, 'deleted'] as const) {
      expect(LIVE_EVENT_PAYLOADS['match.changed'].safeParse({ matchId: 'm1', status }).success, status).toBe(true);
    }
    expect(LIVE_EVENT_PAYLOADS['match.changed'].safeParse({ matchId: 'm1' }).success).toBe(false);
    expect(LIVE_EVENT_PAYLOADS['match.changed'].safeParse({ matchId: 'm1', status: 'lost' }).success).toBe(false);
    expect(LIVE_EVENT_PAYLOADS['match.changed'].safeParse({ matchId: '', status: 'pending' }).success).toBe(false);
    expect(LIVE_EVENT_PAYLOADS['trail.deleted'].safeParse({ trailId: 't1' }).success).toBe(true);
    expect(LIVE_EVENT_PAYLOADS['trail.deleted'].safeParse({}).success).toBe(false);
    expect(LIVE_EVENT_PAYLOADS['notification.created'].safeParse({ notificationId: 'n1', kind: 'match-accepted' }).success).toBe(true);
    expect(LIVE_EVENT_PAYLOADS['notification.read'].safeParse({ notificationId: null }).success).toBe(true);
    expect(LIVE_EVENT_PAYLOADS['notification.read'].safeParse({}).success).toBe(false);
  });

  it('carries the whole message with message.created, and the read mark with message.read', () => {
    const message = {
      id: 'x1',
      matchId: 'm1',
      senderId: 'u1',
      clientId: 'c1',
      body: 'See you at 9',
      createdAt: '2026-11-18T09:00:00.000Z',
      seq: 7,
    };
    expect(LIVE_EVENT_PAYLOADS['message.created'].safeParse({ matchId: 'm1', message }).success).toBe(true);
    expect(LIVE_EVENT_PAYLOADS['message.created'].safeParse({ matchId: 'm1', message: { ...message, seq: -1 } }).success).toBe(false);
    expect(LIVE_EVENT_PAYLOADS['message.created'].safeParse({ matchId: 'm1' }).success).toBe(false);
    const read = { matchId: 'm1', readerId: 'u2', messageId: 'x1', seq: 7, at: '2026-11-18T09:01:00.000Z' };
    expect(LIVE_EVENT_PAYLOADS['message.read'].safeParse(read).success).toBe(true);
    expect(LIVE_EVENT_PAYLOADS['message.read'].safeParse({ ...read, readerId: '' }).success).toBe(false);
    expect(cachesToRefresh('message.read', read)).toEqual(['conversations']);
  });

  it('keep the stream-control event names apart from the data events', () => {
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
