import { getProviderOption } from '../config/config';
import { strings } from '../strings';
import type { WidgetApp } from '../widget/app';
import { SCRIPT_LOAD_TIMEOUT_MS } from '../widget/scripts';

/** Google Identity Services, the One-Tap library (checklist §5.13). */
export const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** product §9: the identity library gets 10 s to become usable (its script alone 5 s). */
export const IDENTITY_LIBRARY_TIMEOUT_MS = 10_000;
/** How often the widget looks for `google.accounts.id` once the script loaded. */
export const IDENTITY_LIBRARY_POLL_MS = 100;
const GOOGLE_PROVIDER = 'google.com';

/** The part of `google.accounts.id` the widget uses. */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  prompt(): void;
  cancel(): void;
}

interface OneTapState {
  cancelled: boolean;
  api?: GoogleAccountsId;
}

const states = new WeakMap<WidgetApp, OneTapState>();

function readApi(app: WidgetApp): GoogleAccountsId | undefined {
  const google = app.env.globals().google as { accounts?: { id?: GoogleAccountsId } } | undefined;
  return google?.accounts?.id;
}

/**
 * Loads Google Identity Services: the script (5 s, then it counts as failed), then waits for
 * `google.accounts.id`, all within 10 s. Rejects on failure or timeout.
 */
export async function loadIdentityLibrary(app: WidgetApp): Promise<GoogleAccountsId> {
  const deadline = Date.now() + IDENTITY_LIBRARY_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The identity library did not load in time.')), IDENTITY_LIBRARY_TIMEOUT_MS);
  });
  const forget = app.onDispose(() => clearTimeout(timer));
  try {
    await Promise.race([app.env.loadScript(GSI_SCRIPT_URL, SCRIPT_LOAD_TIMEOUT_MS), timeout]);
  } finally {
    clearTimeout(timer);
    forget();
  }
  for (;;) {
    const api = readApi(app);
    if (api) return api;
    if (Date.now() >= deadline) throw new Error('The identity library did not start in time.');
    await app.delay(IDENTITY_LIBRARY_POLL_MS);
  }
}

/** The claims of a Google ID token (not verified here: the server never trusts them). */
function decodeIdToken(token: string | undefined): { aud?: unknown; email?: unknown } | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as { aud?: unknown; email?: unknown };
  } catch {
    return null;
  }
}

/**
 * One-Tap (checklist §5.13), on the provider list when `credentialHelper` is `googleyolo` and
 * Google has a `clientId`: loads the library lazily and shows the prompt, auto-selecting unless
 * Google's `prompt` is `select_account`. A library that fails or takes too long is silently left
 * out: the provider list works as it is. The server has no ID-token sign-in, so a chosen account
 * continues as Google's normal sign-in with its e-mail as the login hint (FirebaseUI's path for
 * Google with scopes); a credential for another client id → the info bar.
 */
export async function showOneTap(app: WidgetApp): Promise<void> {
  if (app.config.credentialHelper !== 'googleyolo') return;
  const google = getProviderOption(app.config, GOOGLE_PROVIDER);
  const clientId = google?.clientId;
  if (!clientId) return;
  const previous = states.get(app);
  if (previous && !previous.cancelled) return;
  const state: OneTapState = { cancelled: false };
  states.set(app, state);
  app.onDispose(() => cancelOneTap(app));
  let api: GoogleAccountsId;
  try {
    api = await loadIdentityLibrary(app);
  } catch (error) {
    console.warn(`One-Tap is not available: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (state.cancelled || app.disposed || app.currentPageId !== 'providerSignIn') return;
  state.api = api;
  api.initialize({
    client_id: clientId,
    auto_select: !autoSignInDisabled && google.customParameters?.prompt !== 'select_account',
    cancel_on_tap_outside: true,
    callback: (response) => {
      if (state.cancelled || app.disposed) return;
      const claims = decodeIdToken(response.credential);
      if (claims?.aud !== clientId) {
        app.showInfoBar(strings.unsupportedCredential);
        return;
      }
      const email = typeof claims.email === 'string' ? claims.email : undefined;
      void app.flows.startFederatedSignIn(app, GOOGLE_PROVIDER, email ? { email } : {});
    },
  });
  api.prompt();
}

let autoSignInDisabled = false;

/**
 * FirebaseUI's `disableAutoSignIn()` (checklist §5.13, §9): after it, One-Tap still offers the
 * accounts but never signs one in by itself. Call it on sign-out so the next visit asks first.
 */
export function disableAutoSignIn(): void {
  autoSignInDisabled = true;
}

/** Any provider click (and a reset) cancels One-Tap. */
export function cancelOneTap(app: WidgetApp): void {
  const state = states.get(app);
  if (!state || state.cancelled) return;
  state.cancelled = true;
  state.api?.cancel();
}
