import { describe, expect, it } from 'vitest';
import type { MatchStatus } from '../contracts/enums';
import { AGENDA_STATUS_RANK, daysWithSessions, sessionsOn, sortAgenda } from './agenda';

interface Item {
  id: string;
  status: MatchStatus;
  startTime: Date;
}
const item = (id: string, status: MatchStatus, iso: string): Item => ({ id, status, startTime: new Date(iso) });
const ids = (items: readonly Item[]): string[] => items.map((i) => i.id);

describe('AGENDA_STATUS_RANK', () => {
  it('orders confirmed, pending, searching, then manual events', () => {
    expect(AGENDA_STATUS_RANK).toEqual({ confirmed: 0, pending: 1, searching: 2, active: 3 });
  });
});

describe('sortAgenda', () => {
  const T10 = '2025-06-21T10:00:00Z';
  const T09 = '2025-06-21T09:00:00Z';
  const T11 = '2025-06-21T11:00:00Z';

  it.each<[string, Item[], string[]]>([
    ['empty', [], []],
    ['by start time first', [item('c', 'confirmed', T11), item('s', 'searching', T09), item('p', 'pending', T10)], ['s', 'p', 'c']],
    [
      'same start: confirmed, pending, searching, active',
      [item('a', 'active', T10), item('s', 'searching', T10), item('p', 'pending', T10), item('c', 'confirmed', T10)],
      ['c', 'p', 's', 'a'],
    ],
    ['start time beats status', [item('c', 'confirmed', T11), item('a', 'active', T10)], ['a', 'c']],
    [
      'stable for equal keys',
      [item('s1', 'searching', T10), item('s2', 'searching', T10), item('s3', 'searching', T10)],
      ['s1', 's2', 's3'],
    ],
    [
      'stable among equal keys mixed with others',
      [item('p1', 'pending', T10), item('c', 'confirmed', T10), item('p2', 'pending', T10)],
      ['c', 'p1', 'p2'],
    ],
    ['unranked statuses go after ranked ones', [item('done', 'completed', T10), item('a', 'active', T10)], ['a', 'done']],
    [
      'one millisecond is enough to order',
      [item('late', 'confirmed', '2025-06-21T10:00:00.001Z'), item('early', 'active', T10)],
      ['early', 'late'],
    ],
  ])('%s', (_label, items, expected) => {
    expect(ids(sortAgenda(items))).toEqual(expected);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [item('b', 'pending', T10), item('a', 'confirmed', T10)];
    const sorted = sortAgenda(input);
    expect(sorted).not.toBe(input);
    expect(ids(input)).toEqual(['b', 'a']);
  });
});

describe('daysWithSessions', () => {
  const items = [
    item('sat', 'confirmed', '2025-06-21T10:00:00Z'),
    item('late-sat-utc', 'searching', '2025-06-21T23:30:00Z'),
    item('sun', 'pending', '2025-06-22T09:00:00Z'),
    item('gone', 'cancelled', '2025-06-28T10:00:00Z'),
    item('done', 'completed', '2025-06-14T10:00:00Z'),
    item('mine', 'active', '2025-07-01T18:00:00Z'),
  ];

  it.each<[string, string[]]>([
    ['UTC', ['2025-06-14', '2025-06-21', '2025-06-22', '2025-07-01']],
    // 23:30 UTC is 00:30 the next day in Lisbon (UTC+1 in summer)
    ['Europe/Lisbon', ['2025-06-14', '2025-06-21', '2025-06-22', '2025-07-01']],
    // 09:00 UTC Sunday is still Sunday 02:00 in Los Angeles; 23:30 UTC Saturday is 16:30 Saturday
    ['America/Los_Angeles', ['2025-06-14', '2025-06-21', '2025-06-22', '2025-07-01']],
    // 18:00 UTC on 1 July is 04:00 on 2 July in Sydney
    ['Australia/Sydney', ['2025-06-14', '2025-06-21', '2025-06-22', '2025-07-02']],
  ])('in %s', (zone, expected) => {
    expect([...daysWithSessions(items, zone)].sort()).toEqual(expected);
  });

  it('moves a session to the viewer’s date', () => {
    const only = [item('x', 'confirmed', '2025-06-21T23:30:00Z')];
    expect([...daysWithSessions(only, 'UTC')]).toEqual(['2025-06-21']);
    expect([...daysWithSessions(only, 'Europe/Lisbon')]).toEqual(['2025-06-22']);
  });

  it('never highlights a day that only has cancelled matches', () => {
    expect(daysWithSessions([item('x', 'cancelled', '2025-06-28T10:00:00Z')], 'UTC').size).toBe(0);
  });

  it('is empty for no items', () => {
    expect(daysWithSessions([], 'UTC').size).toBe(0);
  });
});

describe('sessionsOn', () => {
  const items = [
    item('search', 'searching', '2025-06-21T10:00:00Z'),
    item('conf', 'confirmed', '2025-06-21T10:00:00Z'),
    item('early', 'pending', '2025-06-21T08:00:00Z'),
    item('cancel', 'cancelled', '2025-06-21T09:00:00Z'),
    item('night', 'active', '2025-06-21T23:30:00Z'),
    item('sunday', 'confirmed', '2025-06-22T10:00:00Z'),
  ];

  it.each<[string, string, string[]]>([
    ['2025-06-21', 'UTC', ['early', 'conf', 'search', 'night']],
    ['2025-06-22', 'UTC', ['sunday']],
    ['2025-06-21', 'Europe/Lisbon', ['early', 'conf', 'search']],
    ['2025-06-22', 'Europe/Lisbon', ['night', 'sunday']],
    ['2025-06-20', 'UTC', []],
    // 08:00 UTC is 01:00 in Los Angeles: still the 21st there; Sunday 10:00 UTC is 03:00 Sunday
    ['2025-06-21', 'America/Los_Angeles', ['early', 'conf', 'search', 'night']],
    ['2025-06-22', 'America/Los_Angeles', ['sunday']],
    ['2025-06-20', 'America/Los_Angeles', []],
  ])('%s in %s', (day, zone, expected) => {
    expect(ids(sessionsOn(items, day, zone))).toEqual(expected);
  });

  it.each(['2025-6-21', '21/06/2025', '', '2025-06-21T00:00'])('rejects the day %j', (day) => {
    expect(() => sessionsOn(items, day, 'UTC')).toThrow(RangeError);
  });
});
