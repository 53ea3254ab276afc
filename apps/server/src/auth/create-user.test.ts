import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { AUTH_TABLES, createUser } from './create-user.js';

let database: TestDatabase;
const seen: { id: unknown; email: unknown }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

/** Better Auth on the test database with a user hook that records what it is shown. */
async function authContext() {
  const auth = betterAuth({
    secret: 'test-secret-that-is-at-least-32-characters-long',
    baseURL: 'http://localhost:3000',
    database: drizzleAdapter(database.db, { provider: 'pg', schema: AUTH_TABLES }),
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            seen.push({ id: user.id, email: user.email });
            return { data: { ...user, name: 'named by the hook' } };
          },
        },
      },
    },
  });
  return auth.$context;
}

const newUser = (id: string) => ({ id, name: '', email: `phone-${id}@phone.invalid`, emailVerified: false, tenantId: null });

describe('createUser', () => {
  it("runs Better Auth's user hooks, keeps our id, and writes in the caller's transaction", async () => {
    const ctx = await authContext();
    const id = randomUUID();
    await database.db.transaction(async (tx) => createUser(ctx, tx, newUser(id), { method: 'phone-number' }));
    expect(seen).toContainEqual({ id, email: `phone-${id}@phone.invalid` });
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    expect(row?.name).toBe('named by the hook');
  });

  it('is rolled back with the transaction that made it', async () => {
    const ctx = await authContext();
    const id = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await createUser(ctx, tx, newUser(id), { method: 'phone-number' });
        throw new Error('the flow failed after creating the user');
      }),
    ).rejects.toThrow('the flow failed');
    expect(await database.db.$count(users, eq(users.id, id))).toBe(0);
  });
});
