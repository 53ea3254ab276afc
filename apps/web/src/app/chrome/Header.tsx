import type { Me } from '@trailbuddy/shared/contracts/profile';
import { lazy, Suspense, type MouseEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { CircleHelpIcon } from '../../components/ui/first-render-icons';
import { followLink } from '../../lib/location';

// Only signed-in people see these, so visitors never download them (architecture §7 budget).
const AccountControls = lazy(() => import('./AccountControls'));
const NotificationBell = lazy(() => import('../../features/notifications/components/NotificationBell'));

export interface HeaderProps {
  /** undefined while we do not know yet, null for a visitor. */
  me: Me | null | undefined;
  onHome: () => void;
  onHelp: () => void;
  onSignIn: () => void;
  onSignedOut: () => void;
  /** The profile picture opens the personal profile. */
  onProfile: () => void;
  /** The main navigation, shown in the header from 1024 px. */
  nav?: ReactNode;
}

// Same footprint as the Sign In button, so nothing moves while we wait.
const pendingSlot = <span className="h-10 w-[5.5rem]" aria-hidden="true" />;

export function Header({ me, onHome, onHelp, onSignIn, onSignedOut, onProfile, nav }: HeaderProps) {
  // A plain link to / (it opens in a new tab with a modifier key); a plain click stays in the app.
  function goHome(event: MouseEvent<HTMLAnchorElement>) {
    followLink(event, '/');
    if (event.defaultPrevented) onHome();
  }

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 lg:max-w-6xl lg:px-8">
        <a href="/" onClick={goHome} className="-m-1 shrink-0 rounded-lg p-1">
          <img src="/brand/logo.svg" alt="TrailBuddy" width={160} height={32} className="h-8 w-auto" />
        </a>
        {nav}

        <div className="flex min-w-0 items-center gap-1.5 sm:gap-2">
          <button
            type="button"
            onClick={onHelp}
            aria-label="Help"
            aria-haspopup="dialog"
            className="rounded-full p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <CircleHelpIcon className="size-5" aria-hidden="true" />
          </button>
          {me ? (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          ) : null}
          {me === undefined ? (
            pendingSlot
          ) : me === null ? (
            <Button onClick={onSignIn} aria-haspopup="dialog">
              Sign In
            </Button>
          ) : (
            <Suspense fallback={pendingSlot}>
              <AccountControls me={me} onSignedOut={onSignedOut} onProfile={onProfile} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
