import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LoginMode } from '../features/auth/components/login-mode';
import { HomeView } from '../features/trails/components/HomeView';
import { releaseEarlyClicks } from '../lib/early-clicks';
import { historyState, navigateTo, useHistoryOpener, useLocationHref } from '../lib/location';
import { MEMBER_VIEWS, NavigationContext, type NavigateOptions, type Navigation, type View } from '../lib/navigation';
import { hrefOf, routeOf, type TrailDetailFrom } from '../lib/routes';
import { displayNameOf, useMe } from '../lib/queries/me';
import { useUnreadCounts } from '../lib/queries/conversations';
import { useLiveEvents } from '../lib/live-events';
import { registerServiceWorker } from '../lib/service-worker';
import { BottomBar, HeaderNav, type MainTab } from './chrome/BottomBar';
import { Header } from './chrome/Header';

// Everything but Home is loaded when first needed, so the signed-out home page stays small
// (architecture §7 budget: ≤ 100 KB of JS). The signed-in person's views and overlays come in one
// module that lists their chunks (ADR 0036): a visitor loads neither.
const LoginModal = lazy(() => import('../features/auth/components/LoginModal'));
const loadTrailDetailView = () => import('../features/trails/components/TrailDetailView');
const TrailDetailView = lazy(loadTrailDetailView);
const OnboardingCarousel = lazy(() => import('../features/onboarding/components/OnboardingCarousel'));
const NotFoundView = lazy(() => import('./chrome/NotFoundView'));
const AccountDeletedView = lazy(() => import('./chrome/AccountDeletedView'));
const loadMemberViews = () => import('./member-views');
const MemberViewOf = lazy(() => loadMemberViews().then((m) => ({ default: m.MemberViewOf })));
const MemberOverlays = lazy(() => loadMemberViews().then((m) => ({ default: m.MemberOverlays })));
const PushOfferInPage = lazy(() => loadMemberViews().then((m) => ({ default: m.PushOfferInPage })));

/**
 * Loads the code of a view the server rendered before React hydrates it (ADR 0023): hydrated
 * while its code is still on the way, an update reaching it (the app's own, after the first
 * paint) would make React throw the server's HTML away and show the loading state instead.
 */
export function loadServerRenderedView(view: View): Promise<unknown> {
  return view.name === 'trail-detail' ? loadTrailDetailView() : Promise.resolve();
}

const HOME: View = { name: 'home' };
const TAB_VIEWS: Record<MainTab, View> = { agenda: { name: 'agenda' }, home: { name: 'home' }, matches: { name: 'matches-page' } };
const TRAIL_OPENERS: readonly string[] = ['home', 'agenda', 'matches'] satisfies TrailDetailFrom[];
/** The views that follow starting a search or sending a request: an answer is what the person waits for. */
const PUSH_OFFER_VIEWS: ReadonlySet<View['name']> = new Set(['no-matches', 'request-sent']);

/** The view at the current URL (ADR 0019); an address that matches no view shows not-found. */
function useRoutedView(): View {
  const href = useLocationHref();
  const opener = useHistoryOpener();
  const from = opener && TRAIL_OPENERS.includes(opener) ? (opener as TrailDetailFrom) : 'home';
  return useMemo(() => {
    const queryAt = href.indexOf('?');
    const [pathname, search] = queryAt < 0 ? [href, ''] : [href.slice(0, queryAt), href.slice(queryAt)];
    return routeOf(pathname, search, from) ?? { name: 'not-found', path: href };
  }, [href, from]);
}

/** The bottom-bar tab a view belongs to; profiles and not-found belong to none. */
function tabOf(view: View): MainTab | null {
  if (view.name === 'agenda') return 'agenda';
  if (view.name === 'matches-page' || view.name === 'matches' || view.name === 'conversation') return 'matches';
  if (view.name === 'profile' || view.name === 'personal-profile' || view.name === 'not-found') return null;
  if (view.name === 'notifications' || view.name === 'notification' || view.name === 'notification-preferences') return null;
  if (view.name === 'account-settings' || view.name === 'account-deleted') return null;
  return 'home';
}

/**
 * Memoized: the view re-renders when it or the greeting changes, not whenever the main app
 * does (say when /api/me answers after the first paint, which would re-render every trail
 * card for nothing: architecture §7, main-thread time after first paint).
 */
const CurrentView = memo(function CurrentView({ view, displayName }: { view: View; displayName: string | null | undefined }) {
  switch (view.name) {
    case 'home':
      return <HomeView displayName={displayName} />;
    case 'trail-detail':
      return <TrailDetailView trailId={view.trailId} from={view.from} day={view.day} />;
    case 'not-found':
      return <NotFoundView />;
    case 'account-deleted':
      return <AccountDeletedView />;
    default:
      return <MemberViewOf view={view} />;
  }
});

