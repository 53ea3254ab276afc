import { describe, expect, it } from 'vitest';
import { firebaseErrorCode, firebaseErrorCodeForStatus } from './error-codes';

describe("FirebaseUI's codes from the server's vocabulary", () => {
  it('names an identity code auth/<code> and renames the general ones FirebaseUI calls otherwise', () => {
    expect(firebaseErrorCode('wrong-password')).toBe('auth/wrong-password');
    expect(firebaseErrorCode('too-many-requests')).toBe('auth/too-many-requests');
    expect(firebaseErrorCode('internal')).toBe('auth/internal-error');
    expect(firebaseErrorCode('unavailable')).toBe('auth/network-request-failed');
  });

  it('names an answer without a body of ours by its status', () => {
    expect(firebaseErrorCodeForStatus(429)).toBe('auth/too-many-requests');
    expect(firebaseErrorCodeForStatus(500)).toBe('auth/internal-error');
  });
});
