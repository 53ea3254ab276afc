import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env.js';

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
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
