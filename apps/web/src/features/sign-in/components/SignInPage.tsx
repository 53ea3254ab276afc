import { AuthWidget, HttpIdentityClient, type AuthUIConfig, type IdentityClient } from '@trailbuddy/auth-ui';
import '@trailbuddy/auth-ui/styles.css';
import '../widget-theme.css';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { mergeConflictHandler } from '../lib/merge';
import { buildWidgetConfig, emailMethodFor, signInFlowFor } from '../lib/widget-config';

/** A full page load: the app reads the new session (/api/me) from scratch. */
function loadPage(url: string) {
  window.location.assign(url);
}

export interface SignInPageProps {
  /** Leaves the page after a merge; tests pass a spy. */
  navigate?: (url: string) => void;
  /** The identity API; tests may pass their own. */
  client?: IdentityClient;
}

type Loaded = { state: 'loading' } | { state: 'ready'; config: AuthUIConfig };

/**
 * /auth: the sign-in widget with the app's configuration (ADR 0010). The enabled federated
 * providers and the tenants come from the server before the widget starts; a guest's merge
 * conflict is settled here (the guest's favourites move to the existing account).
 * Default export for React.lazy.
 */
export default function SignInPage({ navigate = loadPage, client: givenClient }: SignInPageProps) {
  const client = useMemo(() => givenClient ?? new HttpIdentityClient(), [givenClient]);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [mergeFailed, setMergeFailed] = useState(false);

  useEffect(() => {
    let live = true;
    // Without an answer the page still offers e-mail, phone and guest sign-in, in the default accounts.
    const orNone = <T,>(request: Promise<T[]>) => request.catch((): T[] => []);
    void Promise.all([orNone(client.getProviders()), orNone(client.getTenants())]).then(([providers, tenants]) => {
      if (!live) return;
      const config = buildWidgetConfig({
        providers,
        tenants,
        emailMethod: emailMethodFor(window.location.search),
        signInFlow: signInFlowFor(window),
        onMergeConflict: mergeConflictHandler(client, navigate, () => setMergeFailed(true)),
      });
      setLoaded({ state: 'ready', config });
    });
    return () => {
      live = false;
    };
    // The configuration is built once per page: a new one would restart the widget.
  }, [client, navigate]);

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center px-4 py-10">
      <a href="/" className="mb-8">
        <img src="/brand/logo.svg" alt="TrailBuddy" width={160} height={32} />
      </a>
      {mergeFailed && (
        <div className="mb-4 w-full">
          <Alert tone="error">We couldn’t move your guest favourites to that account. Please try again.</Alert>
        </div>
      )}
      {loaded.state === 'loading' && (
        <div className="h-64 w-full max-w-[360px] animate-pulse rounded-3xl bg-stone-100" aria-hidden="true" />
      )}
      {loaded.state === 'ready' && (
        <div className="w-full">
          <AuthWidget config={loaded.config} client={client} theme="trailbuddy" />
        </div>
      )}
      {/* Every page of the widget, the account-action results included (password changed, e-mail
          verified), leads back into the app; a page load, so the app reads the new session. */}
      <p className="mt-8 text-center">
        <a href="/" className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to TrailBuddy
        </a>
      </p>
    </main>
  );
}
