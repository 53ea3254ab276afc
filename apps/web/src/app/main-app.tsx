import { lazy, Suspense, useState } from 'react';
import { displayNameOf, useMe } from '../features/auth/api/get-me';
import type { LoginMode } from '../features/auth/components/login-mode';
import { HomeView } from '../features/trails/components/HomeView';
import { BottomBar, type MainView } from './chrome/BottomBar';
import { Header } from './chrome/Header';

// Visitors may never open these, and only Home is open to them: all of it stays out of the
// home page's first download (ARCHITECTURE §7 budget).
const LoginModal = lazy(() => import('../features/auth/components/LoginModal'));
const HelpDialog = lazy(() => import('./chrome/HelpDialog'));
const AgendaView = lazy(() => import('../features/agenda/components/AgendaView'));
const MatchesView = lazy(() => import('../features/matches/components/MatchesView'));

/** The app at every path: header, the current in-page view, bottom bar and the dialogs. */
export function MainApp() {
  const meQuery = useMe();
  const me = meQuery.data;
  const [view, setView] = useState<MainView>('home');
  const [loginMode, setLoginMode] = useState<LoginMode | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  // Only Home is open to visitors (SPEC §2, §6): whatever was chosen, a visitor sees Home.
  const currentView: MainView = me ? view : 'home';
  const requireSignIn = () => setLoginMode('signIn');

  function selectView(next: MainView) {
    if (next !== 'home' && !me) {
      // Until we know who this is, a tap on a members' tab waits rather than asking to sign in.
      if (!meQuery.isPending) requireSignIn();
      return;
    }
    setView(next);
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header
        me={meQuery.isPending ? undefined : (me ?? null)}
        onHome={() => selectView('home')}
        onHelp={() => setHelpOpen(true)}
        onSignIn={requireSignIn}
        onSignedOut={() => setView('home')}
      />

      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-28">
        {currentView === 'home' && <HomeView displayName={me ? displayNameOf(me) : null} onRequireSignIn={requireSignIn} />}
        <Suspense fallback={null}>
          {currentView === 'agenda' && <AgendaView onBrowseTrails={() => selectView('home')} />}
          {currentView === 'matches' && <MatchesView onBrowseTrails={() => selectView('home')} />}
        </Suspense>
      </main>

      <BottomBar current={currentView} onSelect={selectView} />

      <Suspense fallback={null}>
        {loginMode && <LoginModal initialMode={loginMode} onClose={() => setLoginMode(null)} />}
        {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      </Suspense>
    </div>
  );
}
