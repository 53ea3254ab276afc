// Zod-free: the web app's API client imports it on the signed-out home page (architecture §7 budget).
import { NOT_PARTICIPANT_MESSAGE, SELF_CONFIRM_MESSAGE } from '../domain/match-states';
import { HIKE_FULL_MESSAGE } from '../domain/hikes';
import { IDENTITY_ERROR_CODES, IDENTITY_ERROR_MESSAGES } from './identity-errors';

/**
 * Every `code` an API error can carry. The server's error constructors take an ErrorCode, the
 * web app's ApiError holds one, so a new code is added here (with its message) or not at all.
 * The general codes follow the status vocabulary of product §8 ("Generic status codes").
 */
export const GENERAL_ERROR_CODES = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'conflict',
  'failed-precondition',
  'already-exists',
  'aborted',
  'payload-too-large',
  'too-many-requests',
  'internal',
  /** A match's own creator tried to confirm it. */
  'self-match',
  /** Someone outside a match tried to change it. */
  'not-participant',
  /** Searching, requesting, inviting or writing without a verified e-mail or phone (ADR 0030). */
  'verification-required',
  /** Searching, requesting, inviting or writing before "Complete Your Profile" (ADR 0030). */
  'profile-required',
  /** A state change a browser sent from another site's page, or from another port or subdomain of ours (ADR 0052). */
  'cross-site-request',
  /** A person would be on two hikes whose times overlap (ADR 0054); the message names the hike. */
  'hike-conflict',
  /** Every place on the hike is taken (ADR 0054). */
  'hike-full',
  /**
   * The instance has more writes waiting than it can commit within the latency budget, and
   * refuses more for a moment instead of queueing them (503 with Retry-After, ADR 0082).
   */
  'busy',
] as const;

/** The answers of the matching gate (ADR 0030): each names the step the person takes next. */
export const MATCHING_GATE_CODES = ['verification-required', 'profile-required'] as const;
export type MatchingGateCode = (typeof MATCHING_GATE_CODES)[number];
export const isMatchingGateCode = (value: unknown): value is MatchingGateCode =>
  typeof value === 'string' && (MATCHING_GATE_CODES as readonly string[]).includes(value);

/** A guest's refusal: the same code, but the next step is an account of their own. */
export const GUEST_VERIFICATION_MESSAGE = 'Create an account with a verified e-mail or phone number to find a buddy.';

/**
 * What the web client names a failure that carries no error body of ours: no network, or a
 * proxy's or load balancer's own answer. The server never sends these.
 */
export const CLIENT_ERROR_CODES = ['network-request-failed', 'unavailable', 'unknown'] as const;

export const ERROR_CODES = [...new Set([...GENERAL_ERROR_CODES, ...IDENTITY_ERROR_CODES, ...CLIENT_ERROR_CODES])] as readonly ErrorCode[];
export type ErrorCode = (typeof GENERAL_ERROR_CODES)[number] | (typeof IDENTITY_ERROR_CODES)[number] | (typeof CLIENT_ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/**
 * The message of each code when the error does not bring its own: the server's constructors'
 * defaults, and what the web app shows for a failure whose body is not ours. Identity codes keep
 * the sign-in widget's texts (product §8), except where the app means something more general.
 */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  ...IDENTITY_ERROR_MESSAGES,
  'invalid-argument': 'Please correct the highlighted fields.',
  unauthenticated: 'Sign in to continue.',
  'permission-denied': 'You do not have permission to do that.',
  'not-found': 'Not found.',
  conflict: 'That changed meanwhile. Reload and try again.',
  'failed-precondition': 'That cannot be done now.',
  'already-exists': 'That already exists.',
  aborted: 'That changed meanwhile. Try again.',
  'payload-too-large': 'That is too large.',
  'too-many-requests': 'Too many requests. Try again in a few minutes.',
  internal: 'Something went wrong. Please try again.',
  'self-match': SELF_CONFIRM_MESSAGE,
  'not-participant': NOT_PARTICIPANT_MESSAGE,
  'verification-required': 'Verify your e-mail address (or confirm a phone number) to find a buddy.',
  'profile-required': 'Complete your profile to find a buddy.',
  'cross-site-request': 'This request came from another site and was refused. Open TrailBuddy itself and try again.',
  'hike-conflict': 'That overlaps another hike.',
  'hike-full': HIKE_FULL_MESSAGE,
  busy: 'TrailBuddy is busy right now. Please try again in a moment.',
  unavailable: 'The service is unavailable. Please try again.',
  unknown: 'Something went wrong. Please try again.',
};

/** The code an HTTP status stands for, where an answer brings no error code of its own. */
export const ERROR_CODE_BY_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  429: 'too-many-requests',
};

/** The code of a failure known only by its HTTP status (Fastify's own 4xx, Better Auth's bare ones, a proxy's answer). */
export const codeForStatus = (status: number): ErrorCode =>
  ERROR_CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid-argument');
