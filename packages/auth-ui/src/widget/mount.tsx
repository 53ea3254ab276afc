import { createRoot } from 'react-dom/client';
import type { IdentityClient } from '../client/types';
import type { AuthUIConfig } from '../config/types';
import { developerMessages } from '../strings';
import type { WidgetApp } from './app';
import { DEFAULT_THEME } from './AuthWidget';
import { createWidgetApp, type WidgetOptions } from './create';
import { releasePage, startWidget, type StartOptions } from './dispatch';
import { WidgetView } from './WidgetView';

export interface MountedWidget {
  readonly app: WidgetApp;
  /** FirebaseUI's `reset()`: removes the UI, cancels pending work, clears the pending credential. */
  reset(): void;
  /** Resets and removes the React root. */
  unmount(): void;
}

function whenDocumentComplete(doc: Document): Promise<void> {
  if (doc.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const onReady = () => {
      if (doc.readyState !== 'complete') return;
      doc.removeEventListener('readystatechange', onReady);
      resolve();
    };
    doc.addEventListener('readystatechange', onReady);
  });
}

/**
 * FirebaseUI's `start(element, config)` for non-React hosts: validates the configuration (throwing
 * as upstream does), resets any widget already on the page, sets the container's `lang`, waits for
 * the document to be complete, then renders and dispatches.
 */
export function mountAuthUI(
  element: Element | string,
  config: AuthUIConfig,
  client: IdentityClient,
  options: WidgetOptions & StartOptions & { theme?: string } = {},
): MountedWidget {
  const container = typeof element === 'string' ? document.querySelector(element) : element;
  if (!container) throw new Error(developerMessages.elementNotFound);
  const app = createWidgetApp(config, client, options);
  container.setAttribute('lang', 'en');
  container.setAttribute('data-authui-theme', options.theme ?? DEFAULT_THEME);
  const root = createRoot(container);
  root.render(<WidgetView app={app} />);
  void whenDocumentComplete(container.ownerDocument).then(() => startWidget(app, options));
  const reset = () => {
    app.reset();
    releasePage(app);
    container.removeAttribute('lang');
    container.removeAttribute('data-authui-theme');
  };
  return {
    app,
    reset,
    unmount() {
      reset();
      root.unmount();
    },
  };
}
