import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, useBrowser } from './support/browser';
import { uniqueEmail } from './support/people';
import { startSpecServer, type SpecServer } from './support/spec-server';
import { widget } from './support/widget';

const browser = useBrowser();
let app: SpecServer;

// A server of this spec's own with two tenants: separate pools of accounts behind one widget.
beforeAll(async () => {
  app = await startSpecServer(() => ({
    IDENTITY_TENANTS: JSON.stringify([
      { id: 'acme', displayName: 'Acme Corp', buttonColor: '#1a73e8', signInOptions: ['password'] },
      { id: 'globex', displayName: 'Globex', signInOptions: ['password', 'anonymous'] },
    ]),
  }));
});
afterAll(async () => {
  await app?.stop();
});

const identity = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/auth/identity/user')).json()) as { user: { email: string; tenantId: string | null } }).user,
  );

/**
 * /auth → the tenant's button → e-mail → the page that address gets in that tenant. A tenant with
 * e-mail as its only provider opens the e-mail page at once (as FirebaseUI does).
 */
async function startInTenant(page: Page, tenant: RegExp, email: string) {
  await page.goto('/auth?mode=select');
  const card = widget(page);
  await card.getByRole('button', { name: tenant }).click();
  if (tenant.source.includes('Globex')) await card.getByRole('button', { name: 'Sign in with email' }).click();
  await card.getByLabel('Email').fill(email);
  await card.getByRole('button', { name: 'Next' }).click();
}

describe('tenant selection in the widget', () => {
  it('chooses a tenant first, and the same e-mail is a separate account in each tenant', async () => {
    const email = uniqueEmail('widget.tenant');
    const { context, page } = await browser.page(LAPTOP, app.baseUrl);

    await page.goto('/auth?mode=select');
    await widget(page)
      .getByRole('button', { name: /Acme Corp/ })
      .waitFor();
    await widget(page)
      .getByRole('button', { name: /Globex/ })
      .waitFor();
    // Globex offers e-mail and guests; Acme e-mail only, so its e-mail page opens at once.
    await widget(page)
      .getByRole('button', { name: /Globex/ })
      .click();
    await widget(page).getByRole('button', { name: 'Continue as guest' }).waitFor();
    await widget(page).getByRole('button', { name: 'Sign in with email' }).waitFor();

    await startInTenant(page, /Acme Corp/, email);
    await widget(page).getByRole('heading', { name: 'Create account' }).waitFor();
    await widget(page).getByLabel('First & last name').fill('Acme Hiker');
    await widget(page).getByLabel('Choose password').fill('acme-secret-1');
    await widget(page).getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByText(email).waitFor();
    expect(await identity(page)).toMatchObject({ email, tenantId: 'acme' });
    await page.getByRole('dialog', { name: 'Complete Your Profile' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    // In Globex the address has no account yet: sign-up again, a different account.
    await startInTenant(page, /Globex/, email);
    await widget(page).getByRole('heading', { name: 'Create account' }).waitFor();
    await widget(page).getByRole('button', { name: 'Cancel' }).click();

    // Back in Acme, the password signs in.
    await startInTenant(page, /Acme Corp/, email);
    await widget(page).getByRole('heading', { name: 'Sign in' }).waitFor();
    await widget(page).getByLabel('Password', { exact: true }).fill('acme-secret-1');
    await widget(page).getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await identity(page)).toMatchObject({ email, tenantId: 'acme' });
    await context.close();
  });
});
