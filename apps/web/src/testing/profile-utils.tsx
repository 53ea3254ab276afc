import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { NO_COMFORT_PREFERENCES } from '@trailbuddy/shared/contracts/comfort';
import type { Me, OwnProfile, PublicProfile } from '@trailbuddy/shared/contracts/profile';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { NavigationContext, type Navigation } from '../lib/navigation';
// Imported for its side effect too: it registers Testing Library's cleanup after each test.
import './test-utils';

/** A signed-in user who has just signed up: registration not complete, onboarding not seen. */
export function makeNewMe(overrides: { user?: Partial<Me['user']>; profile?: Partial<OwnProfile> } = {}): Me {
  return {
    user: { id: 'u1', email: 'rita@example.com', name: 'Rita Sousa', emailVerified: false, ...overrides.user },
    isAdmin: false,
    profile: {
      id: 'u1',
      name: 'Rita Sousa',
      image: '/avatars/avatar-1.png',
      age: null,
      location: null,
      gender: null,
      skills: { hiking: 'beginner', running: 'beginner', biking: 'beginner' },
      bio: null,
      instagram: null,
      preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
      email: 'rita@example.com',
      country: null,
      city: null,
      hasSeenOnboarding: false,
      registrationComplete: false,
      createdAt: '2026-01-10T10:00:00.000Z',
      comfort: NO_COMFORT_PREFERENCES,
      maxTravelKm: 150,
      reliable: false,
      ...overrides.profile,
    },
  };
}

/** A user with a complete profile who has seen onboarding. */
export function makeRegisteredMe(profile: Partial<OwnProfile> = {}): Me {
  return makeNewMe({
    profile: {
      name: 'Rita Sousa',
      age: 31,
      gender: 'Female',
      country: 'Portugal',
      city: 'Porto',
      location: 'Porto, Portugal',
      skills: { hiking: 'intermediate', running: 'beginner', biking: 'beginner' },
      bio: 'Weekend hiker who loves the Douro valley.',
      instagram: 'rita.trails',
      hasSeenOnboarding: true,
      registrationComplete: true,
      ...profile,
    },
  });
}

export function makePublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'u2',
    name: 'Miguel Costa',
    image: '/avatars/avatar-3.png',
    age: 34,
    location: 'Lisbon, Portugal',
    gender: 'Male',
    skills: { hiking: 'advanced', running: 'intermediate', biking: 'beginner' },
    bio: 'Trail runner, early riser.',
    instagram: 'miguel.runs',
    preferences: { pace: 'fast', communication: 'quiet', adventureLevel: 'adventurous' },
    reliable: false,
    ...overrides,
  };
}

export function makeNavigation(overrides: Partial<Navigation> = {}): Navigation {
  return { view: { name: 'home' }, navigate: vi.fn(), requireSignIn: vi.fn(), openOnboarding: vi.fn(), ...overrides };
}

/**
 * Renders the way app/ does (a query cache that never retries, a NavigationContext), with `me`
 * already in the cache when given, so the view starts from it instead of fetching.
 */
export function renderProfileUi(ui: ReactElement, { me, navigation = makeNavigation() }: { me?: Me | null; navigation?: Navigation } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (me !== undefined) queryClient.setQueryData(['me'], me);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <NavigationContext.Provider value={navigation}>{ui}</NavigationContext.Provider>
    </QueryClientProvider>,
  );
  return { queryClient, navigation, ...utils };
}
