import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { signUpMember } from './members';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing reaching outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

export type Viewport = { width: number; height: number };

/** A phone's width: what a page is opened at unless a spec says otherwise. */
export const PHONE: Viewport = { width: 390, height: 844 };
/** A small laptop's: the widget specs' width. */
export const LAPTOP: Viewport = { width: 1024, height: 800 };

/** The spec file's browser, as `useBrowser()` gives it. */
export interface SpecBrowser {
  /** A context of its own (its own cookies and storage) on the shared e2e server, or on `baseURL`. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A fresh context with one page at `viewport`, on the shared e2e server or on `baseURL`. */
  page(viewport?: Viewport, baseURL?: string): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * A member of the spec's own in a page at `viewport`: signed up with a complete profile and a
   * verified e-mail (matching needs both, ADR 0030), past the onboarding (`signUpMember`).
   */
  member(fullName: string, emailPrefix: string, options?: { viewport?: Viewport; city?: string }): Promise<Page>;
}

/**
 * One Chromium for the spec file that calls this at its top level: launched before its first test,
 * and closed after its last with every context the spec opened through it, so no spec has to
 * remember its own contexts.
 */
export function useBrowser(): SpecBrowser {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  const newContext = async (options: BrowserContextOptions = {}) => {
    if (!browser) throw new Error('useBrowser(): the browser starts in beforeAll; open pages in a test or a later hook');
    const context = await browser.newContext({ baseURL: baseUrl(), ...options });
    contexts.push(context);
    return context;
  };
  const page = async (viewport: Viewport = PHONE, baseURL?: string) => {
    const context = await newContext({ viewport, ...(baseURL ? { baseURL } : {}) });
    return { context, page: await context.newPage() };
  };
  return {
    newContext,
    page,
    member: async (fullName, emailPrefix, { viewport, city } = {}) =>
      signUpMember((await page(viewport)).page, fullName, emailPrefix, city),
  };
}
