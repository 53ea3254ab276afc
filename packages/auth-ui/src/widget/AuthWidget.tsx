import { useEffect, useState } from 'react';
import type { IdentityClient } from '../client/types';
import type { AuthUIConfig } from '../config/types';
import type { WidgetApp } from './app';
import { createWidgetApp, type WidgetOptions } from './create';
import { releasePage, startWidget, type StartOptions } from './dispatch';
import { WidgetView } from './WidgetView';

export interface AuthWidgetProps extends WidgetOptions, StartOptions {
  config: AuthUIConfig;
  client: IdentityClient;
  /** The look (styles.css): `firebaseui`, the stock one, unless a host theme names its own. */
  theme?: string;
}

/** The theme the package ships: FirebaseUI's stock look. */
export const DEFAULT_THEME = 'firebaseui';

/**
 * The sign-in widget as a React component. A new `config` or `client` identity starts a new run
 * (the other props are read when a run starts); unmounting resets it. Only one widget runs per
 * page: a second one resets the first. An invalid configuration throws to the error boundary.
 */
export function AuthWidget(props: AuthWidgetProps) {
  const { config, client } = props;
  const [app, setApp] = useState<WidgetApp | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (error) throw error;

  useEffect(() => {
    const { appId, env, flows, emailHint, loadServerConfig } = props;
    let run: WidgetApp;
    try {
      run = createWidgetApp(config, client, { ...(appId && { appId }), ...(env && { env }), ...(flows && { flows }) });
    } catch (caught) {
      setError(caught);
      return;
    }
    setApp(run);
    void startWidget(run, { ...(emailHint && { emailHint }), ...(loadServerConfig !== undefined && { loadServerConfig }) });
    return () => {
      run.reset();
      releasePage(run);
    };
    // A run is per configuration and client.
  }, [config, client]);

  return (
    <div className="authui-root" lang="en" data-authui-theme={props.theme ?? DEFAULT_THEME}>
      {app && <WidgetView app={app} />}
    </div>
  );
}
