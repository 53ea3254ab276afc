import { describe, expect, it } from 'vitest';
import { MATCH_STATUSES, type MatchStatus } from '../contracts/enums';
import {
  ACTION_TRANSITION,
  MATCH_ACTIONS,
  MATCH_TRANSITIONS,
  NOT_PARTICIPANT_MESSAGE,
  SELF_CONFIRM_MESSAGE,
  canApply,
  canTransition,
  isVisibleStatus,
  normalizeMatchStatus,
  transitionError,
  type MatchAction,
} from './match-states';

describe('normalizeMatchStatus', () => {
  it.each(MATCH_STATUSES.map((s) => [s, s]))('reads %s as %s', (raw, expected) => {
    expect(normalizeMatchStatus(raw)).toBe(expected);
  });

  it('folds the American spelling "canceled" into cancelled', () => {
    expect(normalizeMatchStatus('canceled')).toBe('cancelled');
  });

  it.each(['', 'Cancelled', 'CONFIRMED', 'accepted', 'expired', ' pending', 'constructor', '__proto__', 'toString'])(
    'throws on unknown status %j',
    (raw) => {
      expect(() => normalizeMatchStatus(raw)).toThrow(/Unknown match status/);
    },
  );
});

describe('isVisibleStatus', () => {
  it.each<[MatchStatus, boolean]>([
    ['searching', true],
    ['pending', true],
    ['confirmed', true],
    ['completed', true],
    ['active', true],
    ['cancelled', false],
  ])('%s → %s', (status, visible) => {
    expect(isVisibleStatus(status)).toBe(visible);
  });

  it('hides a status read with the other spelling', () => {
    expect(isVisibleStatus(normalizeMatchStatus('canceled'))).toBe(false);
  });
});

/** product §4 written out independently of the module: every allowed edge, and only these. */
const SPEC_EDGES: ReadonlyArray<readonly [MatchStatus, MatchStatus]> = [
  ['searching', 'pending'],
  ['searching', 'cancelled'],
  ['pending', 'confirmed'],
  ['pending', 'cancelled'],
  ['confirmed', 'completed'],
  // Issue 13: a confirmed hike can be cancelled with a reason.
  ['confirmed', 'cancelled'],
];

describe('MATCH_TRANSITIONS', () => {
  const allPairs = MATCH_STATUSES.flatMap((from) => MATCH_STATUSES.map((to) => [from, to] as const));

  it.each(allPairs)('%s → %s is allowed only if product §4 lists it', (from, to) => {
    const expected = SPEC_EDGES.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(expected);
    expect(MATCH_TRANSITIONS[from].includes(to)).toBe(expected);
  });

  it.each<MatchStatus>(['completed', 'cancelled', 'active'])('%s is terminal', (status) => {
    expect(MATCH_TRANSITIONS[status]).toEqual([]);
  });

  it('has an entry for every status', () => {
    expect(Object.keys(MATCH_TRANSITIONS).sort()).toEqual([...MATCH_STATUSES].sort());
  });
});

describe('ACTION_TRANSITION', () => {
  it.each<[MatchAction, MatchStatus[], MatchStatus, string | undefined]>([
    ['request', ['searching'], 'pending', undefined],
    ['invite', ['searching'], 'pending', undefined],
    ['accept', ['pending'], 'confirmed', undefined],
    ['reject', ['pending'], 'cancelled', 'user_cancelled'],
    ['withdraw', ['pending'], 'cancelled', 'withdrawn'],
    ['cancel', ['confirmed'], 'cancelled', 'user_cancelled'],
    ['cancelSearch', ['searching'], 'cancelled', 'user_cancelled'],
    ['expire', ['searching', 'pending'], 'cancelled', 'expired'],
    ['complete', ['confirmed'], 'completed', undefined],
  ])('%s: %j → %s (reason %s)', (action, from, to, reason) => {
    expect([...ACTION_TRANSITION[action].from].sort()).toEqual([...from].sort());
    expect(ACTION_TRANSITION[action].to).toBe(to);
    expect(ACTION_TRANSITION[action].cancelReason).toBe(reason);
  });

  it('lists exactly the named actions', () => {
    expect(Object.keys(ACTION_TRANSITION).sort()).toEqual([...MATCH_ACTIONS].sort());
  });

  it('every action moves along an allowed transition', () => {
    for (const action of MATCH_ACTIONS) {
      const { from, to } = ACTION_TRANSITION[action];
      for (const status of from) expect(canTransition(status, to), `${action}: ${status} → ${to}`).toBe(true);
    }
  });

  it('every allowed transition is reachable by some action', () => {
    for (const [from, to] of SPEC_EDGES) {
      const actions = MATCH_ACTIONS.filter((a) => ACTION_TRANSITION[a].to === to && ACTION_TRANSITION[a].from.includes(from));
      expect(actions, `${from} → ${to}`).not.toEqual([]);
    }
  });

  it('records a cancel reason exactly when the match is cancelled', () => {
    for (const action of MATCH_ACTIONS) {
      const { to, cancelReason } = ACTION_TRANSITION[action];
      expect(cancelReason !== undefined, action).toBe(to === 'cancelled');
    }
  });
});

describe('canApply', () => {
  const allowed: ReadonlyArray<readonly [MatchAction, MatchStatus]> = [
    ['request', 'searching'],
    ['invite', 'searching'],
    ['accept', 'pending'],
    ['reject', 'pending'],
    ['withdraw', 'pending'],
    ['cancel', 'confirmed'],
    ['cancelSearch', 'searching'],
    ['expire', 'searching'],
    ['expire', 'pending'],
    ['complete', 'confirmed'],
  ];
  const cases = MATCH_ACTIONS.flatMap((action) =>
    MATCH_STATUSES.map((status) => [action, status, allowed.some(([a, s]) => a === action && s === status)] as const),
  );

  it.each(cases)('%s on %s → %s', (action, status, expected) => {
    expect(canApply(action, status)).toBe(expected);
  });
});

describe('transitionError', () => {
  it.each<[MatchAction, MatchStatus, string]>([
    ['accept', 'confirmed', 'This match is confirmed; it can no longer be accepted.'],
    ['accept', 'cancelled', 'This match is cancelled; it can no longer be accepted.'],
    ['accept', 'searching', 'This match is searching for a buddy; it can not yet be accepted.'],
    ['accept', 'active', 'This match is a custom event; it can never be accepted.'],
    ['reject', 'completed', 'This match is completed; it can no longer be rejected.'],
    ['request', 'pending', 'This match is pending; it can no longer be requested.'],
    ['invite', 'confirmed', 'This match is confirmed; it can no longer be used for an invitation.'],
    ['cancelSearch', 'pending', 'This match is pending; it can no longer be withdrawn from search.'],
    ['expire', 'confirmed', 'This match is confirmed; it can no longer be expired.'],
    ['complete', 'pending', 'This match is pending; it can not yet be completed.'],
    ['complete', 'searching', 'This match is searching for a buddy; it can not yet be completed.'],
    ['complete', 'completed', 'This match is completed; it can no longer be completed.'],
  ])('%s on %s', (action, status, message) => {
    expect(transitionError(action, status)).toBe(message);
  });

  const refused = MATCH_ACTIONS.flatMap((action) =>
    MATCH_STATUSES.filter((status) => !canApply(action, status)).map((status) => [action, status] as const),
  );

  it.each(refused)('%s on %s follows the one template', (action, status) => {
    expect(transitionError(action, status)).toMatch(/^This match is [a-z ]+; it can (no longer|not yet|never) be [a-z ]+\.$/);
  });

  it('gives a different message for each state of the same action', () => {
    for (const action of MATCH_ACTIONS) {
      const messages = MATCH_STATUSES.filter((s) => !canApply(action, s)).map((s) => transitionError(action, s));
      expect(new Set(messages).size, action).toBe(messages.length);
    }
  });

  it('refuses to describe an allowed action as an error', () => {
    expect(() => transitionError('accept', 'pending')).toThrow(RangeError);
  });
});

describe('messages (product §5)', () => {
  it('match the spec', () => {
    expect(SELF_CONFIRM_MESSAGE).toBe('You cannot confirm a match with yourself.');
    expect(NOT_PARTICIPANT_MESSAGE).toBe('Only a participant may cancel or reject this match.');
  });
});
