import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import type { Flows } from '../flows/types';
import { memoryCookies } from '../storage/cookies';
import type { KeyValueStorage } from '../storage/storage';
import type { WidgetApp } from '../widget/app';
import { createWidgetApp } from '../widget/create';
import { startWidget, type StartOptions } from '../widget/dispatch';
import type { AltchaChallenge } from '../client/types';
import type { WidgetEnv, WindowMessage } from '../widget/env';
import type { PageId } from '../widget/page-types';
import { WidgetView } from '../widget/WidgetView';
import { FakeIdentityClient, type FakeCall } from './fake-client';

const started: WidgetApp[] = [];

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  // A run left active would be "the widget already on the page" for the next test.
  for (const app of started.splice(0)) app.reset();
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

export function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  };
}

/** A script load the test settles. */
export interface FakeScriptLoad {
  src: string;
  timeoutMs: number;
  resolve(): void;
  reject(error?: unknown): void;
}

/** An ALTCHA solve the test settles. */
export interface FakeSolve {
  challenge: AltchaChallenge;
  resolve(token: string): void;
  reject(error?: unknown): void;
}

/** A fake browser (FirebaseUI's fake util): records navigation, windows and the address bar. */
export type FakeEnv = WidgetEnv & {
  url: string;
  assigned: string[];
  replaced: string[];
  opened: Array<{ url: string; target: string; features?: string; window: { closed: boolean } }>;
  /** Window globals a test installs (`grecaptcha`, `google`). */
  windowGlobals: Record<string, unknown>;
  scripts: FakeScriptLoad[];
  solves: FakeSolve[];
  /** Delivers a `message` event to the widget's listeners. */
  postMessage(data: unknown, origin?: string): void;
  messageListeners: Set<(message: WindowMessage) => void>;
  openerAssigned: string[];
  closed: boolean;
  /** Set to make this page a popup of a same-origin opener. */
  hasOpener: boolean;
  /** Set to make `window.open` return null (a blocked popup). */
  blockPopups: boolean;
  session: ReturnType<typeof memoryStorage>;
  cookieJar: ReturnType<typeof memoryCookies>;
};

export function fakeEnv(url = 'https://app.test/auth'): FakeEnv {
  const session = memoryStorage();
  const local = memoryStorage();
  const cookieJar = memoryCookies();
  const env: FakeEnv = {
    url,
    assigned: [],
    replaced: [],
    opened: [],
    openerAssigned: [],
    closed: false,
    hasOpener: false,
    blockPopups: false,
    session,
    cookieJar,
    href: () => env.url,
    assign: (next) => void env.assigned.push(next),
    replaceState: (next) => {
      env.replaced.push(next);
      env.url = next;
    },
    open: (target, name, features) => {
      const window = { closed: false };
      env.opened.push({ url: target, target: name, ...(features && { features }), window });
      return env.blockPopups ? null : window;
    },
    sameOriginOpener: () => (env.hasOpener ? { assign: (next: string) => void env.openerAssigned.push(next) } : null),
    close: () => {
      env.closed = true;
    },
    isMobile: () => false,
    sessionStorage: () => session,
    localStorage: () => local,
    cookies: cookieJar,
    windowGlobals: {},
    scripts: [],
    solves: [],
    messageListeners: new Set(),
    onMessage(listener) {
      env.messageListeners.add(listener);
      return () => env.messageListeners.delete(listener);
    },
    postMessage(data, origin = new URL(env.url).origin) {
      for (const listener of [...env.messageListeners]) listener({ origin, data });
    },
    loadScript: (src, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        env.scripts.push({ src, timeoutMs, resolve, reject: (error) => reject(error ?? new Error(`Could not load ${src}`)) });
      }),
    globals: () => env.windowGlobals,
    solveAltcha: (challenge) =>
      new Promise<string>((resolve, reject) => {
        env.solves.push({ challenge, resolve, reject: (error) => reject(error ?? new Error('unsolved')) });
      }),
  };
  return env;
}

export interface RenderWidgetOptions extends StartOptions {
  url?: string;
  env?: FakeEnv;
  appId?: string;
  flows?: Partial<Flows>;
  /** Start the run at once (default true). */
  start?: boolean;
}

/** Lets every pending promise continuation run, inside `act` so React renders the result. */
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

/** Advances fake timers (inside `act`) and lets the flow move on. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  await flush();
}

/** The progress dialog's text, or null. */
export function dialogText(): string | null {
  return document.querySelector('.authui-dialog:not(.authui-country-picker) .authui-dialog-text')?.textContent ?? null;
}

/** Resolves a scripted call and lets the flow move on. */
export async function resolveCall(call: FakeCall, value?: unknown): Promise<void> {
  call.resolve(value);
  await flush();
}

/** Rejects a scripted call and lets the flow move on. */
export async function rejectCall(call: FakeCall, error: unknown): Promise<void> {
  call.reject(error);
  await flush();
}

/**
 * Renders a widget run on a fake client and a fake browser, then starts it (without loading the
 * server's settings unless asked).
 */
export async function renderWidget(config: AuthUIConfig, options: RenderWidgetOptions = {}) {
  const client = new FakeIdentityClient();
  const env = options.env ?? fakeEnv(options.url);
  const app: WidgetApp = createWidgetApp(config, client, {
    env,
    ...(options.appId && { appId: options.appId }),
    ...(options.flows && { flows: options.flows }),
  });
  started.push(app);
  const utils = render(<WidgetView app={app} />);
  if (options.start ?? true) {
    await act(async () => {
      void startWidget(app, { loadServerConfig: false, ...options });
    });
    await flush();
  }
  return { app, client, env, ...utils };
}

/**
 * Renders a widget without starting its run and lets `show` put a page up directly (through a
 * flow or `app.show`), for tests of one page or step rather than the whole sign-in tree.
 */
export async function renderShowing(config: AuthUIConfig, show: (app: WidgetApp) => void, options: RenderWidgetOptions = {}) {
  const rendered = await renderWidget(config, { ...options, start: false });
  act(() => show(rendered.app));
  return rendered;
}

/** The id of the page on screen, or null. */
export function currentPage(): string | null {
  return document.querySelector('[data-page-id]')?.getAttribute('data-page-id') ?? null;
}

export function expectPage(id: PageId): void {
  expect(currentPage()).toBe(id);
}

/** Types into the field with this label. */
export function fill(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Clicks the button (or link-button) with this accessible name, then lets the flow move on. */
export async function click(name: string | RegExp): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name }));
  await flush();
}

/** Submits the page's form, as Enter or the submit button would. */
export async function submit(): Promise<void> {
  const form = document.querySelector('form');
  if (!form) throw new Error('No form on the page');
  fireEvent.submit(form);
  await flush();
}

/** The info bar's message, or null. */
export function infoBarText(): string | null {
  return document.querySelector('.authui-info-bar-message')?.textContent ?? null;
}

/** The inline error under a field, or '' when none. */
export function fieldError(label: string): string {
  const input = screen.getByLabelText(label);
  return input.closest('.authui-field')?.querySelector('.authui-error')?.textContent ?? '';
}

/** Whether a busy indicator (bar or spinner) is showing. */
export function isBusy(): boolean {
  return document.querySelector('.authui-progress-bar:not(.authui-progress-bar-permanent), .authui-container > .authui-spinner') !== null;
}
