import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Env } from './env.js';

/**
 * A development secret kept in DATA_DIR: read when the file exists, else made once and written
 * readable by its owner only, so it survives a restart of a single development server.
 */
function keptInDataDir(dataDir: string, file: string, create: () => string): string {
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = create();
  writeFileSync(path, value, { mode: 0o600 });
  return value;
}

/**
 * The Better Auth secret: BETTER_AUTH_SECRET when given (required in production, and the same
 * value on every instance), else one generated once and kept in DATA_DIR so sessions survive
 * a restart of a single development server.
 */
export function resolveAuthSecret(env: Env, dataDir: string): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new Error('BETTER_AUTH_SECRET is required in production (at least 32 characters, the same on every instance).');
  }
  return keptInDataDir(dataDir, 'auth-secret', () => randomBytes(32).toString('base64url'));
}

/** The VAPID identity of this server (RFC 8292): push services accept our messages by it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` contact for the push services' operators. */
  subject: string;
}

/** MAIL_FROM's address (`TrailBuddy <hello@trailbuddy.app>` → `mailto:hello@trailbuddy.app`). */
const mailtoOf = (mailFrom: string) => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given (required in production and
 * the same on every instance, since a browser's subscription is bound to the public key), else a
 * pair generated once and kept in DATA_DIR, like the auth secret. Throws at start-up, before the
 * server listens, when production lacks them or only one of the two is set.
 */
export function resolveVapidKeys(env: Env, dataDir: string): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? mailtoOf(env.MAIL_FROM);
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (`npx web-push generate-vapid-keys`) or neither.');
  }
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production for web push (`npx web-push generate-vapid-keys`; the same on every instance).',
    );
  }
  const kept = keptInDataDir(dataDir, 'vapid-keys.json', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(kept) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
