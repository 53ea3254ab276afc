import type { IdentityClient } from '@trailbuddy/auth-ui';
import { SIGN_IN_SUCCESS_URL } from './widget-config';

/**
 * A guest's merge conflict (signing in to an account that already exists while a guest): the
 * guest's session is still active, so redeeming the merge token (POST /api/auth/identity/merge) moves
 * the guest's favourites to that account and signs in to it; then home. `onFailed` when the
 * server refuses (an expired token): the widget stays where it was.
 */
export function mergeConflictHandler(client: IdentityClient, navigate: (url: string) => void, onFailed: () => void) {
  return async (mergeToken: string): Promise<void> => {
    try {
      await client.completeMerge(mergeToken);
    } catch {
      onFailed();
      return;
    }
    navigate(SIGN_IN_SUCCESS_URL);
  };
}
