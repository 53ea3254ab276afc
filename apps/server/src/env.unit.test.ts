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

describe('HOST', () => {
  it('is loopback outside production, so a development server is not on the network', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(parseEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
  });

  it('is every interface in production, and what HOST says anywhere', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ NODE_ENV: 'production', HOST: '10.0.0.2' }).HOST).toBe('10.0.0.2');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(() => parseEnv({ HOST: ' ' })).toThrow(/HOST/);
  });
});

describe('TRUSTED_ORIGINS', () => {
  it('is the web dev server in development, none elsewhere, and what it lists when set', () => {
    expect(parseEnv({}).TRUSTED_ORIGINS).toEqual(['http://localhost:5173']);
    expect(parseEnv({ NODE_ENV: 'production' }).TRUSTED_ORIGINS).toEqual([]);
    expect(parseEnv({ TRUSTED_ORIGINS: 'https://a.example, https://b.example:8443/' }).TRUSTED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
  });

  it('refuses anything that is not an origin', () => {
    for (const bad of ['a.example', 'https://a.example/path', 'ftp://a.example', 'https://user@a.example']) {
      expect(() => parseEnv({ TRUSTED_ORIGINS: bad }), bad).toThrow(/TRUSTED_ORIGINS/);
    }
  });
});

describe('push settings', () => {
  it('admits the browser vendors’ push services by default', () => {
    expect(parseEnv({}).PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      '*.notify.windows.com',
    ]);
  });

  it('refuses a host list entry that is not a host', () => {
    expect(() => parseEnv({ PUSH_SERVICE_HOSTS: 'https://fcm.googleapis.com/' })).toThrow(/PUSH_SERVICE_HOSTS/);
  });

  it('lets only a test run reach loopback: production or development with the switch on does not start', () => {
    expect(parseEnv({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'true' }).PUSH_ALLOW_LOOPBACK).toBe(true);
    expect(() => parseEnv({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
    expect(() => parseEnv({ PUSH_ALLOW_LOOPBACK: '1' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
    expect(parseEnv({ NODE_ENV: 'production' }).PUSH_ALLOW_LOOPBACK).toBe(false);
  });
});

describe('IDENTITY_EMAIL_ENUMERATION_PROTECTION (ADR 0053)', () => {
  it('is on unless a deployment turns it off', () => {
    expect(parseEnv({}).IDENTITY_EMAIL_ENUMERATION_PROTECTION).toBe(true);
    expect(parseEnv({ IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'false' }).IDENTITY_EMAIL_ENUMERATION_PROTECTION).toBe(false);
  });
});

describe('the ports that follow PORT', () => {
  it('are the well-known development ports at the default PORT', () => {
    const env = parseEnv({});
    expect([env.EMBEDDED_PG_PORT, env.DEV_INBOX_SMTP_PORT, env.DEV_INBOX_WEB_PORT]).toEqual([54329, 1025, 1080]);
  });

  it('move by as much as PORT moves, so a second checkout on PORT=3100 collides with nothing of the first', () => {
    const first = parseEnv({});
    const second = parseEnv({ PORT: '3100' });
    expect([second.EMBEDDED_PG_PORT, second.DEV_INBOX_SMTP_PORT, second.DEV_INBOX_WEB_PORT]).toEqual([54429, 1125, 1180]);
    const ports = (env: typeof first) => [env.PORT, env.EMBEDDED_PG_PORT, env.DEV_INBOX_SMTP_PORT, env.DEV_INBOX_WEB_PORT];
    expect(ports(second).filter((port) => ports(first).includes(port))).toEqual([]);
  });

  it('give way to their own variables', () => {
    const env = parseEnv({ PORT: '3100', EMBEDDED_PG_PORT: '60000', DEV_INBOX_SMTP_PORT: '0', DEV_INBOX_WEB_PORT: '2525' });
    expect([env.EMBEDDED_PG_PORT, env.DEV_INBOX_SMTP_PORT, env.DEV_INBOX_WEB_PORT]).toEqual([60000, 0, 2525]);
  });

  it('keep their defaults when PORT=0 asks the system for a free port', () => {
    expect(parseEnv({ PORT: '0' }).EMBEDDED_PG_PORT).toBe(54329);
  });

  it('name the variable to set when PORT would push one out of range', () => {
    expect(() => parseEnv({ PORT: '20000' })).toThrow(/EMBEDDED_PG_PORT: PORT=20000 would put it at 71329; set EMBEDDED_PG_PORT/);
    expect(() => parseEnv({ PORT: '20000', EMBEDDED_PG_PORT: '54000' })).not.toThrow();
  });

  it('may be out of range when nothing opens them (an external database, a mail service)', () => {
    expect(() => parseEnv({ PORT: '20000', DATABASE_URL: 'postgres://db/trailbuddy' })).not.toThrow();
    expect(() => parseEnv({ PORT: '1000', DATABASE_URL: 'postgres://db/trailbuddy' })).toThrow(
      /DEV_INBOX_SMTP_PORT: PORT=1000 would put it at -975/,
    );
    expect(() => parseEnv({ PORT: '1000', DATABASE_URL: 'postgres://db/trailbuddy', SMTP_URL: 'smtp://mail:587' })).not.toThrow();
  });
});

describe('the identity families’ settings, read once from their variables', () => {
  it('turns minutes, hours, seconds and lists into what the flows use', () => {
    const { identityFamilies } = parseEnv({
      IDENTITY_RECENT_LOGIN_MIN: '7',
      IDENTITY_RECOVERY_CODE_TTL_HOURS: '2',
      IDENTITY_PHONE_RESEND_DELAY_S: '30',
      IDENTITY_PHONE_SENDS_PER_HOUR: '3',
      IDENTITY_REQUIRE_DISPLAY_NAME: ' password, emailLink ,',
      IDENTITY_PASSWORD_FAILURES_PER_EMAIL: '4',
    });
    expect(identityFamilies.actions.recentLoginMs).toBe(7 * 60_000);
    expect(identityFamilies.actions.recoveryCodeTtlMs).toBe(2 * 3_600_000);
    expect(identityFamilies.phone.resendDelayMs).toBe(30_000);
    expect(identityFamilies.phone.sendsPerNumber).toEqual({ max: 3, windowMs: 3_600_000 });
    expect(identityFamilies.email.requireDisplayName).toEqual(['password', 'emailLink']);
    expect(identityFamilies.email.passwordFailuresPerEmail).toEqual({ max: 4, windowMs: 15 * 60_000 });
  });

  it('offers phone sign-in only with a transport: the webhook, or the inbox outside production', () => {
    expect(parseEnv({ SMS_WEBHOOK_URL: 'https://sms.example.com/send' }).identityFamilies.phone).toMatchObject({
      enabled: true,
      transport: 'webhook',
    });
    expect(parseEnv({ NODE_ENV: 'development' }).identityFamilies.phone).toMatchObject({ enabled: true, transport: 'dev-inbox' });
    expect(parseEnv({ NODE_ENV: 'production', DEV_INBOX: 'true' }).identityFamilies.phone).toMatchObject({
      enabled: false,
      transport: null,
    });
  });
});
