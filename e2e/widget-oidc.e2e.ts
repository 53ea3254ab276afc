import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIdp, type TestOidcIdp } from '../apps/server/src/test/idp/oidc-idp';
import { useBrowser } from './support/browser';
import { uniqueEmail } from './support/people';
import { startSpecServer, type SpecServer } from './support/spec-server';
import { me, widget } from './support/widget';

const browser = useBrowser();
let idp: TestOidcIdp;
let app: SpecServer;

// A server of this spec's own, with one OpenID Connect provider: a real oidc-provider on this machine.
beforeAll(async () => {
  app = await startSpecServer(async (baseUrl) => {
    idp = await startOidcIdp({ redirectUris: [`${baseUrl}/api/auth/callback/oidc.local`] });
    return {
      IDENTITY_OIDC_PROVIDERS: JSON.stringify([
        { name: 'local', displayName: 'Local ID', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ]),
    };
  });
});
afterAll(async () => {
  await app?.stop();
  await idp?.close();
});

/** Someone the IdP knows, who signs in there next. */
function idpAccount(prefix: string): string {
  const email = uniqueEmail(prefix);
  const sub = `sub-${email}`;
  idp.accounts.set(sub, { email, email_verified: true, name: 'Idp Hiker' });
  idp.nextLogin = sub;
  return email;
}

describe('OpenID Connect sign-in through the widget', () => {
  it('signs in in a popup on a wide screen', async () => {
    const email = idpAccount('widget.popup');
    const { context, page } = await browser.page({ width: 1024, height: 800 }, app.baseUrl);
    await page.goto('/auth?mode=select');
    const popup = page.waitForEvent('popup');
    await widget(page).getByRole('button', { name: 'Sign in with Local ID' }).click();
    // The IdP runs in the popup; the page stays on /auth until the popup posts the outcome.
    await popup;
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await page.getByRole('banner').getByText(email).waitFor();
    expect((await me(page)).user.email).toBe(email);
    await context.close();
  });

  it('signs in by redirect on a phone', async () => {
    const email = idpAccount('widget.redirect');
    const { context, page } = await browser.page({ width: 390, height: 844 }, app.baseUrl);
    await page.goto('/auth?mode=select');
    const pages = context.pages().length;
    await widget(page).getByRole('button', { name: 'Sign in with Local ID' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    expect(context.pages().length).toBe(pages);
    await page.getByRole('dialog', { name: 'Complete Your Profile' }).waitFor();
    expect((await me(page)).user.email).toBe(email);
    await context.close();
  });
});
