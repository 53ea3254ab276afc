import { createContext, useContext } from 'react';
import type { View } from './routes';

export { MEMBER_VIEWS, type View, type ViewName } from './routes';

export interface NavigateOptions {
  /** Replaces the current history entry: for choices inside a view (a tab, a day), not a new view. */
  replace?: boolean;
}

/**
 * The main app's navigation (ADR 0019): views are URLs (lib/routes.ts). Features navigate with
 * `useNavigation()` and never import each other; app/ maps each view to its feature.
 */
export interface Navigation {
  view: View;
  navigate(view: View, options?: NavigateOptions): void;
  /**
   * Opens the login modal (product §6: visitors are asked to sign in instead of switching view).
   * `then`: the view the tap asked for, opened once signed in from the modal (ADR 0048).
   */
  requireSignIn(then?: View): void;
  /** Reopens the onboarding carousel (the header's help button). */
  openOnboarding(): void;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation must be used inside the main app');
  return navigation;
}
