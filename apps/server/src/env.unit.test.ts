import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';

describe('APP_URL', () => {
  it('defaults to localhost on the default port', () => {
    expect(parseEnv({}).APP_URL).toBe('http://localhost:3000');
  });

  it('follows PORT when it is not set, so PORT alone moves the printed URLs, mail links and trusted origin', () => {
    const env = parseEnv({ PORT: '3100' });
    expect(env.PORT).toBe(3100);
    expect(env.APP_URL).toBe('http://localhost:3100');
  });

  it('wins over PORT when it is set (a proxy or a public host in front of the server)', () => {
    expect(parseEnv({ PORT: '3100', APP_URL: 'https://trailbuddy.example' }).APP_URL).toBe('https://trailbuddy.example');
  });

  it('is still validated as a URL', () => {
    expect(() => parseEnv({ APP_URL: 'trailbuddy on 3100' })).toThrow(/APP_URL/);
  });
});

describe('IDENTITY_EMAIL_ENUMERATION_PROTECTION (ADR 0053)', () => {
  it('is on unless a deployment turns it off', () => {
    expect(parseEnv({}).IDENTITY_EMAIL_ENUMERATION_PROTECTION).toBe(true);
    expect(parseEnv({ IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'false' }).IDENTITY_EMAIL_ENUMERATION_PROTECTION).toBe(false);
  });
});
