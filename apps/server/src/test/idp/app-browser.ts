import type { LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN, type TestApp } from '../test-app.js';

/**
 * A browser's cookie jar for the app under test: it sends back what the app set (session,
 * federated binding), drops what the app expired, and follows nothing by itself, so a test sees
 * every redirect the app answers.
 */
export class AppBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly t: TestApp) {}

  cookieHeader(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  private store(res: LightMyRequestResponse) {
    const raw = res.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** A top-level GET (address bar, redirect, popup): browsers send no Origin header on those. */
  async get(url: string) {
    const cookie = this.cookieHeader();
    return this.store(await this.t.app.inject({ method: 'GET', url: this.path(url), headers: cookie ? { cookie } : {} }));
  }

  /** A fetch from the app's own page (same origin). */
  async post(url: string, payload: object) {
    const cookie = this.cookieHeader();
    return this.store(
      await this.t.app.inject({
        method: 'POST',
        url: this.path(url),
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        payload,
      }),
    );
  }

  /**
   * A cross-site form post (an IdP's auto-submitting form). SameSite=Lax cookies are not sent
   * with it, as a browser would not send them.
   */
  async postForm(url: string, form: Record<string, string>, origin: string) {
    return this.store(
      await this.t.app.inject({
        method: 'POST',
        url: this.path(url),
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }

  /** Takes the app's URL as a path, whatever origin it was written with. */
  private path(url: string) {
    const u = new URL(url, TEST_ORIGIN);
    if (u.origin !== TEST_ORIGIN) throw new Error(`the browser would leave the app for ${u.origin}`);
    return `${u.pathname}${u.search}`;
  }
}
