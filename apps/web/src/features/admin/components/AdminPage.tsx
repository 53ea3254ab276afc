import { ArrowLeft } from 'lucide-react';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { useLiveEvents } from '../../../lib/live-events';
import { followLink, navigateTo, usePathname } from '../../../lib/location';
import { useMe } from '../../../lib/queries/me';
import { useTrailPlaces } from '../../../lib/queries/trails';
import { AddTrailForm } from './AddTrailForm';
import { ReportsQueue } from './ReportsQueue';
import { TrailManagerList } from './TrailManagerList';

/**
 * /admin (product §2, §6): the administrators' trail manager. Everyone else is sent to /.
 * The UI only hides; the server refuses non-administrators on every admin call.
 */
export default function AdminPage() {
  const meQuery = useMe();

  if (meQuery.isPending) {
    return (
      <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center">
        <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  if (meQuery.isError) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
        <p className="text-stone-700">We couldn’t check who is signed in.</p>
        <Button variant="secondary" onClick={() => void meQuery.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!meQuery.data?.isAdmin) return <SendHome />;
  return <TrailManager />;
}

/** Everyone but administrators goes to / (replacing /admin in the history, so Back does not return here). */
function SendHome() {
  useEffect(() => navigateTo('/', { replace: true }), []);
  return null;
}

const SECTION_LINK =
  'inline-flex rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-stone-700 shadow-sm ring-1 ring-stone-200 hover:bg-stone-50';

const REPORTS_PATH = '/admin/reports';

function TrailManager() {
  const onReports = /^\/admin\/reports\/?$/i.test(usePathname());
  // Outside the main app, so this page listens to the live stream itself: trails that other
  // administrators add or delete show up here without a reload.
  useLiveEvents(true);
  const trailCount = useTrailPlaces().data?.total;
  // The trail being edited in the form (issue 23); none: the form adds one.
  const [editing, setEditing] = useState<Trail | null>(null);
  const [savedName, setSavedName] = useState<string | null>(null);
  const edit = (trail: Trail) => {
    setEditing(trail);
    setSavedName(null);
    document.getElementById('add-trail')?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <title>Admin · TrailBuddy</title>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-3">
            <a href="/" onClick={(event) => followLink(event, '/')} className="-m-1 shrink-0 rounded-lg p-1">
              <img src="/brand/logo.svg" alt="TrailBuddy" width={160} height={32} className="h-8 w-auto" />
            </a>
            <span className="h-6 w-px bg-stone-200" aria-hidden="true" />
            <h1 className="text-lg font-semibold text-stone-900">Admin</h1>
          </div>
          <a href="/" onClick={(event) => followLink(event, '/')} className={buttonClasses('ghost', 'shrink-0 px-3')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            <span>
              Back<span className="sr-only sm:not-sr-only"> to the app</span>
            </span>
          </a>
        </div>
      </header>

      <nav aria-label="Admin sections" className="mx-auto w-full max-w-6xl px-4 pt-4">
        <ul className="flex gap-2">
          {(
            [
              ['/admin', 'Trails', !onReports],
              [REPORTS_PATH, 'Reports', onReports],
            ] as const
          ).map(([href, label, current]) => (
            <li key={href}>
              <a
                href={href}
                onClick={(event) => followLink(event, href)}
                aria-current={current ? 'page' : undefined}
                className={SECTION_LINK}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {onReports ? (
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-4 pb-10">
          <h2 className="mb-4 text-xl font-bold text-stone-900">Reports</h2>
          <ReportsQueue />
        </main>
      ) : (
        <>
          {/* On a phone the form and the list are one long column: a shortcut to each. */}
          <nav aria-label="On this page" className="mx-auto w-full max-w-6xl px-4 pt-4 lg:hidden">
            <ul className="flex gap-2">
              <li>
                <a href="#add-trail" className={SECTION_LINK}>
                  Add a trail
                </a>
              </li>
              <li>
                <a href="#trails" className={SECTION_LINK}>
                  Trails{trailCount === undefined ? '' : ` (${trailCount})`}
                </a>
              </li>
            </ul>
          </nav>

          <main
            id="main"
            className="mx-auto grid w-full max-w-6xl flex-1 grid-cols-1 items-start gap-6 px-4 pt-4 pb-10 lg:pt-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-8"
          >
            <div className="space-y-4">
              {savedName && <Alert tone="success">{savedName} was saved.</Alert>}
              <AddTrailForm
                key={editing?.id ?? 'new'}
                editing={editing}
                onEditDone={(saved) => {
                  setEditing(null);
                  setSavedName(saved?.name ?? null);
                }}
              />
            </div>
            <TrailManagerList onEdit={edit} />
          </main>
        </>
      )}
    </div>
  );
}
