import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { browser, createIdentityWorld, nextIp, type IdentityWorld } from '../../test/email-identity-fixtures.js';
import { signUp, TEST_ORIGIN } from '../../test/test-app.js';

const MINUTE = 60_000;
const PASSWORD = 'secret123';

let w: IdentityWorld;
beforeAll(async () => {
  w = await createIdentityWorld();
});
afterAll(async () => w.t.close());

const later = (ms: number) => {
  w.clock.now = new Date(w.clock.now.getTime() + ms);
};

/** One attempt through the app's modal (Better Auth's e-mail sign-in), from a client address of its own. */
async function viaModal(email: string, password: string, ip = nextIp()) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  return { status: res.statusCode, code: res.json().error?.code as string | undefined, cookie: res.headers['set-cookie'] };
}

/** One attempt through the sign-in widget's password sign-in, from a client address of its own. */
async function viaWidget(email: string, password: string) {
  const res = await browser(w.t).post('/api/auth/sign-in/email', { email, password });
  return { status: res.statusCode, code: res.json().error?.code as string | undefined, cookie: res.headers['set-cookie'] };
}

type Path = typeof viaModal | typeof viaWidget;

describe('one password lockout on every sign-in path', () => {
  const cases: [string, Path[]][] = [
    ["the modal's path", Array(6).fill(viaModal)],
    ["the widget's path", Array(6).fill(viaWidget)],
    ['a mix of both', [viaModal, viaWidget, viaModal, viaWidget, viaModal, viaWidget]],
    ['a mix ending on the modal', [viaWidget, viaWidget, viaWidget, viaModal, viaModal, viaModal]],
  ];

  it.each(cases)(
    '6 wrong passwords for one e-mail through %s, each from another address, end in too-many-requests',
    async (name, paths) => {
      const email = `target-${name.replaceAll(/\W/g, '')}@example.com`;
      await signUp(w.t, email, PASSWORD);
      const answers = [];
      for (const [i, attempt] of paths.entries()) answers.push(await attempt(email, `guess-${i}`));
      expect(answers.slice(0, 5).map((a) => a.code)).not.toContain('too-many-requests');
      expect(answers[5]).toMatchObject({ status: 429, code: 'too-many-requests' });

      // Locked on both paths, even with the right password, for 15 minutes; then open again.
      for (const attempt of [viaModal, viaWidget]) {
        const locked = await attempt(email, PASSWORD);
        expect(locked).toMatchObject({ status: 429, code: 'too-many-requests' });
        expect(locked.cookie).toBeUndefined();
      }
      later(15 * MINUTE + 1);
      expect((await viaModal(email, PASSWORD)).status).toBe(200);
      expect((await viaWidget(email, PASSWORD)).status).toBe(200);
    },
  );

  it("says so in the widget's words on the modal's path", async () => {
    await signUp(w.t, 'words@example.com', PASSWORD);
    for (let i = 0; i < 5; i++) await viaModal('words@example.com', `guess-${i}`);
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'Words@Example.com', password: PASSWORD },
    });
    expect(res.json().error).toEqual({
      code: 'too-many-requests',
      message: 'You have entered an incorrect password too many times. Please try again in a few minutes.',
    });
  });

  it("a success on either path clears the e-mail's count for both", async () => {
    const email = 'forgetful-both@example.com';
    await signUp(w.t, email, PASSWORD);
    for (const succeed of [viaModal, viaWidget]) {
      for (let i = 0; i < 2; i++) await viaModal(email, 'nope-nope');
      for (let i = 0; i < 2; i++) await viaWidget(email, 'nope-nope');
      expect((await succeed(email, PASSWORD)).status).toBe(200);
    }
  });

  it('refuses a disabled account on both paths with user-disabled and no session', async () => {
    const user = await signUp(w.t, 'disabled-both@example.com', PASSWORD);
    await w.t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    for (const attempt of [viaModal, viaWidget]) {
      const res = await attempt('disabled-both@example.com', PASSWORD);
      // One vocabulary: the same code whichever path refused it.
      expect(res).toMatchObject({ status: 403, code: 'user-disabled' });
      expect(res.cookie).toBeUndefined();
    }
  });

  it('locks a client on the modal path after its failures across e-mails (IDENTITY_PASSWORD_FAILURES_PER_CLIENT)', async () => {
    await signUp(w.t, 'victim-modal@example.com', PASSWORD);
    const attacker = nextIp();
    for (let i = 0; i < 20; i++) expect((await viaModal(`stuffed-modal${i}@example.com`, 'password1', attacker)).status).toBe(401);
    expect(await viaModal('victim-modal@example.com', PASSWORD, attacker)).toMatchObject({ status: 429, code: 'too-many-requests' });
    expect((await viaModal('victim-modal@example.com', PASSWORD)).status).toBe(200);
  });
});
