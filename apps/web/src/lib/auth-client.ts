import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's client, mounted where the server mounts it. The base URL defaults to the page's
 * origin, which is what we want: the API is always same-origin (Vite proxies it in development).
 *
 * Import this module lazily (`await import(...)`) from anything on the signed-out home path:
 * the app reads who is signed in from `/api/me`, so the client only has to load when someone
 * actually signs in, up or out.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // Better Auth captures `fetch` when this module loads; look it up per call instead, so a
  // later wrapper of window.fetch (instrumentation, the component tests' boundary) is used.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

export const { useSession, signIn, signUp, signOut, requestPasswordReset } = authClient;
