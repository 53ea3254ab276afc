import { describe, expect, it, vi } from 'vitest';
import { HttpIdentityClient } from './http-client';
import { AuthError } from './types';

const user = {
  id: 'u1',
  email: 'a@b.co',
  emailVerified: false,
  displayName: null,
  phoneNumber: null,
  isAnonymous: false,
  providers: ['password'],
};

function respond(status: number, body?: unknown) {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function clientWith(...answers: Response[]) {
  const fetch = vi.fn(async () => answers.shift() ?? respond(500));
  return { fetch, client: new HttpIdentityClient({ baseUrl: 'https://app.test/', fetch: fetch as unknown as typeof globalThis.fetch }) };
}

const requestOf = (fetch: ReturnType<typeof vi.fn>, i = 0) => {
  const [url, init] = fetch.mock.calls[i] as [string, RequestInit];
  return {
    url,
    method: init.method,
    body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    credentials: init.credentials,
  };
};

describe('HttpIdentityClient', () => {
  it.each([
    [
      'fetchSignInMethods',
      ['a@b.co'],
      'POST',
      '/api/auth/identity/sign-in-methods',
      { email: 'a@b.co' },
      { methods: ['password'] },
      ['password'],
    ],
    ['sendPasswordRecovery', ['a@b.co'], 'POST', '/api/auth/request-password-reset', { email: 'a@b.co' }, { status: true }, undefined],
    ['signInAnonymously', [], 'POST', '/api/auth/sign-in/anonymous', {}, { user }, user],
    ['completeMerge', ['tok'], 'POST', '/api/auth/identity/merge', { mergeToken: 'tok' }, { user }, user],
    ['signOut', [], 'POST', '/api/auth/sign-out', {}, { success: true }, undefined],
    ['getConfig', [], 'GET', '/api/auth/identity/config', undefined, { signUpDisabled: false }, { signUpDisabled: false }],
    [
      'checkEmailLink',
      ['c'],
      'POST',
      '/api/auth/email-link/check',
      { oobCode: 'c' },
      { email: 'a@b.co', tenantId: 'acme' },
      { email: 'a@b.co', tenantId: 'acme' },
    ],
    ['signInWithEmailLink', ['c', 'a@b.co'], 'GET', '/api/auth/magic-link/verify?token=c&email=a%40b.co', undefined, { user }, user],
    [
      'sendPhoneCode',
      ['+15555550100', 'proof'],
      'POST',
      '/api/auth/phone-number/send-otp',
      { phoneNumber: '+15555550100', captcha: 'proof' },
      { verificationId: 'v', expiresAt: '2030-01-01T00:10:00.000Z', resendAvailableAt: '2030-01-01T00:00:15.000Z' },
      { verificationId: 'v', expiresAt: '2030-01-01T00:10:00.000Z', resendAvailableAt: '2030-01-01T00:00:15.000Z' },
    ],
    [
      'checkActionCode',
      ['c', 'resetPassword'],
      'POST',
      '/api/auth/identity/action-codes/check',
      { oobCode: 'c', mode: 'resetPassword' },
      { operation: 'PASSWORD_RESET', email: 'a@b.co' },
      { operation: 'PASSWORD_RESET', email: 'a@b.co' },
    ],
    [
      'confirmPasswordReset',
      ['c', 'pw'],
      'POST',
      '/api/auth/reset-password',
      { token: 'c', newPassword: 'pw' },
      { status: true },
      undefined,
    ],
  ] as const)('%s → %s %s', async (method, args, verb, path, body, answer, result) => {
    const { fetch, client } = clientWith(respond(answer === undefined ? 204 : 200, answer));
    const call = (client[method] as (...a: unknown[]) => Promise<unknown>).bind(client);
    await expect(call(...args)).resolves.toEqual(result);
    expect(requestOf(fetch)).toEqual({ url: `https://app.test${path}`, method: verb, body, credentials: 'include' });
  });

  it('finishes a sign-in through the twoFactor plugin with the pending credential, then reads the session user', async () => {
    const totp = clientWith(respond(200, { token: 't', user: { id: 'u1' } }), respond(200, { user }));
    expect(await totp.client.signInWithTotpFactor('pending', 'f1', '123456')).toEqual(user);
    expect(requestOf(totp.fetch, 0)).toMatchObject({
      url: 'https://app.test/api/auth/two-factor/verify-totp',
      method: 'POST',
      body: { mfaPendingCredential: 'pending', code: '123456' },
      credentials: 'include',
    });
    expect(requestOf(totp.fetch, 1)).toMatchObject({ url: 'https://app.test/api/auth/identity/user', method: 'GET' });

    const phone = clientWith(
      respond(200, { status: true, phoneNumber: '+15555550100' }),
      respond(200, { token: 't' }),
      respond(200, { user }),
    );
    expect(await phone.client.sendPhoneFactorCode('pending', 'f2')).toEqual({ verificationId: 'f2', phoneNumber: '+15555550100' });
    expect(requestOf(phone.fetch, 0)).toMatchObject({
      url: 'https://app.test/api/auth/two-factor/send-otp',
      body: { mfaPendingCredential: 'pending' },
    });
    expect(await phone.client.signInWithPhoneFactor('pending', 'f2', '654321')).toEqual(user);
    expect(requestOf(phone.fetch, 1)).toMatchObject({
      url: 'https://app.test/api/auth/two-factor/verify-otp',
      body: { mfaPendingCredential: 'pending', code: '654321' },
    });

    // The plugin's refusals arrive in the one error shape: the widget's codes come from it.
    const wrong = clientWith(
      respond(401, {
        code: 'INVALID_CODE',
        message: 'Wrong code. Try again.',
        error: { code: 'invalid-verification-code', message: 'Wrong code. Try again.' },
      }),
    );
    await expect(wrong.client.signInWithTotpFactor('pending', 'f1', '000000')).rejects.toMatchObject({
      code: 'auth/invalid-verification-code',
    });
    expect(wrong.fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['VERIFY_EMAIL', 'GET', '/api/auth/verify-email?token=c%2B1', undefined],
    ['RECOVER_EMAIL', 'POST', '/api/auth/identity/action-codes/apply', { oobCode: 'c+1' }],
    ['VERIFY_AND_CHANGE_EMAIL', 'POST', '/api/auth/identity/action-codes/apply', { oobCode: 'c+1' }],
    ['REVERT_SECOND_FACTOR_ADDITION', 'POST', '/api/auth/identity/action-codes/apply', { oobCode: 'c+1' }],
  ])('applies a %s code after checking it, with %s %s', async (operation, verb, path, body) => {
    const { fetch, client } = clientWith(respond(200, { operation, email: 'a@b.co' }), respond(200, { status: true }));
    await expect(client.applyActionCode('c+1')).resolves.toBeUndefined();
    expect(requestOf(fetch, 0)).toMatchObject({ url: 'https://app.test/api/auth/identity/action-codes/check', body: { oobCode: 'c+1' } });
    expect(requestOf(fetch, 1)).toEqual({ url: `https://app.test${path}`, method: verb, body, credentials: 'include' });
  });

  it('signs in with a password through Better Auth, then reads the widget’s user', async () => {
    const { fetch, client: base } = clientWith(respond(200, { token: 't', user: { id: 'u1' } }), respond(200, { user }));
    const client = base.forTenant('acme');
    await expect(client.signInWithPassword('a@b.co', 'pw')).resolves.toEqual(user);
    expect(requestOf(fetch, 0)).toEqual({
      url: 'https://app.test/api/auth/sign-in/email',
      method: 'POST',
      body: { email: 'a@b.co', password: 'pw', tenantId: 'acme' },
      credentials: 'include',
    });
    expect(requestOf(fetch, 1)).toMatchObject({ url: 'https://app.test/api/auth/identity/user', method: 'GET' });
  });

  it('signs up through Better Auth’s /sign-up/email with the widget’s fields and tenant, then reads the widget’s user', async () => {
    const { fetch, client: base } = clientWith(respond(200, { token: 't', user: { id: 'u1' } }), respond(200, { user }));
    const client = base.forTenant('acme');
    await expect(client.signUpWithPassword({ email: 'a@b.co', password: 'pw', displayName: 'Al' })).resolves.toEqual(user);
    expect(requestOf(fetch, 0)).toEqual({
      url: 'https://app.test/api/auth/sign-up/email',
      method: 'POST',
      body: { email: 'a@b.co', password: 'pw', displayName: 'Al', tenantId: 'acme' },
      credentials: 'include',
    });
    expect(requestOf(fetch, 1)).toMatchObject({ url: 'https://app.test/api/auth/identity/user', method: 'GET' });
  });

  it('applies nothing when the check refuses the code', async () => {
    const { fetch, client } = clientWith(respond(400, { error: { code: 'expired-action-code', message: 'This code has expired.' } }));
    await expect(client.applyActionCode('c')).rejects.toMatchObject({ code: 'auth/expired-action-code' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the e-mail-link request as given', async () => {
    const { fetch, client } = clientWith(respond(200, { status: true }));
    const request = { email: 'a@b.co', sessionId: 'x'.repeat(32), sameDevice: true, anonymousUid: 'g', providerId: 'github.com' };
    await client.sendEmailLink(request);
    expect(requestOf(fetch)).toMatchObject({ url: 'https://app.test/api/auth/sign-in/magic-link', method: 'POST', body: request });
  });

  it('answers null for the signed-out user (401)', async () => {
    const { client } = clientWith(
      respond(401, { error: { code: 'unauthenticated', message: 'Sign in to continue.' } }),
      respond(200, { user }),
    );
    await expect(client.getCurrentUser()).resolves.toBeNull();
    await expect(client.getCurrentUser()).resolves.toEqual(user);
  });

  it('prefixes error codes with auth/ and keeps fields and details', async () => {
    const { client } = clientWith(
      respond(409, { error: { code: 'merge-conflict', message: 'Merge.', details: { mergeToken: 'tok' } } }),
      respond(400, { error: { code: 'invalid-argument', message: 'Bad.', fields: { email: 'Bad e-mail' } } }),
    );
    const merge = await client.signInWithPassword('a@b.co', 'pw').catch((e: unknown) => e);
    expect(merge).toBeInstanceOf(AuthError);
    expect(merge).toMatchObject({ code: 'auth/merge-conflict', message: 'Merge.', details: { mergeToken: 'tok' }, status: 409 });
    await expect(client.fetchSignInMethods('x')).rejects.toMatchObject({ code: 'auth/invalid-argument', fields: { email: 'Bad e-mail' } });
  });

  it('turns a lost connection into auth/network-request-failed and junk into internal-error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = new HttpIdentityClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    await expect(client.signInAnonymously()).rejects.toMatchObject({
      code: 'auth/network-request-failed',
      message: 'A network error has occurred',
    });
    const { client: junk } = clientWith(respond(502, 'Bad gateway'), respond(429, ''), respond(200, { nope: true }));
    await expect(junk.signInAnonymously()).rejects.toMatchObject({ code: 'auth/internal-error', message: 'Bad gateway' });
    await expect(junk.signInAnonymously()).rejects.toMatchObject({ code: 'auth/too-many-requests' });
    await expect(junk.signInAnonymously()).rejects.toMatchObject({ code: 'auth/internal-error' });
  });

  it('builds federated start URLs with the hint, its key, the upgrade choice and the tenant', () => {
    const { client } = clientWith();
    expect(client.federatedStartUrl('oidc.trail', { flow: 'redirect', loginHint: 'a@b.co', returnTo: '/auth' })).toBe(
      'https://app.test/api/auth/federated/oidc.trail/start?flow=redirect&loginHint=a%40b.co&returnTo=%2Fauth',
    );
    expect(client.federatedStartUrl('saml.corp', { flow: 'popup' })).toBe('https://app.test/api/auth/federated/saml.corp/start?flow=popup');
    expect(
      client
        .forTenant('acme')
        .federatedStartUrl('oidc.trail', { flow: 'popup', loginHint: 'a@b.co', loginHintKey: 'username', upgradeAnonymous: false }),
    ).toBe(
      'https://app.test/api/auth/federated/oidc.trail/start?flow=popup&loginHint=a%40b.co&loginHintKey=username&upgradeAnonymous=false&tenantId=acme',
    );
  });

  it('reads federated results: a sign-in, none, and a failure answered as the error with its pending credential', async () => {
    const { fetch, client } = clientWith(
      respond(200, { user, providerId: 'github.com', isNewUser: true }),
      respond(409, {
        error: {
          code: 'account-exists-with-different-credential',
          message: 'x',
          details: { email: 'a@b.co', providerId: 'github.com', pendingCredential: 'tok', methods: ['password'] },
        },
      }),
      respond(200, { user: null }),
      respond(409, { error: { code: 'merge-conflict', message: 'm', details: { mergeToken: 'mt', providerId: 'github.com' } } }),
    );
    await expect(client.getFederatedResult()).resolves.toEqual({ kind: 'user', user, providerId: 'github.com', isNewUser: true });
    expect(requestOf(fetch)).toMatchObject({ url: 'https://app.test/api/auth/federated/result', method: 'GET' });
    await expect(client.getFederatedResult()).resolves.toMatchObject({
      kind: 'error',
      error: { code: 'auth/account-exists-with-different-credential' },
      email: 'a@b.co',
      providerId: 'github.com',
      pendingCredential: { providerId: 'github.com', token: 'tok', email: 'a@b.co' },
      methods: ['password'],
    });
    await expect(client.getFederatedResult()).resolves.toEqual({ kind: 'none' });
    await expect(client.getFederatedResult()).resolves.toMatchObject({
      kind: 'error',
      error: { code: 'auth/merge-conflict', details: { mergeToken: 'mt' } },
    });
  });

  it("signs in with a phone code on Better Auth's phone plugin, then reads the signed-in user", async () => {
    const { fetch, client } = clientWith(respond(200, { status: true, token: 't', user: { id: 'u1' } }), respond(200, { user }));
    await expect(client.signInWithPhoneCode('+15555550100', '123456')).resolves.toEqual(user);
    expect(requestOf(fetch, 0)).toEqual({
      url: 'https://app.test/api/auth/phone-number/verify',
      method: 'POST',
      body: { phoneNumber: '+15555550100', code: '123456' },
      credentials: 'include',
    });
    expect(requestOf(fetch, 1)).toMatchObject({ url: 'https://app.test/api/auth/identity/user', method: 'GET' });
  });

  it("maps the phone plugin's refusals to FirebaseUI's codes, and a sign-in without a session to an internal error", async () => {
    const { client } = clientWith(
      respond(400, {
        code: 'INVALID_OTP',
        message: 'Wrong code. Try again.',
        error: { code: 'invalid-verification-code', message: 'Wrong code. Try again.' },
      }),
      respond(400, {
        code: 'OTP_EXPIRED',
        message: 'This code is no longer valid',
        error: { code: 'code-expired', message: 'This code is no longer valid' },
      }),
      respond(429, {
        code: 'too-many-requests',
        message: 'x',
        error: { code: 'too-many-requests', message: 'This phone number has been used too many times' },
      }),
      respond(200, { status: true }),
      respond(401, { error: { code: 'unauthenticated', message: 'Sign in to continue.' } }),
    );
    await expect(client.signInWithPhoneCode('+15555550100', '000000')).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
    await expect(client.signInWithPhoneCode('+15555550100', '000000')).rejects.toMatchObject({ code: 'auth/code-expired' });
    await expect(client.sendPhoneCode('+15555550100', 'proof')).rejects.toMatchObject({
      code: 'auth/too-many-requests',
      message: 'This phone number has been used too many times',
    });
    await expect(client.signInWithPhoneCode('+15555550100', '123456')).rejects.toMatchObject({ code: 'auth/internal-error' });
  });

  it('links a pending credential by its token', async () => {
    const { fetch, client } = clientWith(respond(200, { user }));
    await client.linkPendingCredential({ providerId: 'github.com', token: 'tok', email: 'a@b.co' });
    expect(requestOf(fetch)).toMatchObject({ url: 'https://app.test/api/auth/federated/link-pending', body: { pendingCredential: 'tok' } });
  });

  it('reads the phone settings, captcha challenges and provider lists', async () => {
    const challenge = {
      parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 1, keyLength: 32, keyPrefix: 'ab', expiresAt: 1 },
      signature: 'sig',
    };
    const { fetch, client } = clientWith(
      respond(200, {
        enabled: true,
        captcha: { provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' },
        codeLength: 6,
        resendDelaySeconds: 15,
        codeTtlSeconds: 600,
      }),
      respond(200, {
        enabled: false,
        captcha: { provider: 'recaptcha', siteKey: 'k' },
        codeLength: 6,
        resendDelaySeconds: 30,
        codeTtlSeconds: 60,
      }),
      respond(200, challenge),
      respond(200, { providers: [{ id: 'oidc.trail', displayName: 'Trail ID', kind: 'oidc' }] }),
      respond(200, { nope: true }),
    );
    await expect(client.getPhoneConfig()).resolves.toEqual({
      enabled: true,
      captcha: { provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' },
      codeLength: 6,
      resendDelaySeconds: 15,
      codeTtlSeconds: 600,
    });
    await expect(client.getPhoneConfig()).resolves.toMatchObject({ enabled: false, captcha: { provider: 'recaptcha', siteKey: 'k' } });
    expect(requestOf(fetch, 0).url).toBe('https://app.test/api/auth/phone-number/config');
    await expect(client.getCaptchaChallenge('https://evil.test/captcha')).resolves.toEqual(challenge);
    expect(requestOf(fetch, 2)).toMatchObject({ url: 'https://app.test/api/auth/captcha/challenge', method: 'GET' });
    await expect(client.getProviders()).resolves.toEqual([{ providerId: 'oidc.trail', name: 'Trail ID', kind: 'oidc' }]);
    expect(requestOf(fetch, 3)).toMatchObject({ url: 'https://app.test/api/auth/federated/providers', method: 'GET' });
    await expect(client.getCaptchaChallenge()).rejects.toMatchObject({ code: 'auth/internal-error' });
  });

  it('lists tenants, matches them by e-mail, and names the tenant on the requests that act in one', async () => {
    const tenant = { id: 'acme', displayName: 'Acme', fullLabel: null, buttonColor: '#123456', iconUrl: null, signInOptions: ['password'] };
    const { fetch, client } = clientWith(
      respond(200, { tenants: [tenant] }),
      respond(400, { error: { code: 'no-matching-tenant-for-email', message: 'No sign-in provider…' } }),
      respond(200, { methods: [] }),
      respond(200, { token: 't', user: { id: 'u1' } }),
      respond(200, { user }),
      respond(200, { user }),
      respond(200, { verificationId: 'v' }),
      respond(200, { user }),
      respond(200, { user }),
    );
    await expect(client.getTenants()).resolves.toEqual([tenant]);
    await expect(client.getTenantsForEmail('a@b.co')).rejects.toMatchObject({ code: 'auth/no-matching-tenant-for-email' });
    expect(requestOf(fetch, 0)).toMatchObject({ url: 'https://app.test/api/auth/identity/tenants', method: 'GET' });
    expect(requestOf(fetch, 1)).toMatchObject({ url: 'https://app.test/api/auth/identity/tenants/for-email', body: { email: 'a@b.co' } });
    const acme = client.forTenant('acme');
    expect(acme.tenantId).toBe('acme');
    expect(client.tenantId).toBeNull();
    expect(acme.forTenant('acme')).toBe(acme);
    await acme.fetchSignInMethods('a@b.co');
    await acme.signInWithPassword('a@b.co', 'pw');
    await acme.signInAnonymously();
    await acme.sendPhoneCode('+15555550100', 'proof');
    await acme.completeMerge('mt');
    await acme.signInWithEmailLink('c', 'a@b.co');
    expect(requestOf(fetch, 2).body).toEqual({ email: 'a@b.co', tenantId: 'acme' });
    expect(requestOf(fetch, 3).body).toEqual({ email: 'a@b.co', password: 'pw', tenantId: 'acme' });
    // (request 4 reads the signed-in user)
    expect(requestOf(fetch, 5).body).toEqual({ tenantId: 'acme' });
    expect(requestOf(fetch, 6).body).toEqual({ phoneNumber: '+15555550100', captcha: 'proof', tenantId: 'acme' });
    // The merge token names its accounts: no tenant.
    expect(requestOf(fetch, 7).body).toEqual({ mergeToken: 'mt' });
    expect(requestOf(fetch, 8).url).toBe('https://app.test/api/auth/magic-link/verify?token=c&email=a%40b.co&tenantId=acme');
  });
});
