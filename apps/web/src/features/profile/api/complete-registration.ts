import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteRegistrationInput, OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { api } from '../../../lib/api-client';
import { refreshMe } from './me-cache';

/** product §8 inline message when the server cannot complete the registration. */
export const REGISTRATION_FAILED = 'Error completing registration. Please try signing in.';

export class RegistrationNotRecordedError extends Error {
  constructor() {
    super('The server accepted the profile but did not record the registration as complete.');
  }
}

export async function completeRegistration(input: CompleteRegistrationInput): Promise<OwnProfile> {
  const profile = await api.put<OwnProfile>('/api/me/registration', input);
  // The app leaves the form only once `me` says the registration is complete; an answer that
  // says otherwise would leave the form waiting forever, so it counts as a failure.
  if (!profile.registrationComplete) throw new RegistrationNotRecordedError();
  return profile;
}

/** "Complete Your Profile": once it succeeds the app moves on to onboarding, driven by `me`. */
export function useCompleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeRegistration,
    onSuccess: (profile) => refreshMe(queryClient, profile),
  });
}
