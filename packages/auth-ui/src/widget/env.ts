import { solveAltchaChallenge } from '../captcha/altcha';
import type { AltchaChallenge } from '../client/types';
import { documentCookies, type CookieJar } from '../storage/cookies';
import type { KeyValueStorage } from '../storage/storage';
import { loadScriptElement } from './scripts';

/** A window the widget opened (a federated popup): only whether it is closed is read. */
export interface OpenedWindow {
  readonly closed: boolean;
  close?(): void;
}

/** A `message` event, as the widget reads it. */
export interface WindowMessage {
  origin: string;
  data: unknown;
}

/**
 * Everything the widget touches outside React: the address bar, navigation, windows, storage,
 * third-party scripts and the captcha solver. Flows go through it so tests can run them on a fake
 * one (FirebaseUI's fake util, checklist §10).
 */
export interface WidgetEnv {
  /** The current page URL. */
  href(): string;
  /** Navigates the current window. */
  assign(url: string): void;
  /** Rewrites the address bar without navigating. */
  replaceState(url: string): void;
  /** Opens a window (a popup, or a ToS link in `_blank`). */
  open(url: string, target: string, features?: string): OpenedWindow | null;
  /** The opener, when this page runs in a popup opened by a page of the same protocol and host. */
  sameOriginOpener(): { assign(url: string): void } | null;
  /** Closes the current window (a popup). */
  close(): void;
  isMobile(): boolean;
  sessionStorage(): KeyValueStorage | null;
  localStorage(): KeyValueStorage | null;
  cookies: CookieJar;
  /** Listens to `message` events of this window; returns the unsubscribe. */
  onMessage(listener: (message: WindowMessage) => void): () => void;
  /** Loads a script once; rejects on error or after `timeoutMs`. */
  loadScript(src: string, timeoutMs: number): Promise<void>;
  /** The window's globals (`grecaptcha`, `google`), read after their script loaded. */
  globals(): Record<string, unknown>;
  /** Solves an ALTCHA proof of work; resolves with the payload the server checks. */
  solveAltcha(challenge: AltchaChallenge, signal?: AbortSignal): Promise<string>;
}

const MOBILE = /Android|iPhone|iPad|iPod|IEMobile|Windows Phone|Opera Mini|Mobile/i;

/** The real browser. */
export function browserEnv(win: Window = window): WidgetEnv {
  return {
    href: () => win.location.href,
    assign: (url) => win.location.assign(url),
    replaceState: (url) => win.history.replaceState(win.history.state, '', url),
    open: (url, target, features) => win.open(url, target, features),
    sameOriginOpener() {
      try {
        const opener = win.opener as Window | null;
        if (!opener || opener === win) return null;
        const same = opener.location.protocol === win.location.protocol && opener.location.host === win.location.host;
        return same ? { assign: (url: string) => opener.location.assign(url) } : null;
      } catch {
        // A cross-origin opener throws on access.
        return null;
      }
    },
    close: () => win.close(),
    isMobile: () => MOBILE.test(win.navigator.userAgent),
    sessionStorage: () => win.sessionStorage,
    localStorage: () => win.localStorage,
    cookies: documentCookies(win.document),
    onMessage(listener) {
      const handler = (event: MessageEvent) => listener({ origin: event.origin, data: event.data as unknown });
      win.addEventListener('message', handler);
      return () => win.removeEventListener('message', handler);
    },
    loadScript: (src, timeoutMs) => loadScriptElement(win.document, src, timeoutMs),
    globals: () => win as unknown as Record<string, unknown>,
    solveAltcha: (challenge, signal) => solveAltchaChallenge(challenge, signal),
  };
}
