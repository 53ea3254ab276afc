import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { holdRequests } from './support/gate';
import { makeImage } from './support/images';
import { signIn } from './support/people';

const browser = useBrowser();

const EMAIL = 'camille@trailbuddy.app';
const headerPicture = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Your profile' });

async function openOwnProfile(page: Page) {
  await headerPicture(page).click();
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
}

describe('the personal profile', () => {
  it('uploads a cropped photo that becomes the header picture, and saves a new bio that survives a reload', async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    await signIn(page, EMAIL);
    const before = await headerPicture(page).locator('img').getAttribute('src');
    expect(before).not.toMatch(/^\/api\/files\/profilePictures\//);

    await openOwnProfile(page);
    await page.getByRole('heading', { level: 1, name: 'Camille Laurent' }).waitFor();

    // Change Photo → Upload a photo → the cropper → Done.
    await page.getByRole('button', { name: 'Change Photo' }).click();
    await page.getByRole('button', { name: 'Upload a photo' }).waitFor();
    await page.getByTestId('photo-input').setInputFiles({
      name: 'summit.png',
      mimeType: 'image/png',
      buffer: await makeImage('png', { width: 900, height: 600 }),
    });
    const cropper = page.getByRole('dialog', { name: 'Crop your photo' });
    await cropper.getByRole('img', { name: 'The chosen photo' }).waitFor();
    await cropper.getByRole('slider', { name: 'Zoom' }).fill('1.5');

    // The upload is held until its progress bar has been seen, then goes to the server as is.
    const upload = await holdRequests(page, '**/api/me/photo');
    await cropper.getByRole('button', { name: 'Done' }).click();
    await cropper.getByRole('progressbar', { name: 'Uploading your photo' }).waitFor();
    expect(await cropper.getByRole('button', { name: 'Uploading…' }).isDisabled()).toBe(true);
    await upload.release();

    await cropper.waitFor({ state: 'detached' });
    await page.getByText('Profile picture updated!').waitFor();
    await expect
      .poll(() => headerPicture(page).locator('img').getAttribute('src'), { timeout: 10_000 })
      .toMatch(/^\/api\/files\/profilePictures\//);
    // The stored picture is a real, square image.
    const picture = await headerPicture(page)
      .locator('img')
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return { width: img.naturalWidth, height: img.naturalHeight };
      });
    expect(picture.width).toBeGreaterThan(50);
    expect(picture.width).toBe(picture.height);

    // Edit Profile: the e-mail is shown but cannot be edited; the bio can.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    const email = form.getByLabel('Email');
    expect(await email.inputValue()).toBe(EMAIL);
    expect(await email.isDisabled()).toBe(true);
    expect(await email.isEditable()).toBe(false);

    const bio = `Sunrise ridge walks and long coastal loops, tested at ${Date.now()}.`;
    await form.getByLabel('Bio').fill(bio);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.getByText(bio).waitFor();

    // After a reload (which lands on home) the profile still has the new bio and picture.
    await page.reload();
    await openOwnProfile(page);
    await page.getByText(bio).waitFor();
    expect(await headerPicture(page).locator('img').getAttribute('src')).toMatch(/^\/api\/files\/profilePictures\//);
    await context.close();
  });
});
