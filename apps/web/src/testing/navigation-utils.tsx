import type { ReactElement } from 'react';
import type { RenderOptions } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { NavigationContext, type Navigation, type View } from '../lib/navigation';
import { renderWithProviders } from './test-utils';

/** A navigation whose every action is a spy, so a test can assert where a view sends the user. */
export interface TestNavigation extends Navigation {
  navigate: Mock<(view: View) => void>;
  requireSignIn: Mock<(then?: View) => void>;
  openOnboarding: Mock<() => void>;
}

export function createTestNavigation(overrides: Partial<Navigation> = {}): TestNavigation {
  return {
    view: { name: 'home' },
    navigate: vi.fn<(view: View) => void>(),
    requireSignIn: vi.fn<(then?: View) => void>(),
    openOnboarding: vi.fn<() => void>(),
    ...overrides,
  } as TestNavigation;
}

/**
 * Renders a view the way app/ does: inside a fresh query cache (see renderWithProviders) and a
 * NavigationContext. Pass a navigation to control `view`, or leave it out and read the spies
 * from the result.
 */
export function renderWithNavigation(ui: ReactElement, navigation: Partial<Navigation> = {}, options?: RenderOptions) {
  const nav = createTestNavigation(navigation);
  const result = renderWithProviders(<NavigationContext.Provider value={nav}>{ui}</NavigationContext.Provider>, options);
  return { ...result, navigation: nav };
}
