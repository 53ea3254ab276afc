import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/inbox';

const browser = useBrowser();

describe('the platform, from the browser to the database', () => {
  it('shows the seeded trails with their images on the signed-out home', async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect.poll(() => page.getByText('Sintra Palaces Loop').count()).toBeGreaterThan(0);
    // Every card's image is a real, decoded JPEG served by the API.
    const images = page.locator('article img');
    await images.first().scrollIntoViewIfNeeded();
    const first = await images.first().evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { src: img.getAttribute('src'), width: img.naturalWidth };
    });
    expect(first.src).toMatch(/^\/api\/files\/trailImages\//);
    expect(first.width).toBeGreaterThan(100);
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('signs up, verifies the e-mail from the dev inbox, signs in again and shows the e-mail in the header', async () => {
    const email = `hiker${Date.now()}@example.com`;
    const { context, page } = await browser.page({ width: 1024, height: 800 });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Name').fill('Hiker Test');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('trail-secret');
    await dialog.getByLabel('Confirm password').fill('trail-secret');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('banner').getByText(email).waitFor();

    const mail = await waitForMail(email, (m) => m.html.includes('mode=verifyEmail'));
    const link = linkIn(mail, 'mode=verifyEmail');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your email has been verified' }).waitFor();

    // A new account is asked to complete its profile first; this journey signs out from there.
    await page.goto('/');
    const registration = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await registration.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByText('Invalid email or password. Please try again.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('trail-secret');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('banner').getByText(email).waitFor();

    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.user).toMatchObject({ email, emailVerified: true });
    await context.close();
  });
});
