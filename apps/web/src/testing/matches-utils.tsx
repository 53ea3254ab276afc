import type { MatchView, PastPartner } from '@trailbuddy/shared/contracts/match';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { NavigationContext, type Navigation, type View } from '../lib/navigation';
import { renderWithProviders } from './test-utils';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An instant `days` from now (negative: in the past), so tests stay valid whenever they run. */
export function daysFromNow(days: number, hours = 0): Date {
  return new Date(Date.now() + days * DAY_MS + hours * HOUR_MS);
}

let nextId = 1;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  const id = `user-${nextId++}`;
  return {
    id,
    name: 'Rita Sousa',
    image: '/avatars/avatar-2.png',
    age: 31,
    location: 'Lisbon, Portugal',
    gender: 'Female',
    skills: { hiking: 'intermediate', running: 'beginner', biking: 'beginner' },
    bio: 'Weekend hiker who loves coastal paths.',
    instagram: 'rita.hikes',
    preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
    reliable: false,
    ...overrides,
  };
}

/**
 * A match as the signed-in user sees it; by default a confirmed two-hour session in two days,
 * created by me, with a partner.
 */
export function makeMatch(overrides: Partial<MatchView> & { start?: Date; hours?: number } = {}): MatchView {
  const { start = daysFromNow(2), hours = 3, ...rest } = overrides;
  const n = nextId++;
  const trailId = uuid(n + 1000);
  return {
    id: uuid(n),
    trailId,
    trail: { id: trailId, name: `Trail ${n}`, location: 'Sintra, Portugal', activity: 'hiking', image: `/images/trail-${n}.jpg` },
    status: 'confirmed',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + hours * HOUR_MS).toISOString(),
    createdManually: false,
    compatibility: 92,
    createdAt: daysFromNow(-7).toISOString(),
    confirmedAt: daysFromNow(-6).toISOString(),
    role: 'creator',
    partner: makeProfile(),
    awaitingMyAnswer: false,
    myFeedback: null,
    cancellation: null,
    capacity: 2,
    people: [],
    placesLeft: 0,
    joinRequests: [],
    ...rest,
  };
}

export function makePartner(overrides: Partial<PastPartner> = {}): PastPartner {
  return {
    profile: makeProfile(),
    compatibility: 80,
    matchId: uuid(nextId++),
    trailName: 'Sintra Forest Loop',
    startTime: daysFromNow(-10).toISOString(),
    ...overrides,
  };
}

/**
 * Renders a view inside the providers and a navigation context whose `navigate` is a mock, so a
 * test can assert where a tap leads without the app shell.
 */
export function renderWithNavigation(ui: ReactElement, view: View = { name: 'home' }) {
  const navigation: Navigation = { view, navigate: vi.fn(), requireSignIn: vi.fn(), openOnboarding: vi.fn() };
  const rendered = renderWithProviders(<NavigationContext.Provider value={navigation}>{ui}</NavigationContext.Provider>);
  return { ...rendered, navigation, navigate: vi.mocked(navigation.navigate) };
}
