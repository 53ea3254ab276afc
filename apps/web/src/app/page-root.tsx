import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { ServerRenderContext, type ServerRender } from '../lib/server-render';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The whole app, the same tree on the server (entry-server.tsx) and in the browser (main.tsx). */
export function PageRoot({ queryClient, serverRender }: { queryClient: QueryClient; serverRender: ServerRender | null }) {
  return (
    <StrictMode>
      <ServerRenderContext.Provider value={serverRender}>
        <AppProviders queryClient={queryClient}>
          <AppRouter />
        </AppProviders>
      </ServerRenderContext.Provider>
    </StrictMode>
  );
}
