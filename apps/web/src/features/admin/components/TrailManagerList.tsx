import type { Difficulty } from '@trailbuddy/shared/contracts/enums';
import { ACTIVITY_LABELS } from '@trailbuddy/shared/contracts/labels';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { formatDateTime } from '@trailbuddy/shared/domain/date-format';
import { CalendarDays, MapPin, Mountain, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { TrailPicture } from '../../../components/TrailPicture';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ShowMore } from '../../../components/ui/ShowMore';
import { useTrailPages, useTrailPlaces } from '../../../lib/queries/trails';
import { DeleteTrailDialog } from './DeleteTrailDialog';
import { TrailRouteEditor } from './TrailRouteEditor';

const DIFFICULTY_STYLES: Record<Difficulty, string> = {
  Easy: 'bg-brand-50 text-brand-800 ring-brand-200',
  Moderate: 'bg-amber-50 text-amber-800 ring-amber-200',
  Challenging: 'bg-red-50 text-red-800 ring-red-200',
};

type TrailRef = Pick<Trail, 'id' | 'name'>;

/** The trails in the admins' order, page by page, each with Edit (issue 23) and a Delete button that asks first. */
export function TrailManagerList({ onEdit }: { onEdit: (trail: Trail) => void }) {
  const trailsQuery = useTrailPages();
  const total = useTrailPlaces().data?.total;
  const [deleting, setDeleting] = useState<TrailRef | null>(null);
  const [deletedName, setDeletedName] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const trails = trailsQuery.trails ?? [];

  function onDeleted(trail: TrailRef) {
    setDeleting(null);
    setDeletedName(trail.name);
    // The dialog hands the focus back to the Delete button, which is about to disappear.
    setTimeout(() => headingRef.current?.focus(), 0);
  }

  return (
    <section id="trails" aria-labelledby="trail-list-heading" className="scroll-mt-20 space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="trail-list-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight text-stone-900">
          Trails
          {total !== undefined && <span className="ml-2 text-base font-medium text-stone-500">({total})</span>}
        </h2>
        <p className="text-sm text-stone-500">Updates live</p>
      </div>

      {deletedName && <Alert tone="success">{deletedName} was deleted.</Alert>}

      {trailsQuery.isPending ? (
        <TrailRowsSkeleton />
      ) : trailsQuery.isError ? (
        <div className="rounded-2xl bg-white px-4 py-8 text-center ring-1 ring-stone-200">
          <p className="text-stone-700">We couldn’t load the trails.</p>
          <Button variant="secondary" className="mt-3" onClick={() => void trailsQuery.refetch()}>
            Try again
          </Button>
        </div>
      ) : trails.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-stone-300 px-4 py-10 text-center">
          <Mountain className="mx-auto size-8 text-stone-400" aria-hidden="true" />
          <p className="mt-2 font-medium text-stone-700">No trails yet.</p>
          <p className="text-sm text-stone-500">Add the first one with the form.</p>
        </div>
      ) : (
        <>
          <ul id="trail-manager-list" className="space-y-3">
            {trails.map((trail) => (
              <li key={trail.id}>
                <TrailRow trail={trail} onEdit={() => onEdit(trail)} onDelete={() => setDeleting(trail)} />
                <TrailRouteEditor trail={trail} />
              </li>
            ))}
          </ul>
          {trailsQuery.hasNextPage && (
            <ShowMore
              label="Show more trails"
              loadingLabel="Loading more trails…"
              loading={trailsQuery.isFetchingNextPage}
              onShowMore={() => void trailsQuery.fetchNextPage()}
              shown={trails.length}
              controls="trail-manager-list"
            />
          )}
        </>
      )}

      {deleting && <DeleteTrailDialog trail={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />}
    </section>
  );
}

function TrailRow({ trail, onEdit, onDelete }: { trail: Trail; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <div className="relative h-18 w-24 shrink-0 overflow-hidden rounded-xl bg-stone-200">
        <TrailPicture image={trail.image} iconClassName="size-7" width={96} height={72} loading="lazy" />
      </div>

      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 leading-snug font-semibold break-words text-stone-900">{trail.name}</h3>
        <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
          <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{trail.location}</span>
        </p>
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs font-medium">
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">
            <span className="sr-only">Activity: </span>
            {ACTIVITY_LABELS[trail.activity]}
          </span>
          <span className={`rounded-full px-2 py-0.5 ring-1 ring-inset ${DIFFICULTY_STYLES[trail.difficulty]}`}>
            <span className="sr-only">Difficulty: </span>
            {trail.difficulty}
          </span>
          <span className="inline-flex items-center gap-1 text-stone-600">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Date: </span>
            {formatDateTime(trail.startTime)}
          </span>
        </div>
      </div>

      {/* Icons alone where the list is a narrow column (a phone, beside the form from lg): the name keeps the room. */}
      <button
        type="button"
        onClick={onEdit}
        aria-label={`Edit ${trail.name}`}
        className="inline-flex shrink-0 items-center gap-1.5 self-center rounded-full px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-50"
      >
        <Pencil className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline lg:hidden">Edit</span>
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-haspopup="dialog"
        aria-label={`Delete ${trail.name}`}
        className="inline-flex shrink-0 items-center gap-1.5 self-center rounded-full px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 ring-inset hover:bg-red-50"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline lg:hidden">Delete</span>
      </button>
    </article>
  );
}

function TrailRowsSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading trails…</span>
      <ul className="space-y-3" aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200">
            <div className="h-18 w-24 shrink-0 animate-pulse rounded-xl bg-stone-200 motion-reduce:animate-none" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-2/3 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
              <div className="h-3.5 w-1/2 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
              <div className="h-3.5 w-3/5 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
