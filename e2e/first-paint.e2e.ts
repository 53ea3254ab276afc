import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, PHONE, useBrowser } from './support/browser';
import { apiIn, MEMBER_PASSWORD } from './support/members';
import { bottomBar } from './support/people';

// ADR 0023: the home and a trail's page arrive rendered by the server, and React hydrates them.

const browser = useBrowser();

/**
 * A member of this spec's own, signed up once; each test opens a context with the member's
 * cookies instead of signing in through the dialog (a password check is the costliest request on
 * a busy machine, and a demo person's state is other specs' to change).
 */
const member = { email: '', session: undefined as BrowserContextOptions['storageState'] };
beforeAll(async () => {
  const page = await browser.member('Paula First-Paint', 'first-paint');
  member.email = (await apiIn<{ user: { email: string } }>(page, 'GET', '/api/me')).user.email;
  member.session = await page.context().storageState();
});

/** A context of its own, at a phone's width, in which the member is signed in. */
async function signedInContext() {
  const context = await browser.newContext({ viewport: PHONE, storageState: member.session });
  return { context, page: await context.newPage() };
}

const TRAIL = 'Sintra Palaces Loop';

/**
 * Every error the page reports (console.error, which is where React reports a hydration mismatch,
 * and uncaught exceptions), and a handle on the first element the server put in #root, taken
 * before any script runs: after hydration it must still be in the page, since React adopts the
 * server's DOM rather than rendering its own (a mismatch makes React replace it).
 */
async function watch(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const first = document.getElementById('root')?.firstElementChild;
      if (!first) return;
      (window as unknown as { serverNode: Element }).serverNode = first;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    // The view's heading too: the view hydrates apart from the rest (its own Suspense boundary).
    addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('main h1');
    });
  });
  return errors;
}

const keptServerNode = (page: Page) =>
  page.evaluate(() => {
    const { serverNode, serverHeading } = window as unknown as { serverNode?: Element; serverHeading?: Element | null };
    return (
      serverNode !== undefined &&
      serverNode.isConnected &&
      document.getElementById('root')?.firstElementChild === serverNode &&
      Boolean(serverHeading?.isConnected)
    );
  });

/** The id of the demo trail, from its card's server-rendered page: the card links nowhere, the list has it. */
async function trailId(page: Page, name: string): Promise<string> {
  const list = await page.request.get('/api/trails');
  const { trails } = (await list.json()) as { trails: { id: string; name: string }[] };
  const trail = trails.find((candidate) => candidate.name === name);
  if (!trail) throw new Error(`no trail named ${name}`);
  return trail.id;
}

/**
 * Holds back the page's requests whose URL matches until `release()`; `asked` settles when the
 * first of them is made.
 */
async function holdBack(page: Page, url: RegExp): Promise<{ release: () => void; asked: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let ask = () => {};
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await page.route(url, async (route) => {
    ask();
    await released;
    await route.continue();
  });
  return { release, asked };
}

