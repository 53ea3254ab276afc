import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP, useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';
import { uniqueEmail } from './support/people';
import { me, openWidget, widget } from './support/widget';

const browser = useBrowser();

/** The e-mail-link page of /auth (`?emailSignIn=link`): the address, Next, "Sign-in email sent". */
async function sendLink(page: Page, email: string): Promise<string> {
  await openWidget(page, 'mode=select&emailSignIn=link');
  const card = widget(page);
  await card.getByRole('button', { name: 'Sign in with email' }).click();
  await card.getByLabel('Email').fill(email);
  await card.getByRole('button', { name: 'Next' }).click();
  await card.getByRole('heading', { name: 'Sign-in email sent' }).waitFor();
  const mail = await waitForMail(email, (m) => m.html.includes('mode=signIn'));
  return linkIn(mail, 'mode=signIn');
}

describe('e-mail link sign-in through the widget', () => {
  it('signs in from the link on the same device', async () => {
    const email = uniqueEmail('widget.link');
    const { context, page } = await browser.page(LAPTOP);
    const link = await sendLink(page, email);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('banner').getByText(email).waitFor();
    expect((await me(page)).user.email).toBe(email);
    await context.close();
  });

  it('asks for the address again when the link is opened in another browser', async () => {
    const email = uniqueEmail('widget.link2');
    const first = await browser.page(LAPTOP);
    const link = await sendLink(first.page, email);
    await first.context.close();

    const { context, page } = await browser.page(LAPTOP);
    await page.goto(link);
    const card = widget(page);
    await card.getByRole('heading', { name: 'Confirm email' }).waitFor();
    await card.getByLabel('Email').fill(email);
    await card.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByRole('banner').getByText(email).waitFor();
    await context.close();
  });
});
