import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './errors';
import { CLIENT_ERROR_CODES, ERROR_CODES, ERROR_MESSAGES, GENERAL_ERROR_CODES, isErrorCode } from './error-codes';
import { IDENTITY_ERROR_CODES } from './identity-errors';

describe('ERROR_CODES', () => {
  it('holds the general, identity and client codes, each once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of [...GENERAL_ERROR_CODES, ...IDENTITY_ERROR_CODES, ...CLIENT_ERROR_CODES]) expect(ERROR_CODES).toContain(code);
  });

  it('has a message for people for every code', () => {
    for (const code of ERROR_CODES) expect(ERROR_MESSAGES[code].trim(), code).not.toBe('');
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('tells codes from other strings', () => {
    expect(isErrorCode('not-found')).toBe(true);
    expect(isErrorCode('weak-password')).toBe(true);
    expect(isErrorCode('http-502')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it('makes the API error schema refuse a code outside the union', () => {
    expect(apiErrorSchema.safeParse({ error: { code: 'self-match', message: 'No.' } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ error: { code: 'validation', message: 'No.' } }).success).toBe(false);
  });
});
