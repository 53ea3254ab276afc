import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser';
import { withDatabase } from './support/db';
import { signIn } from './support/people';
import { slotOfItsOwn, type NamedTrail } from './support/slots';

/**
 * Installable and useful on the trail (ADR 0024): the production build's service worker keeps
 * the signed-in person's upcoming hike, so /matches/upcoming opens with the network cut off after
 * one online visit; signing out leaves nothing of the person in the browser's caches.
 */
const browser = useBrowser();

const CAMILLE = { email: 'camille@trailbuddy.app' };
const GIULIA = { email: 'giulia@trailbuddy.app', name: 'Giulia Rossi', photo: '/people/giulia.png' };
/** Camille's other hike is plans.e2e.ts's, on the same trail's other day (support/slots.ts). */
const TRAIL: NamedTrail = 'Preikestolen Cliff Hike';
const POLL = { timeout: 15_000 };

async function signedIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
  const session = await browser.page();
  await session.page.goto('/');
  await signIn(session.page, email);
  return session;
}

/** A JSON call with the page's own session, as the app makes it. */
async function call(page: Page, method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { Accept: 'application/json', ...(body && { 'Content-Type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, path, body },
  );
}

/** Every cache of the origin and the URLs it holds. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return all;
  });

const personCaches = async (page: Page) => Object.entries(await cachedUrls(page)).filter(([name]) => name.startsWith('trailbuddy-person:'));

describe('on the trail without signal', () => {
  it('the upcoming hike opens offline after one online visit, and signing out leaves nothing of the person', async () => {
    // Camille invites Giulia on the trail's next session; Giulia accepts: a confirmed hike to come.
    const giuliaId = await withDatabase(async (db) => {
      const giulia = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [GIULIA.email]);
      return giulia.rows[0]!.id;
    });
    const camille = await signedIn(CAMILLE.email);
    const { id: trailId, day } = await slotOfItsOwn(camille.page, { trail: TRAIL });
    await call(camille.page, 'POST', '/api/matches/invite', { userId: giuliaId, trailId, day });
    const giulia = await signedIn(GIULIA.email);
    const { matches } = (await call(giulia.page, 'GET', '/api/matches/mine')) as {
      matches: { id: string; trailId: string; awaitingMyAnswer: boolean }[];
    };
    const invitation = matches.find((m) => m.trailId === trailId && m.awaitingMyAnswer);
    await call(giulia.page, 'POST', `/api/matches/${invitation!.id}/accept`);
    await giulia.context.close();

    // One online visit: the production build registers its worker once the page is idle.
    const { context, page } = camille;
    await page.goto('/matches/upcoming');
    const hike = page.getByRole('listitem').filter({ hasText: TRAIL });
    await hike.getByText(GIULIA.name).first().waitFor();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), POLL).toMatch(/\/sw\.js$/);

    // The worker keeps, under Camille's name, who she is, her upcoming hikes, the trail's picture and Giulia's photo.
    const kept = async () =>
      (await personCaches(page))
        .flatMap(([, urls]) => urls.map((url) => url.replace(/^\/api\/files\/trailImages\/.*/, 'the trail picture')))
        .sort();
    await expect.poll(kept, POLL).toEqual(['/api/matches/mine', '/api/me', GIULIA.photo, 'the trail picture'].sort());

    await context.setOffline(true);
    await page.reload();
    await hike.getByText(GIULIA.name).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => hike.textContent(), POLL).toContain(TRAIL);
    // The buddy's photo comes from the cache too.
    const photo = hike.locator(`img[src="${GIULIA.photo}"]`).first();
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);

    // Back online, Camille signs out: what the worker kept of her is gone.
    await context.setOffline(false);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    await expect.poll(() => personCaches(page), POLL).toEqual([]);
    const everything = Object.values(await cachedUrls(page)).flat();
    expect(everything.filter((url) => url.startsWith('/api/'))).toEqual([]);

    // And offline again, the signed-out browser shows no hike of hers: the members' view gives way to Home.
    await context.setOffline(true);
    await page.goto('/matches/upcoming');
    await page.getByRole('heading', { level: 1, name: 'Find your trail buddy' }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(GIULIA.name).count()).toBe(0);
    await context.close();
  });

  it('is installable: Chrome’s installability checks (what Lighthouse’s audit read) find nothing missing', async () => {
    // A profile on disk: Playwright's contexts are incognito, where Chrome never offers to install.
    const profile = mkdtempSync(join(tmpdir(), 'trailbuddy-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      baseURL: baseUrl(),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      // A visitor's page registers no service worker (ADR 0036): Chrome's checks need the manifest only.
      await page.goto('/');
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
