import { formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { TRAIL_CARD_IMAGE_SIZES } from '@trailbuddy/shared/contracts/images';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { distanceMeters, formatDistance, type LatLng } from '@trailbuddy/shared/domain/distance';
import { formatHours } from '@trailbuddy/shared/domain/schedule';
import { TrailPicture } from '../../../components/TrailPicture';
import { CalendarDaysIcon, ClockIcon, MapPinIcon, RouteIcon } from '../../../components/ui/first-render-icons';
import { useDateFormat } from '../../../lib/server-render';
import { formatSessionDay } from '../utils/format-session';
import { ACTIVITY_LABELS } from '@trailbuddy/shared/contracts/labels';
import { DIFFICULTY_STYLES } from '../utils/trail-labels';

/** Rendered size of the image box; the width/height attributes give the browser the ratio early. */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

export interface TrailCardProps {
  trail: Trail;
  /** Cards above the fold load their image at once; the rest wait until scrolled near. */
  eagerImage: boolean;
  /** Whether choosing the card opens the sign-in dialog (signed out) or the trail's detail (signed in). */
  opensSignIn: boolean;
  onChoose: (trail: Trail) => void;
  /** Listed by distance: the member's city, from which the card says how far the trailhead is. */
  origin?: LatLng;
}

export function TrailCard({ trail, eagerImage, opensSignIn, onChoose, origin }: TrailCardProps) {
  const dateFormat = useDateFormat();
  return (
    <article className="relative flex flex-1 flex-col overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-stone-200/70 transition-shadow hover:shadow-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
      <div className="relative aspect-video bg-stone-200">
        <TrailPicture
          image={trail.image}
          iconClassName="size-12"
          sizes={TRAIL_CARD_IMAGE_SIZES}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={eagerImage ? 'eager' : 'lazy'}
          fetchPriority={eagerImage ? 'high' : 'auto'}
          className="absolute inset-0 size-full object-cover"
        />
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-stone-800 shadow-sm">
          {ACTIVITY_LABELS[trail.activity]}
        </span>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="text-lg leading-snug font-semibold text-stone-900">
            {/* The button's ::after covers the whole card, so the card is one large target. */}
            <button
              type="button"
              onClick={() => onChoose(trail)}
              aria-haspopup={opensSignIn ? 'dialog' : undefined}
              className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {trail.name}
            </button>
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
            <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
            {trail.location}
            {origin && trail.trailhead && (
              <span className="text-stone-500" data-testid="trail-distance">
                {' '}
                · {formatDistance(distanceMeters(origin, trail.trailhead))} away
              </span>
            )}
          </p>
        </div>

        <dl className="grid grid-cols-1 gap-1.5 text-sm text-stone-700">
          <div className="flex items-center gap-2">
            <dt className="sr-only">Day</dt>
            <CalendarDaysIcon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <dd>{formatSessionDay(trail.startTime, dateFormat)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">Time</dt>
            <ClockIcon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <dd>
              {formatTimeRange(trail.startTime, trail.endTime, dateFormat)}
              <span className="text-stone-500"> · {formatHours(trail.hours)} h</span>
            </dd>
          </div>
        </dl>

        <div className="mt-auto flex flex-wrap items-center gap-2 text-xs font-medium">
          <span className={`rounded-full px-2.5 py-1 ring-1 ring-inset ${DIFFICULTY_STYLES[trail.difficulty]}`}>
            <span className="sr-only">Difficulty: </span>
            {trail.difficulty}
          </span>
          <span className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2.5 py-1 text-stone-700">
            <RouteIcon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Length: </span>
            {trail.length}
          </span>
        </div>
      </div>
    </article>
  );
}

export function TrailCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-stone-200/70" aria-hidden="true">
      <div className="aspect-video animate-pulse bg-stone-200 motion-reduce:animate-none" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-2/3 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
        <div className="h-4 w-3/5 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
        <div className="flex gap-2 pt-1">
          <div className="h-6 w-16 animate-pulse rounded-full bg-stone-100 motion-reduce:animate-none" />
          <div className="h-6 w-16 animate-pulse rounded-full bg-stone-100 motion-reduce:animate-none" />
        </div>
      </div>
    </div>
  );
}
