// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import { advance, click, expectPage, flush, infoBarText, renderWidget } from '../testing/harness';
import { loadScriptElement, resetLoadedScripts } from '../widget/scripts';
import { disableAutoSignIn, GSI_SCRIPT_URL, type GoogleAccountsId } from './one-tap';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';
const oneTapConfig = (google: Record<string, unknown> = {}): AuthUIConfig => ({
  signInOptions: [{ provider: 'google.com', clientId: CLIENT_ID, ...google }, 'password'],
  credentialHelper: 'googleyolo',
});

function fakeGoogle() {
  const id = {
    initialize: vi.fn<GoogleAccountsId['initialize']>(),
    prompt: vi.fn(),
    cancel: vi.fn(),
  };
  return { google: { accounts: { id } }, id };
}

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = (claims: Record<string, unknown>) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

describe('One-Tap (checklist §5.13, product §7/§9)', () => {
  it('is off by default: no script is loaded', async () => {
    const { env } = await renderWidget({ signInOptions: [{ provider: 'google.com', clientId: CLIENT_ID }, 'password'] });
    expect(env.scripts).toEqual([]);
  });

  it('needs a Google clientId', async () => {
    const { env } = await renderWidget({ signInOptions: ['google.com', 'password'], credentialHelper: 'googleyolo' });
    expect(env.scripts).toEqual([]);
  });

  it('loads Google Identity Services (5 s script timeout) on the provider list and shows the prompt with auto-select', async () => {
    const { env } = await renderWidget(oneTapConfig());
    expectPage('providerSignIn');
    expect(env.scripts.map((s) => [s.src, s.timeoutMs])).toEqual([[GSI_SCRIPT_URL, 5000]]);
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    expect(id.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: CLIENT_ID, auto_select: true, cancel_on_tap_outside: true }),
    );
    expect(id.prompt).toHaveBeenCalledTimes(1);
  });

  it("Google's prompt=select_account turns auto-select off", async () => {
    const { env } = await renderWidget(oneTapConfig({ customParameters: { prompt: 'select_account' } }));
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    expect(id.initialize).toHaveBeenCalledWith(expect.objectContaining({ auto_select: false }));
  });

  it('disableAutoSignIn() turns auto-select off for later prompts', async () => {
    disableAutoSignIn();
    const { env } = await renderWidget(oneTapConfig());
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    expect(id.initialize).toHaveBeenCalledWith(expect.objectContaining({ auto_select: false }));
  });

  it('a script that never loads is given up after the 10 s wait, silently; the page keeps working', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, client } = await renderWidget(oneTapConfig());
    await advance(9_999);
    expect(warn).not.toHaveBeenCalled();
    await advance(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^One-Tap is not available/));
    expect(infoBarText()).toBeNull();
    // A late load changes nothing.
    env.windowGlobals.google = fakeGoogle().google;
    await act(async () => env.scripts[0]!.resolve());
    await click('Sign in with Google');
    expect(client.next('federatedStartUrl').args[0]).toBe('google.com');
  });

  it('a script that loads without starting the library is given up at 10 s too', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env } = await renderWidget(oneTapConfig());
    await act(async () => env.scripts[0]!.resolve());
    await advance(9_900);
    expect(warn).not.toHaveBeenCalled();
    await advance(200);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a library that starts a little after its script is still used', async () => {
    vi.useFakeTimers();
    const { env } = await renderWidget(oneTapConfig());
    await act(async () => env.scripts[0]!.resolve());
    await advance(3_000);
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await advance(100);
    expect(id.prompt).toHaveBeenCalledTimes(1);
  });

  it('a chosen account continues as Google sign-in with its e-mail as the login hint', async () => {
    const { env, client } = await renderWidget(oneTapConfig());
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    const { callback } = id.initialize.mock.calls[0]![0];
    await act(async () => callback({ credential: idToken({ aud: CLIENT_ID, email: 'ana@example.com' }) }));
    expect(client.next('federatedStartUrl').args).toEqual([
      'google.com',
      { flow: 'redirect', loginHint: 'ana@example.com', upgradeAnonymous: false, returnTo: 'https://app.test/auth' },
    ]);
    expect(env.assigned).toHaveLength(1);
    expect(id.cancel).toHaveBeenCalled();
  });

  it('a credential for another client → "The selected credential for the authentication provider is not supported!"', async () => {
    const { env, client } = await renderWidget(oneTapConfig());
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    act(() => id.initialize.mock.calls[0]![0].callback({ credential: idToken({ aud: 'someone-else', email: 'x@y.z' }) }));
    expect(infoBarText()).toBe('The selected credential for the authentication provider is not supported!');
    client.assertNoMoreCalls();
  });

  it('any provider click cancels it, and so does a reset', async () => {
    const { env, app } = await renderWidget(oneTapConfig());
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    await click('Sign in with email');
    expect(id.cancel).toHaveBeenCalledTimes(1);
    act(() => app.reset());
    expect(id.cancel).toHaveBeenCalledTimes(1);
  });

  it('a reset before the library arrives cancels it', async () => {
    const { env, app } = await renderWidget(oneTapConfig());
    act(() => app.reset());
    const { google, id } = fakeGoogle();
    env.windowGlobals.google = google;
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    expect(id.initialize).not.toHaveBeenCalled();
  });
});

describe('script loading (product §9: 5 s script-load timeout)', () => {
  afterEach(() => {
    resetLoadedScripts();
    document.head.innerHTML = '';
  });

  const script = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

  it('adds one async script per URL and resolves on load', async () => {
    const first = loadScriptElement(document, 'https://cdn.test/a.js');
    const again = loadScriptElement(document, 'https://cdn.test/a.js');
    expect(again).toBe(first);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(script('https://cdn.test/a.js')?.async).toBe(true);
    script('https://cdn.test/a.js')!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects after the timeout and removes the element, so a later call tries again', async () => {
    vi.useFakeTimers();
    const loading = loadScriptElement(document, 'https://cdn.test/slow.js', 5000);
    const outcome = loading.catch((error: unknown) => error);
    vi.advanceTimersByTime(4999);
    expect(script('https://cdn.test/slow.js')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(await outcome).toBeInstanceOf(Error);
    expect(script('https://cdn.test/slow.js')).toBeNull();
    void loadScriptElement(document, 'https://cdn.test/slow.js', 5000).catch(() => undefined);
    expect(script('https://cdn.test/slow.js')).not.toBeNull();
  });

  it('rejects on an error event', async () => {
    const loading = loadScriptElement(document, 'https://cdn.test/broken.js');
    script('https://cdn.test/broken.js')!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('Could not load https://cdn.test/broken.js');
  });
});
