import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { scrollToEndOfTrails, showAllTrails } from './support/trail-list';
import { makeImage } from './support/images';
import { addTrail } from './support/admin';
import { apiIn } from './support/members';
import { choose, signIn } from './support/people';

const browser = useBrowser();

const DESKTOP = { width: 1280, height: 900 };

/** Decodes an image on the page and gives its source and size: it is a real picture, not a broken icon. */
async function decoded(image: Locator) {
  // Lazy images load only near the viewport.
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return { src: img.getAttribute('src') ?? '', width: img.naturalWidth };
  });
}

async function waitForUploaded(page: Page, label: 'Trail image' | 'Map image') {
  await expect
    .poll(() => page.getByRole('progressbar', { name: `${label} upload` }).getAttribute('aria-valuenow'), { timeout: 15_000 })
    .toBe('100');
}

describe('the administrators’ trail manager', () => {
  it('sends a signed-in non-administrator back to the home page', async () => {
    const { context, page } = await browser.page();
    await page.goto('/');
    await signIn(page, 'miguel@trailbuddy.app');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Hi, Miguel Santos!' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Add a trail' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await context.close();
  });

  it('adds a trail with an image and a map, seen live on a signed-out home page, then deletes it there too', async () => {
    const name = `Arrábida Ridge E2E ${Date.now()}`;

    // A visitor has the home page open the whole time and never reloads it.
    const visitor = await browser.page(DESKTOP);
    await visitor.page.goto('/');
    await visitor.page.getByRole('article').first().waitFor();
    // The list comes page by page (ADR 0022) and an added trail goes to its end: the visitor scrolls there.
    await scrollToEndOfTrails(visitor.page);
    const visitorCard = visitor.page.getByRole('article').filter({ has: visitor.page.getByRole('button', { name }) });
    expect(await visitorCard.count()).toBe(0);

    const { context, page } = await browser.page(DESKTOP);
    await page.goto('/');
    await signIn(page, 'admin@trailbuddy.app');
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();

    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add trail' }) });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Location/).fill('Setúbal, Portugal');
    await form.getByLabel(/^Length/).fill('12.5 km');
    await form.getByLabel(/^Hours/).fill('4');
    await choose(form, /^Difficulty/, 'Challenging');
    await choose(form, /^Activity/, 'Hiking');
    await choose(form, /^Day/, 'Sunday');
    await form.getByLabel(/^Description/).fill('Limestone ridge above the Sado estuary, with views over Tróia and the sea.');
    await form.getByLabel(/^Map link/).fill('https://www.openstreetmap.org/#map=13/38.48/-8.98');

    await form.getByLabel('Choose trail image').setInputFiles({
      name: 'ridge.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeImage('jpeg', { colour: { r: 30, g: 90, b: 140 } }),
    });
    await form.getByRole('img', { name: 'Preview of the trail image' }).waitFor();
    await waitForUploaded(page, 'Trail image');
    await form.getByLabel('Choose map image').setInputFiles({
      name: 'ridge-map.png',
      mimeType: 'image/png',
      buffer: await makeImage('png', { width: 640, height: 360, colour: { r: 200, g: 220, b: 190 } }),
    });
    await form.getByRole('img', { name: 'Preview of the map image' }).waitFor();
    await waitForUploaded(page, 'Map image');

    await form.getByRole('button', { name: 'Add trail' }).click();
    await page.getByText(new RegExp(`^${name} was added for `)).waitFor();
    // The form is empty again, ready for the next trail.
    expect(await form.getByLabel(/^Name/).inputValue()).toBe('');

    // In the admin list, with its stored image.
    const trailsList = page.getByRole('region', { name: /^Trails/ });
    // The new trail is the last, on the list's last page.
    await showAllTrails(trailsList);
    const row = trailsList.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name }) });
    await row.waitFor();
    expect((await decoded(row.locator('img'))).src).toMatch(/^\/api\/files\/trailImages\//);

    // On the visitor's home page, live: the card with the uploaded image.
    await visitorCard.waitFor();
    const cardImage = await decoded(visitorCard.locator('img'));
    expect(cardImage.src).toMatch(/^\/api\/files\/trailImages\//);
    expect(cardImage.width).toBeGreaterThan(100);
    expect(await visitorCard.getByText('Setúbal, Portugal').count()).toBe(1);

    // The administrator, as a member, sees the map image on the trail's page.
    await page.getByRole('link', { name: /Back/ }).click();
    await page.getByRole('article').first().waitFor();
    await scrollToEndOfTrails(page);
    await page.getByRole('button', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const map = await decoded(page.getByRole('img', { name: `Map of ${name}` }));
    expect(map.src).toMatch(/^\/api\/files\//);
    expect(map.width).toBeGreaterThan(100);
    expect(await page.getByRole('link', { name: /Open the map/ }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/#map=13/38.48/-8.98',
    );

    // Delete, after confirming.
    await page.goto('/admin');
    await showAllTrails(trailsList);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(`${name} was deleted.`).waitFor();
    await row.waitFor({ state: 'detached' });

    // Gone from the visitor's home page too, still without a reload.
    await visitorCard.waitFor({ state: 'detached' });
    expect(await visitor.page.getByRole('article').count()).toBeGreaterThanOrEqual(12);

    await context.close();
    await visitor.context.close();
  });
});

describe('an administrator edits a trail (issue 23)', () => {
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', DESKTOP],
  ])('changes its name and activity to biking in the form, on a %s', async (size, viewport) => {
    const name = `Edit Me ${size} ${Date.now()}`;
    const { context, page } = await browser.page(viewport);
    await page.goto('/');
    await signIn(page, 'admin@trailbuddy.app');
    const added = await addTrail(page, name, 'edit');
    await page.goto('/admin');
    const list = page.getByRole('region', { name: /^Trails/ });
    await showAllTrails(list);

    await list.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('region', { name: `Edit ${name}` });
    await form.waitFor();
    expect(await form.getByLabel('Hiking').isChecked()).toBe(true);
    await form.getByLabel(/^Name/).fill(`${name} Ride`);
    await form.getByText('Biking', { exact: true }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();

    await page.getByText(`${name} Ride was saved.`).waitFor();
    await list.getByRole('heading', { level: 3, name: `${name} Ride` }).waitFor();
    const trail = await apiIn<{ name: string; activity: string }>(page, 'GET', `/api/trails/${added.id}`);
    expect(trail).toMatchObject({ name: `${name} Ride`, activity: 'biking' });
    await page.screenshot({ path: `/tmp/papercuts-admin-edit-${size}.png`, fullPage: false });
    await apiIn(page, 'DELETE', `/api/trails/${added.id}`);
    await context.close();
  });
});
