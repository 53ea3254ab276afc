import { createContext, useContext, useSyncExternalStore } from 'react';
import type { WidgetApp, WidgetState } from './app';

export const WidgetContext = createContext<WidgetApp | null>(null);

/** The widget run the current page belongs to. */
export function useWidget(): WidgetApp {
  const app = useContext(WidgetContext);
  if (!app) throw new Error('Widget pages render inside <WidgetView>.');
  return app;
}

/** The widget's state, re-rendering on every change. */
export function useWidgetState(): WidgetState {
  const app = useWidget();
  return useSyncExternalStore(app.subscribe, app.getState, app.getState);
}