/**
 * Rendered beside the current view, inside its Suspense boundary: its effect runs once the view
 * has committed, which on a server-rendered page is when it is hydrated (ADR 0023).
 */
function ReleaseEarlyClicks() {
  useEffect(releaseEarlyClicks, []);
  return null;
}

/** The live-event stream; a component so that it can start after the first paint (see below). */
function LiveEvents({ signedIn }: { signedIn: boolean }) {
  useLiveEvents(signedIn);
  return null;
}

/**
 * True once the browser is idle after the first render: work the first paint does not need
 * (the live-event stream) waits for it, so it neither competes with the page's images and
 * scripts nor adds to the main thread's busiest moment (ADR 0007).
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 500);
    return () => clearTimeout(id);
  }, []);
  return ready;
}

/** The app at every path but /admin and /auth: header, the current in-page view, bottom bar, overlays. */
export function MainApp() {
  const meQuery = useMe();
  const me = meQuery.data;
  const view = useRoutedView();
  const [loginMode, setLoginMode] = useState<LoginMode | null>(null);
  const [onboardingOpen, setOnboardingOpen] = useState(false);
  const afterFirstPaint = useAfterFirstPaint();
  const signedIn = Boolean(me);
  useEffect(() => {
    if (signedIn && afterFirstPaint) registerServiceWorker();
  }, [signedIn, afterFirstPaint]);
  // Push is offered after a search or request was sent in this visit, never on the page landed on.
  const landedOn = useRef(hrefOf(view));
  const offerPush = Boolean(me) && PUSH_OFFER_VIEWS.has(view.name) && hrefOf(view) !== landedOn.current;

  const registrationComplete = Boolean(me?.profile.registrationComplete);
  const unreadMessages = useUnreadCounts(registrationComplete).data?.total ?? 0;

  // Visitors browse trails (product §2, §6): a members' view opened signed out shows Home behind
  // the sign-in modal, and the view itself once the person has signed in (the URL stays).
  const memberViewSignedOut = !me && MEMBER_VIEWS.has(view.name);
  const currentView: View = memberViewSignedOut ? HOME : view;

  // A members' view asked for signed out (a tap, not a link: the URL stays where it is) opens once
  // the person has signed in from the prompt it raised; dismissing the prompt forgets it (ADR 0048).
  const [afterSignIn, setAfterSignIn] = useState<View | null>(null);
  const askToSignIn = useCallback((then: View | null) => {
    setAfterSignIn(then);
    setLoginMode('signIn');
  }, []);
  const requireSignIn = useCallback((then?: View) => askToSignIn(then ?? null), [askToSignIn]);
  // The header's Sign In asks for no view (ADR 0048).
  const signInFromHeader = useCallback(() => askToSignIn(null), [askToSignIn]);
  const closeLogin = useCallback(() => {
    setAfterSignIn(null);
    setLoginMode(null);
  }, []);
  const askedForSignIn = useRef<string | null>(null);
  useEffect(() => {
    const href = hrefOf(view);
    if (!memberViewSignedOut || meQuery.isPending || askedForSignIn.current === href) return;
    askedForSignIn.current = href;
    askToSignIn(null);
  }, [memberViewSignedOut, meQuery.isPending, view, askToSignIn]);
  // navigate reads who is signed in at call time, so it (and the navigation context that the
  // views read) stays the same object when /api/me answers.
  const signInState = useRef({ signedIn: Boolean(me), pending: meQuery.isPending });
  useLayoutEffect(() => {
    signInState.current = { signedIn: Boolean(me), pending: meQuery.isPending };
  }, [me, meQuery.isPending]);
  /** Opens a view, whoever is signed in: the address, its history entry and the scroll. */
  const go = useCallback((next: View, options: NavigateOptions = {}) => {
    // Who opened a trail decides its back control: kept in the history entry, not the shared URL.
    const state = next.name === 'trail-detail' ? { from: next.from } : undefined;
    // Leaving from inside a modal (Send Request in a profile, the sign-in prompt) takes the modal's
    // entry, so Back returns to the view under it rather than to a modal that is no longer open.
    const replace = options.replace || typeof historyState()?.modal === 'string';
    navigateTo(hrefOf(next), { replace, state });
    if (!options.replace) window.scrollTo({ top: 0 });
  }, []);
  // A tap on a members' view made before we know who this is (GET /api/me still on its way, or
  // the server's page still being hydrated, when the app cannot tell yet): the last such tap,
  // answered once it is known (ADR 0036 holds a trail chosen on Home the same way).
  const tappedEarly = useRef<{ next: View; options: NavigateOptions } | null>(null);
  const navigate = useCallback(
    (next: View, options: NavigateOptions = {}) => {
      tappedEarly.current = null;
      const { signedIn, pending } = signInState.current;
      if (MEMBER_VIEWS.has(next.name) && !signedIn) {
        if (pending) tappedEarly.current = { next, options };
        else askToSignIn(next);
        return;
      }
      go(next, options);
    },
    [askToSignIn, go],
  );
  useEffect(() => {
    const tapped = tappedEarly.current;
    if (meQuery.isPending || !tapped) return;
    tappedEarly.current = null;
    navigate(tapped.next, tapped.options);
  }, [meQuery.isPending, navigate]);
  // Signed in (or up) from the prompt: the view asked for opens in place of the prompt's entry.
  // Not left to /api/me's answer: the prompt closes first, and its entry with it.
  const signedInFromPrompt = useCallback(() => {
    if (afterSignIn) go(afterSignIn);
    setAfterSignIn(null);
    setLoginMode(null);
  }, [afterSignIn, go]);
  const openOnboarding = useCallback(() => setOnboardingOpen(true), []);
  const closeOnboarding = useCallback(() => setOnboardingOpen(false), []);
  const selectTab = useCallback((tab: MainTab) => navigate(TAB_VIEWS[tab]), [navigate]);
  const navigation = useMemo<Navigation>(
    () => ({ view: currentView, navigate, requireSignIn, openOnboarding }),
    [currentView, navigate, requireSignIn, openOnboarding],
  );

  // The same element until the view or the greeting changes: React must not see an update to
  // the view's boundary while it is still hydrating the server's HTML of it (ADR 0023), or it
  // would drop that HTML for the loading state (the app re-renders after its first paint).
  // Undefined until GET /api/me answers (a signed-in person's page): Home holds a trail chosen meanwhile.
  const displayName = me ? displayNameOf(me) : meQuery.isPending ? undefined : null;
  const viewBoundary = useMemo(
    () => (
      <Suspense fallback={<ViewLoading />}>
        <CurrentView view={currentView} displayName={displayName} />
        <ReleaseEarlyClicks />
      </Suspense>
    ),
    [currentView, displayName],
  );

  // The help button opens it for anyone; a new user sees it once, after completing registration.
  const showOnboarding = onboardingOpen || (registrationComplete && me?.profile.hasSeenOnboarding === false);

  return (
    <NavigationContext.Provider value={navigation}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Header
          me={meQuery.isPending ? undefined : (me ?? null)}
          onHome={() => window.scrollTo({ top: 0 })}
          onHelp={openOnboarding}
          onSignIn={signInFromHeader}
          onSignedOut={() => navigateTo('/')}
          onProfile={() => navigate({ name: 'personal-profile' })}
          nav={<HeaderNav current={tabOf(currentView)} badges={{ matches: unreadMessages }} onSelect={selectTab} />}
        />

        {/* A phone-width column with room for the bottom bar; from 1024 px the app uses the width
            and the navigation moves to the header (ADR 0021). */}
        <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-28 lg:max-w-6xl lg:px-8 lg:pb-12">
          {/* In the page, above the view: floating over it, the offer hid the cards a phone was
              showing. Its own boundary, so its chunk never swaps the view for the spinner. */}
          {offerPush && (
            <Suspense fallback={null}>
              <PushOfferInPage />
            </Suspense>
          )}
          {viewBoundary}
        </main>

        <BottomBar current={tabOf(currentView)} badges={{ matches: unreadMessages }} onSelect={selectTab} />

        {afterFirstPaint && <LiveEvents signedIn={Boolean(me)} />}
        {me && (
          <Suspense fallback={null}>
            <MemberOverlays me={me} onboardingShown={showOnboarding} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          {loginMode && (
            <LoginModal
              initialMode={loginMode}
              onClose={closeLogin}
              onSignedIn={signedInFromPrompt}
              // The widget's other ways in come back to the view asked for, a link's one included.
              returnTo={afterSignIn ? hrefOf(afterSignIn) : memberViewSignedOut ? hrefOf(view) : undefined}
            />
          )}
          {showOnboarding && <OnboardingCarousel onClose={closeOnboarding} />}
        </Suspense>
      </div>
    </NavigationContext.Provider>
  );
}

function ViewLoading() {
  return (
    <div role="status" aria-live="polite" className="flex justify-center py-16">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
