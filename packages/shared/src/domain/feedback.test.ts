import { describe, expect, it } from 'vitest';
import type { MatchStatus } from '../contracts/enums';
import {
  COMMENT_MAX,
  DEFAULT_RATING,
  RATING_MAX,
  RATING_MIN,
  feedbackInputSchema,
  isFeedbackComplete,
  pendingFeedbackPrompt,
  skipFeedbackSchema,
  type FeedbackInput,
} from './feedback';

describe('constants (product §9)', () => {
  it('match the spec', () => {
    expect([RATING_MIN, RATING_MAX, DEFAULT_RATING]).toEqual([1, 5, 5]);
    expect(COMMENT_MAX).toBe(1000);
  });
});

/** The first issue per field, as `{ field: message }`, for readable assertions. */
function fieldErrors(input: unknown): Record<string, string> {
  const result = feedbackInputSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '(root)';
    out[key] ??= issue.message;
  }
  return out;
}

describe('feedbackInputSchema: accepted', () => {
  it.each<[string, unknown, FeedbackInput]>([
    ['attended, rating defaults to 5', { attended: true }, { attended: true, rating: 5 }],
    [
      'attended with everything',
      { attended: true, rating: 3, wouldHikeAgain: false, comment: 'Muddy but fun' },
      { attended: true, rating: 3, wouldHikeAgain: false, comment: 'Muddy but fun' },
    ],
    ['rating at the minimum', { attended: true, rating: 1 }, { attended: true, rating: 1 }],
    ['rating at the maximum', { attended: true, rating: 5, wouldHikeAgain: true }, { attended: true, rating: 5, wouldHikeAgain: true }],
    ['comment at 1000 characters', { attended: true, comment: 'x'.repeat(1000) }, { attended: true, rating: 5, comment: 'x'.repeat(1000) }],
    ['empty comment', { attended: true, comment: '' }, { attended: true, rating: 5, comment: '' }],
    ['not attended, nothing else', { attended: false }, { attended: false }],
    ['unknown keys are dropped', { attended: false, skipped: true }, { attended: false }],
  ])('%s', (_label, input, expected) => {
    expect(feedbackInputSchema.parse(input)).toEqual(expected);
  });

  it('does not invent a rating for a session that was missed', () => {
    const parsed = feedbackInputSchema.parse({ attended: false });
    expect(parsed).not.toHaveProperty('rating');
  });
});

describe('feedbackInputSchema: refused', () => {
  it.each<[string, unknown, Record<string, string>]>([
    ['attended missing', {}, { attended: 'Please tell us whether you attended.' }],
    ['attended null', { attended: null, rating: 4 }, { attended: 'Please tell us whether you attended.' }],
    ['attended as a string', { attended: 'yes' }, { attended: 'Please tell us whether you attended.' }],
    ['rating 0', { attended: true, rating: 0 }, { rating: 'Rating must be a whole number from 1 to 5.' }],
    ['rating 6', { attended: true, rating: 6 }, { rating: 'Rating must be a whole number from 1 to 5.' }],
    ['rating 4.5', { attended: true, rating: 4.5 }, { rating: 'Rating must be a whole number from 1 to 5.' }],
    ['rating as text', { attended: true, rating: '4' }, { rating: 'Rating must be a whole number from 1 to 5.' }],
    ['wouldHikeAgain as text', { attended: true, wouldHikeAgain: 'yes' }, { wouldHikeAgain: 'Would hike again must be yes or no.' }],
    ['comment too long', { attended: true, comment: 'x'.repeat(1001) }, { comment: 'Comment must be at most 1000 characters.' }],
    ['rating without attending', { attended: false, rating: 5 }, { rating: 'Rating is only allowed when you attended.' }],
    [
      'wouldHikeAgain without attending',
      { attended: false, wouldHikeAgain: false },
      { wouldHikeAgain: 'Would hike again is only allowed when you attended.' },
    ],
    ['empty comment without attending', { attended: false, comment: '' }, { comment: 'Comment is only allowed when you attended.' }],
    [
      'all three without attending',
      { attended: false, rating: 2, wouldHikeAgain: true, comment: 'hm' },
      {
        rating: 'Rating is only allowed when you attended.',
        wouldHikeAgain: 'Would hike again is only allowed when you attended.',
        comment: 'Comment is only allowed when you attended.',
      },
    ],
  ])('%s', (_label, input, expected) => {
    expect(fieldErrors(input)).toEqual(expected);
  });
});

