import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVITY_FALLBACK_FIELD,
  ACTIVITY_FILES_FIELD,
  type ActivityImportResult,
  type ActivityProviderId,
} from '@trailbuddy/shared/contracts/ability-import';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import { api, ApiError, apiErrorFrom } from '../../../lib/api-client';
import { abilityKey, useMyAbility } from '../../../lib/queries/ability';

export { useMyAbility };

/** Sends several files in one multipart form; `activity` names those that do not say theirs. */
export async function importActivityFiles(files: readonly File[], activity: Activity): Promise<ActivityImportResult> {
  const form = new FormData();
  // The activity first: the server reads the form in order.
  form.append(ACTIVITY_FALLBACK_FIELD, activity);
  for (const file of files) form.append(ACTIVITY_FILES_FIELD, file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/me/ability/imports', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'network-request-failed');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorFrom(response.status, body);
  return body as ActivityImportResult;
}

function useAbilityMutation<T, V>(run: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: abilityKey }) });
}

export const useImportFiles = () =>
  useAbilityMutation((v: { files: File[]; activity: Activity }) => importActivityFiles(v.files, v.activity));
export const useDeleteAbility = () => useAbilityMutation(() => api.delete<null>('/api/me/ability'));
export const useProviderImport = () =>
  useAbilityMutation((provider: ActivityProviderId) => api.post<ActivityImportResult>(`/api/me/ability/${provider}/import`));
export const useDisconnect = () => useAbilityMutation((provider: ActivityProviderId) => api.delete<null>(`/api/me/ability/${provider}`));

/** Where the browser goes to connect a service (a full navigation: the service's consent page). */
export const connectHref = (provider: ActivityProviderId) => `/api/me/ability/${provider}/connect`;
