/**
 * The match state machine (product §4 "Match statuses"), as data, so the server's services, its
 * tests and the web app's buttons all read one table instead of each re-deriving the rules.
 */
import { MATCH_STATUSES, type MatchStatus } from '../contracts/enums';

export type { MatchStatus };

export const SELF_CONFIRM_MESSAGE = 'You cannot confirm a match with yourself.';
export const NOT_PARTICIPANT_MESSAGE = 'Only a participant may cancel or reject this match.';

/** The spellings found in stored data; the seed product wrote both "cancelled" and "canceled". */
const STATUS_ALIASES: Readonly<Record<string, MatchStatus>> = { canceled: 'cancelled' };

/**
 * Reads a stored status. The American spelling is folded into 'cancelled' so the rest of the code
 * handles one value; anything else unknown is a data fault and throws rather than being guessed.
 */
export function normalizeMatchStatus(raw: string): MatchStatus {
  if ((MATCH_STATUSES as readonly string[]).includes(raw)) return raw as MatchStatus;
  const alias = Object.hasOwn(STATUS_ALIASES, raw) ? STATUS_ALIASES[raw] : undefined;
  if (alias) return alias;
  throw new RangeError(`Unknown match status: ${JSON.stringify(raw)}`);
}

/** Cancelled matches are kept for history but never shown (product §4 "cancelled ... hidden"). */
export function isVisibleStatus(status: MatchStatus): boolean {
  return status !== 'cancelled';
}

/**
 * Every allowed status change and nothing else (product §4). `active` is a manual event: its creator
 * deletes it, so it never transitions. `completed` and `cancelled` are final.
 */
export const MATCH_TRANSITIONS: Readonly<Record<MatchStatus, readonly MatchStatus[]>> = {
  searching: ['pending', 'cancelled'],
  pending: ['confirmed', 'cancelled'],
  // A confirmed hike can be called off with a reason (issue 13, ADR 0027).
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  active: [],
};

export function canTransition(from: MatchStatus, to: MatchStatus): boolean {
  return MATCH_TRANSITIONS[from].includes(to);
}

export const MATCH_ACTIONS = ['request', 'invite', 'accept', 'reject', 'withdraw', 'cancel', 'cancelSearch', 'expire', 'complete'] as const;
export type MatchAction = (typeof MATCH_ACTIONS)[number];
export type CancelReason = 'user_cancelled' | 'expired' | 'withdrawn' | 'blocked';

/** A confirmed hike called off less than this long before its start is a late cancellation (ADR 0027). */
export const LATE_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ActionTransition {
  readonly from: readonly MatchStatus[];
  readonly to: MatchStatus;
  /** Written to the match with the new status, so "why was this cancelled" is answerable. */
  readonly cancelReason?: CancelReason;
}

/**
 * What each user or system action does. Cancel Search has no reason in the spec; it is the user's
 * own choice, so it records 'user_cancelled' like a rejection, and only expiry records 'expired'.
 */
export const ACTION_TRANSITION: Readonly<Record<MatchAction, ActionTransition>> = {
  request: { from: ['searching'], to: 'pending' },
  invite: { from: ['searching'], to: 'pending' },
  accept: { from: ['pending'], to: 'confirmed' },
  reject: { from: ['pending'], to: 'cancelled', cancelReason: 'user_cancelled' },
  // The person who sent a request or an invitation takes it back before it is answered.
  withdraw: { from: ['pending'], to: 'cancelled', cancelReason: 'withdrawn' },
  // Either participant calls off a confirmed hike, with a reason.
  cancel: { from: ['confirmed'], to: 'cancelled', cancelReason: 'user_cancelled' },
  cancelSearch: { from: ['searching'], to: 'cancelled', cancelReason: 'user_cancelled' },
  expire: { from: ['searching', 'pending'], to: 'cancelled', cancelReason: 'expired' },
  complete: { from: ['confirmed'], to: 'completed' },
};

export function canApply(action: MatchAction, status: MatchStatus): boolean {
  return ACTION_TRANSITION[action].from.includes(status);
}

/** How each status reads in "This match is …". */
const STATUS_PHRASE: Readonly<Record<MatchStatus, string>> = {
  searching: 'searching for a buddy',
  pending: 'pending',
  confirmed: 'confirmed',
  completed: 'completed',
  cancelled: 'cancelled',
  active: 'a custom event',
};

/** How each action reads in "it can … be …". */
const ACTION_PHRASE: Readonly<Record<MatchAction, string>> = {
  request: 'requested',
  invite: 'used for an invitation',
  accept: 'accepted',
  reject: 'rejected',
  withdraw: 'withdrawn',
  cancel: 'cancelled',
  cancelSearch: 'withdrawn from search',
  expire: 'expired',
  complete: 'completed',
};

/**
 * Position along the happy path; used only to tell "not yet" from "no longer" in messages.
 * `cancelled` is final, so everything is "no longer" possible from it.
 */
const LIFECYCLE_STEP: Readonly<Record<Exclude<MatchStatus, 'active'>, number>> = {
  searching: 0,
  pending: 1,
  confirmed: 2,
  completed: 3,
  cancelled: 4,
};

/**
 * The message for refusing `action` on a match in `status`, always
 * "This match is <state>; it can <no longer | not yet | never> be <action>." — naming the current
 * state tells the user why (usually the other person acted first). The adverb keeps it true:
 * accepting a still-searching match is "not yet" possible, a manual event is "never" part of the
 * buddy flow. Throws when the action is allowed, because a refusal message for it is a caller bug.
 */
export function transitionError(action: MatchAction, status: MatchStatus): string {
  if (canApply(action, status)) {
    throw new RangeError(`'${action}' is allowed on a ${status} match; there is no error to report`);
  }
  return `This match is ${STATUS_PHRASE[status]}; it can ${whenPossible(action, status)} be ${ACTION_PHRASE[action]}.`;
}

function whenPossible(action: MatchAction, status: MatchStatus): 'no longer' | 'not yet' | 'never' {
  if (status === 'active') return 'never';
  const earliestFrom = Math.min(...ACTION_TRANSITION[action].from.map((s) => (s === 'active' ? Infinity : LIFECYCLE_STEP[s])));
  return LIFECYCLE_STEP[status] < earliestFrom ? 'not yet' : 'no longer';
}