describe('the first paint, rendered by the server', () => {
  it('shows the trail cards and a trail’s detail with JavaScript turned off', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Find your trail buddy' }).waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(12);
    expect(await page.getByRole('button', { name: TRAIL }).count()).toBe(1);

    await page.goto(`/trails/${await trailId(page, TRAIL)}`);
    await page.getByRole('heading', { level: 1, name: TRAIL }).waitFor();
    await page.getByRole('heading', { name: 'About this trail' }).waitFor();
    expect(await page.getByRole('button', { name: 'Find Hiking Buddy' }).count()).toBe(1);
    await context.close();
  });

  it('hydrates the home without an error and stays interactive: a card opens its trail', async () => {
    const { context, page } = await signedInContext();
    const errors = await watch(page);
    // Signed in, the server's page is the signed-in variant.
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).waitFor();
    expect(await keptServerNode(page)).toBe(true);

    await page.getByRole('button', { name: TRAIL }).click();
    await page.getByRole('heading', { level: 1, name: TRAIL }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/trails/${await trailId(page, TRAIL)}`);

    // The trail's page reloaded: the server renders it for nobody in particular, and the
    // member's own controls appear once hydrated (whenever GET /api/me answers meanwhile).
    await page.reload();
    await page.getByRole('button', { name: /favourites$/ }).waitFor();
    expect(await keptServerNode(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates a shared trail link for a visitor, the lazily loaded detail included', async () => {
    const { context, page } = await browser.page();
    const errors = await watch(page);
    const id = await trailId(page, TRAIL);
    await page.goto(`/trails/${id}`);
    await page.getByRole('heading', { level: 1, name: TRAIL }).waitFor();
    // The day choice works once the detail is hydrated: it goes into the URL.
    await page.getByText('Sunday', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?day=sunday');
    expect(await keptServerNode(page)).toBe(true);
    // Choosing to find a buddy signed out asks for sign-in.
    await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a tap made before the app has loaded, and the app answers it once it has', async () => {
    const { context, page } = await browser.page();
    const errors = await watch(page);
    const id = await trailId(page, TRAIL);
    // The app's code (every script but the page's entry, index-*.js) is held back until the tap
    // has been made on the server's HTML.
    const { release } = await holdBack(page, /\/assets\/(?!index-)[^/]+\.js$/);
    await page.goto(`/trails/${id}`);
    await page.getByRole('button', { name: 'Find Hiking Buddy' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    release();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
    expect(await keptServerNode(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('a signed-in person’s tap on a trail card right after the page arrives', () => {
    /** The member, signed in, in a context of their own; the page is on another address until the test goes home. */
    async function signedIn() {
      const session = await signedInContext();
      await session.page.goto(`/trails/${await trailId(session.page, TRAIL)}`);
      await session.page.getByRole('heading', { level: 1, name: TRAIL }).waitFor();
      return session;
    }

    async function expectTrailOpened(page: Page, errors: string[]) {
      // Playwright's own 30 s: the app's code may take a while to arrive on a busy machine.
      await page.getByRole('heading', { level: 1, name: TRAIL }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/trails/${await trailId(page, TRAIL)}`);
      expect(errors).toEqual([]);
    }

    it('opens the trail when the tap comes as soon as the page has loaded', async () => {
      const { context, page } = await signedIn();
      const errors = await watch(page);
      await page.goto('/');
      await page.getByRole('button', { name: TRAIL }).click();
      await expectTrailOpened(page, errors);
      await context.close();
    });

    it('opens the trail when the tap comes before the app’s code, and before who is signed in is known', async () => {
      const { context, page } = await signedIn();
      const errors = await watch(page);
      // The app's code and GET /api/me are both held back until the tap has been made on the server's HTML.
      const { release } = await holdBack(page, /\/assets\/(?!index-)[^/]+\.js$|\/api\/me$/);
      await page.goto('/');
      await page.getByRole('button', { name: TRAIL }).click();
      expect(new URL(page.url()).pathname).toBe('/');
      release();
      await expectTrailOpened(page, errors);
      // The app knows who this is, and the trail it opened is the one tapped: Back returns home.
      await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: /^Hi, / }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    });

    it('opens the trail when the tap comes after the app has loaded but before who is signed in is known', async () => {
      const { context, page } = await signedIn();
      const errors = await watch(page);
      const { release, asked } = await holdBack(page, /\/api\/me$/);
      await page.goto('/');
      // The app has taken the page over once it asks who is signed in.
      await asked;
      await page.getByRole('button', { name: TRAIL }).click();
      release();
      await expectTrailOpened(page, errors);
      await context.close();
    });
  });

  describe('a tap on a members’ view before who is signed in is known', () => {
    /** The Matches tab of the bottom bar (the default viewport is a phone's). */
    const matchesTab = (page: Page) => bottomBar(page).getByRole('button', { name: 'Matches' });

    async function expectMatchesOpened(page: Page, errors: string[]) {
      await page.getByRole('tab', { name: /Upcoming/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/matches/upcoming');
      expect(await page.getByRole('dialog', { name: 'Sign In' }).count()).toBe(0);
      expect(errors).toEqual([]);
    }

    it('opens Matches for a signed-in person when the tap comes after the app has loaded', async () => {
      const { context, page } = await signedInContext();
      const errors = await watch(page);
      const { release, asked } = await holdBack(page, /\/api\/me$/);
      await page.goto('/');
      await asked;
      await matchesTab(page).click();
      expect(new URL(page.url()).pathname).toBe('/');
      release();
      await expectMatchesOpened(page, errors);
      // The tap made one entry: Back returns home.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: /^Hi, / }).waitFor();
      await context.close();
    });

    it('opens Matches for a signed-in person when the tap comes before the app’s code', async () => {
      const { context, page } = await signedInContext();
      const errors = await watch(page);
      const { release } = await holdBack(page, /\/assets\/(?!index-)[^/]+\.js$|\/api\/me$/);
      await page.goto('/');
      await matchesTab(page).click();
      release();
      await expectMatchesOpened(page, errors);
      await context.close();
    });

    it('asks someone whose session has ended to sign in, then opens Matches', async () => {
      const { context, page } = await browser.page();
      // A session cookie the server no longer knows: the page comes as a signed-in person's,
      // and only GET /api/me tells that nobody is signed in.
      await context.addCookies([{ name: 'better-auth.session_token', value: 'ended.session', url: baseUrl() }]);
      const errors = await watch(page);
      const { release, asked } = await holdBack(page, /\/api\/me$/);
      await page.goto('/');
      await asked;
      await matchesTab(page).click();
      release();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await dialog.getByLabel('Email').fill(member.email);
      await dialog.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expectMatchesOpened(
        page,
        errors.filter((error) => !error.includes('401')),
      );
      // The sign-in dialog's history entry became the view's: Back returns home, not to the dialog.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: /^Hi, / }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await context.close();
    });
  });
});
