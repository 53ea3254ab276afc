import type { BestMatch, MatchView } from '@trailbuddy/shared/contracts/match';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import type { RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { NavigationContext, type Navigation, type View } from '../lib/navigation';
import { renderWithProviders } from './test-utils';

/**
 * Renders a view inside the app's navigation context, with every navigation call recorded.
 * Pass `{ reactStrictMode: true }` to check double-mount safety: StrictMode re-runs effects only
 * when it wraps the root, not when nested inside the providers.
 */
export function renderWithNavigation(ui: ReactElement, view: View = { name: 'home' }, options?: RenderOptions) {
  const navigation = {
    view,
    navigate: vi.fn<Navigation['navigate']>(),
    requireSignIn: vi.fn<Navigation['requireSignIn']>(),
    openOnboarding: vi.fn<Navigation['openOnboarding']>(),
  };
  const rendered = renderWithProviders(<NavigationContext.Provider value={navigation}>{ui}</NavigationContext.Provider>, options);
  return { ...rendered, navigation };
}

let nextId = 1;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  const id = uuid(nextId++);
  return {
    id,
    name: `Person ${id.slice(-3)}`,
    image: '/avatars/avatar-2.png',
    age: 31,
    location: 'Porto, Portugal',
    gender: 'Female',
    skills: { hiking: 'intermediate', running: 'beginner', biking: 'beginner' },
    bio: 'I love early starts and long ridgelines.',
    instagram: 'trail.person',
    preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
    reliable: false,
    ...overrides,
  };
}

export function makeMatch(overrides: Partial<MatchView> = {}): MatchView {
  const id = uuid(nextId++);
  return {
    id,
    trailId: uuid(9999),
    trail: { id: uuid(9999), name: 'Sintra Forest Loop', location: 'Sintra, Portugal', activity: 'hiking', image: null },
    status: 'searching',
    startTime: '2026-06-13T09:00:00.000Z',
    endTime: '2026-06-13T12:00:00.000Z',
    createdManually: false,
    compatibility: null,
    createdAt: '2026-06-01T09:00:00.000Z',
    confirmedAt: null,
    role: 'creator',
    partner: null,
    awaitingMyAnswer: false,
    myFeedback: null,
    cancellation: null,
    capacity: 2,
    people: [],
    placesLeft: 0,
    joinRequests: [],
    ...overrides,
  };
}

export function makeBestMatch(overrides: Partial<BestMatch> = {}): BestMatch {
  return {
    profile: makeProfile(),
    compatibility: 90,
    reasons: ['both chatty'],
    trailhead: { km: 12, beyond: false },
    searchingMatchId: null,
    ...overrides,
  };
}
