import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailFormInput, ChangePasswordInput, DeleteAccountInput } from '@trailbuddy/shared/contracts/account';
import { api, apiErrorFrom } from '../../../lib/api-client';
import { meQueryOptions, useRefreshAfterAuthChange } from '../../../lib/queries/me';
import { deletePersonCaches } from '../../../lib/service-worker-offline';

/**
 * The account settings' calls (ADR 0034). Password and sessions are Better Auth's own endpoints,
 * the e-mail change is Better Auth's /change-email running the verified flow (a link to the new address), the archive
 * and the deletion are ours.
 */

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/api/auth/change-password', { ...input, revokeOtherSessions: true }),
  });

export const useChangeEmail = () =>
  useMutation({
    mutationFn: (input: ChangeEmailFormInput) =>
      api.post<{ status: true; newEmail: string; sent: true }>('/api/auth/change-email', {
        newEmail: input.newEmail,
        ...(input.password ? { password: input.password } : {}),
      }),
  });

/** After the server ended this session: forget the person here (what the service worker kept too), show signed out. */
function useForgetPerson() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterAuthChange();
  return async () => {
    if (typeof caches !== 'undefined') await deletePersonCaches(caches);
    queryClient.setQueryData(meQueryOptions().queryKey, null);
    await refresh();
  };
}

/**
 * Sign out of every device: Better Auth revokes every session of the person, this one too.
 * `leave` runs first: a members-only view still showing when the person is forgotten would ask
 * them to sign in.
 */
export function useSignOutEverywhere(leave: () => void) {
  const forget = useForgetPerson();
  return useMutation({ mutationFn: () => api.post('/api/auth/revoke-sessions', {}), onSuccess: () => (leave(), forget()) });
}

/** Delete my account; `leave` as for useSignOutEverywhere. */
export function useDeleteAccount(leave: () => void) {
  const forget = useForgetPerson();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api.post<void>('/api/account/delete', input),
    onSuccess: () => (leave(), forget()),
  });
}

/** Fetches the archive and hands it to the browser as the download the server names. */
export async function downloadMyData(): Promise<void> {
  const response = await fetch('/api/account/export', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw apiErrorFrom(response.status, await response.json().catch(() => undefined));
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'trailbuddy-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Revoked a moment later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });
