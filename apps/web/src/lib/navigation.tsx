import { createContext, useContext } from 'react';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';

/**
 * The main app's in-page views (SPEC §2: `/*` switches views, not URLs). Features navigate
 * with `useNavigation()` and never import each other; app/ maps each view to its feature.
 */
export type View =
  | { name: 'home' }
  | { name: 'trail-detail'; trailId: string; from: 'home' | 'agenda' | 'matches' }
  | { name: 'matching'; trailId: string; day: WeekendDay }
  | { name: 'no-matches'; trailId: string; day: WeekendDay; matchId: string }
  | { name: 'request-sent'; matchId: string }
  | { name: 'match-accepted'; matchId: string }
  | { name: 'matches-page' }
  | { name: 'matches' }
  | { name: 'profile'; userId: string }
  | { name: 'personal-profile' }
  | { name: 'agenda' };

export type ViewName = View['name'];

/** Views that need a signed-in user; asking for one signed out opens the login modal instead. */
export const MEMBER_VIEWS: ReadonlySet<ViewName> = new Set<ViewName>([
  'matching',
  'no-matches',
  'request-sent',
  'match-accepted',
  'matches-page',
  'matches',
  'profile',
  'personal-profile',
  'agenda',
]);

export interface Navigation {
  view: View;
  navigate(view: View): void;
  /** Opens the login modal (SPEC §6: visitors are asked to sign in instead of switching view). */
  requireSignIn(): void;
  /** Reopens the onboarding carousel (the header's help button). */
  openOnboarding(): void;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation must be used inside the main app');
  return navigation;
}
