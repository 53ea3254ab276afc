import { ERROR_MESSAGES } from '@trailbuddy/shared/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { apiErrorFrom, ApiError } from './api-client';
import { errorMessage, GENERIC_FAILURE_MESSAGE } from './error-message';

const HIKE_CONFLICT = 'You are already on a hike at that time: Eagle Peak on Saturday morning.';

describe('errorMessage', () => {
  it("shows a 409 hike-conflict in the server's own words", () => {
    const error = apiErrorFrom(409, { error: { code: 'hike-conflict', message: HIKE_CONFLICT } });
    expect(errorMessage(error)).toBe(HIKE_CONFLICT);
  });

  it("shows a 400's field message, not the generic line about highlighted fields", () => {
    const error = apiErrorFrom(400, {
      error: {
        code: 'invalid-argument',
        message: ERROR_MESSAGES['invalid-argument'],
        fields: { reason: 'Say why, in 500 characters or fewer.' },
      },
    });
    expect(errorMessage(error)).toBe('Say why, in 500 characters or fewer.');
  });

  it('leaves a field the form shows beside its input to the form, and says the rest', () => {
    const error = apiErrorFrom(400, {
      error: {
        code: 'invalid-argument',
        message: 'Please correct the highlighted fields.',
        fields: { name: 'Name is required.', bio: 'Too long.' },
      },
    });
    expect(errorMessage(error, ['name'])).toBe('Too long.');
    expect(errorMessage(error, ['name', 'bio'])).toBe('Please correct the highlighted fields.');
  });

  it('shows every other 4xx refusal as the server words it', () => {
    expect(errorMessage(apiErrorFrom(403, { error: { code: 'permission-denied', message: 'Only admins may do that.' } }))).toBe(
      'Only admins may do that.',
    );
    expect(errorMessage(apiErrorFrom(404, undefined))).toBe(ERROR_MESSAGES['not-found']);
  });

  it('says "Something went wrong" for a 5xx, whatever its body says', () => {
    const error = apiErrorFrom(500, { error: { code: 'internal', message: 'relation "hikes" does not exist' } });
    expect(errorMessage(error)).toBe(GENERIC_FAILURE_MESSAGE);
    expect(errorMessage(apiErrorFrom(503, '<html>Bad gateway</html>'))).toBe(GENERIC_FAILURE_MESSAGE);
    expect(GENERIC_FAILURE_MESSAGE).toMatch(/^Something went wrong/);
  });

  it('says "Something went wrong" for a lost connection and for anything that is not an ApiError', () => {
    expect(errorMessage(new ApiError(0, 'network-request-failed'))).toBe(GENERIC_FAILURE_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(GENERIC_FAILURE_MESSAGE);
    expect(errorMessage(undefined)).toBe(GENERIC_FAILURE_MESSAGE);
  });
});