describe('skipFeedbackSchema', () => {
  it('accepts { skipped: true }', () => {
    expect(skipFeedbackSchema.parse({ skipped: true })).toEqual({ skipped: true });
  });

  it.each<[unknown]>([[{}], [{ skipped: false }], [{ skipped: 'true' }], [{ skipped: true, rating: 5 }], [{ attended: true }]])(
    'refuses %j',
    (input) => {
      expect(skipFeedbackSchema.safeParse(input).success).toBe(false);
    },
  );
});

describe('isFeedbackComplete', () => {
  it.each<[string[], string[], boolean]>([
    [['a', 'b'], [], false],
    [['a', 'b'], ['a'], false],
    [['a', 'b'], ['b'], false],
    [['a', 'b'], ['a', 'b'], true],
    [['a', 'b'], ['b', 'a'], true],
    [['a', 'b'], ['a', 'a'], false],
    [['a', 'b'], ['a', 'c'], false],
    [['a', 'b'], ['a', 'b', 'c'], true],
    // not a confirmed pair
    [['a'], ['a'], false],
    [[], [], false],
    [['a', 'a'], ['a'], false],
    [['a', 'b', 'c'], ['a', 'b', 'c'], false],
  ])('participants %j, feedback by %j → %s', (participants, feedbackBy, expected) => {
    expect(isFeedbackComplete(participants, feedbackBy)).toBe(expected);
  });
});

describe('pendingFeedbackPrompt', () => {
  const now = new Date('2025-06-15T18:00:00Z');
  interface M {
    id: string;
    status: MatchStatus;
    startTime: Date;
    endTime: Date;
    participants: string[];
    feedbackBy: string[];
  }
  const match = (id: string, over: Partial<M> = {}): M => ({
    id,
    status: 'confirmed',
    startTime: new Date('2025-06-14T10:00:00Z'),
    endTime: new Date('2025-06-14T13:00:00Z'),
    participants: ['me', 'buddy'],
    feedbackBy: [],
    ...over,
  });

  it.each<[string, M[], string | null]>([
    ['no matches', [], null],
    ['an ended confirmed match', [match('m1')], 'm1'],
    ['ended exactly now', [match('m1', { endTime: now })], 'm1'],
    ['not yet ended', [match('m1', { endTime: new Date(now.getTime() + 1) })], null],
    [
      'started but still under way',
      [match('m1', { startTime: new Date('2025-06-15T17:00:00Z'), endTime: new Date('2025-06-15T19:00:00Z') })],
      null,
    ],
    ['already answered by me', [match('m1', { feedbackBy: ['me'] })], null],
    ['answered by the buddy only', [match('m1', { feedbackBy: ['buddy'] })], 'm1'],
    ['not my match', [match('m1', { participants: ['x', 'y'] })], null],
    ['pending, not confirmed', [match('m1', { status: 'pending' })], null],
    ['already completed', [match('m1', { status: 'completed' })], null],
    ['cancelled', [match('m1', { status: 'cancelled' })], null],
    ['a manual event', [match('m1', { status: 'active' })], null],
    [
      'the earliest end wins regardless of order',
      [
        match('late', { endTime: new Date('2025-06-15T13:00:00Z') }),
        match('early', { endTime: new Date('2025-06-08T13:00:00Z') }),
        match('middle', { endTime: new Date('2025-06-14T13:00:00Z') }),
      ],
      'early',
    ],
    [
      'skips ineligible earlier matches',
      [
        match('answered', { endTime: new Date('2025-06-01T13:00:00Z'), feedbackBy: ['me'] }),
        match('pending', { endTime: new Date('2025-06-02T13:00:00Z'), status: 'pending' }),
        match('due', { endTime: new Date('2025-06-10T13:00:00Z') }),
      ],
      'due',
    ],
    [
      'equal ends: the earlier start wins',
      [match('short', { startTime: new Date('2025-06-14T11:00:00Z') }), match('long', { startTime: new Date('2025-06-14T09:00:00Z') })],
      'long',
    ],
    ['equal ends and starts: the first listed wins', [match('first'), match('second')], 'first'],
  ])('%s → %s', (_label, matches, expectedId) => {
    expect(pendingFeedbackPrompt(matches, 'me', now)?.id ?? null).toBe(expectedId);
  });

  it('returns the caller’s own object, keeping its extra fields', () => {
    const m = match('m1');
    expect(pendingFeedbackPrompt([m], 'me', now)).toBe(m);
  });
});
