import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP, useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { uniqueEmail } from './support/people';
import { me, openWidget, widget, widgetSignIn, widgetSignUp } from './support/widget';

const browser = useBrowser();

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the base32 secret. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A call to the server with the page's own session (same origin, so the CSRF checks pass). */
const post = (page: Page, url: string, body: object) =>
  page.evaluate(
    async ([u, b]) => {
      const res = await fetch(u as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    [url, body] as const,
  );

describe('the sign-in widget with a second factor', () => {
  it('asks an account with an authenticator app for its code after the password, then signs in', async () => {
    const email = uniqueEmail('widget.mfa');
    const { context, page } = await browser.page(LAPTOP);
    await openWidget(page);
    await widgetSignUp(page, { email, name: 'Careful Hiker', password: 'mfa-secret-1' });
    await page.waitForURL((url) => url.pathname === '/');
    const verifyMail = await waitForMail(email, (m) => m.html.includes('mode=verifyEmail'));
    await page.goto(linkIn(verifyMail, 'mode=verifyEmail'));
    await widget(page).getByRole('heading', { name: 'Your email has been verified' }).waitFor();

    // Enroll an authenticator app with the account's session (Better Auth's twoFactor plugin).
    const started = await post(page, '/api/auth/two-factor/enable', { password: 'mfa-secret-1' });
    expect(started.status).toBe(200);
    const secret = new URL(started.body.totpURI as string).searchParams.get('secret')!;
    const enrolled = await post(page, '/api/auth/two-factor/verify-totp', { code: totp(secret), displayName: 'Pocket app' });
    expect(enrolled.status).toBe(200);
    await context.clearCookies();

    // The password alone no longer signs in: the multi-factor page asks for the code.
    await openWidget(page);
    await widgetSignIn(page, email, 'mfa-secret-1');
    const card = widget(page);
    await card.getByRole('heading', { name: 'Verify it’s you' }).waitFor();
    await card.getByText('Enter the 6-digit code from your authenticator app “Pocket app”.').waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/identity/user')).status)).toBe(401);

    await card.getByLabel('6-digit code').fill(totp(secret) === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Verify' }).click();
    await card.getByText('Wrong code. Try again.').waitFor();

    await card.getByLabel('6-digit code').fill(totp(secret));
    await card.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByText(email).waitFor();
    expect((await me(page)).user.email).toBe(email);
    await context.close();
  });
});
