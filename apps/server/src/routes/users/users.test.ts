import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, validRegistration, type TestApp, type TestUser } from '../../test/test-app.js';

let t: TestApp;
let rita: TestUser;
let joao: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  rita = await signUp(t, 'rita@example.com', 'secret123', 'Rita');
  joao = await signUp(t, 'joao@example.com', 'secret123', 'João');
  await t.app.inject({ method: 'PUT', url: '/api/me/registration', headers: { cookie: rita.cookie }, payload: validRegistration() });
});
afterAll(async () => t.close());

describe('public profiles', () => {
  it("shows another user's public profile without an e-mail", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${rita.id}`, headers: { cookie: joao.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rita.id, name: 'Rita Sousa', location: 'Lisbon, Portugal', bio: validRegistration().bio });
    expect(JSON.stringify(res.json())).not.toContain('rita@example.com');
    expect(res.json()).not.toHaveProperty('email');
  });

  it('lists only users who completed registration, without e-mails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: joao.cookie } });
    expect(res.json().users.map((u: { id: string }) => u.id)).toEqual([rita.id]);
    expect(res.body).not.toContain('@example.com');
  });

  it('refuses visitors and answers 404 for an unknown user', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${rita.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/nobody', headers: { cookie: joao.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Profile not found.');
  });
});
