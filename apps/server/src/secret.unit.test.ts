import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { resolveVapidKeys } from './secret.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trailbuddy-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR outside production, readable by the owner only, and read back on the next start', () => {
    const dir = dataDir();
    const first = resolveVapidKeys(parseEnv({}), dir);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys(parseEnv({}), dir)).toEqual(first);
  });

  it('come from the environment when set, with the subject from MAIL_FROM unless VAPID_SUBJECT says otherwise', () => {
    const keys = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(resolveVapidKeys(parseEnv({ ...env, NODE_ENV: 'production' }), dataDir())).toEqual({
      ...keys,
      subject: 'mailto:hello@trailbuddy.app',
    });
    expect(resolveVapidKeys(parseEnv({ ...env, VAPID_SUBJECT: 'https://trailbuddy.example/contact' }), dataDir()).subject).toBe(
      'https://trailbuddy.example/contact',
    );
  });

  it('are required in production: the server stops at start with a message naming them', () => {
    expect(() => resolveVapidKeys(parseEnv({ NODE_ENV: 'production' }), dataDir())).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production/,
    );
  });

  it('go together: one without the other is refused', () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    expect(() => resolveVapidKeys(parseEnv({ VAPID_PUBLIC_KEY: publicKey }), dataDir())).toThrow(/go together/);
  });

  it('are validated as keys, naming the variable', () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'hello@trailbuddy.app' })).toThrow(/VAPID_SUBJECT/);
  });
});
