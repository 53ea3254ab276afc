import { formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import { imageSrcSet, TRAIL_DETAIL_IMAGE_SIZES } from '@trailbuddy/shared/contracts/images';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { formatHours, type WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { ArrowLeft, Gauge, Map as MapIcon, Timer } from 'lucide-react';
import { HIKE_CAPACITY_DEFAULT } from '@trailbuddy/shared/domain/hikes';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  CalendarDaysIcon,
  ClockIcon,
  ExternalLinkIcon,
  MapPinIcon,
  MountainIcon,
  RouteIcon,
  UsersIcon,
} from '../../../components/ui/first-render-icons';
import { TrailPicture } from '../../../components/TrailPicture';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { useNavigation, type View } from '../../../lib/navigation';
import type { TrailDetailFrom } from '../../../lib/routes';
import { useMe } from '../../../lib/queries/me';
import { useTrail } from '../../../lib/queries/trails';
import { useDateFormat } from '../../../lib/server-render';
import { formatSessionDayShort } from '../utils/format-session';
import { ACTIVITY_LABELS } from '@trailbuddy/shared/contracts/labels';
import { DIFFICULTY_STYLES } from '../utils/trail-labels';
import { sessionsAtTimes } from '../utils/trail-session';
import { DayChoice } from './DayChoice';
import { FavouriteToggle } from './FavouriteToggle';
import { RoomChoice } from './RoomChoice';
import { TimeChoice } from './TimeChoice';
import { TrailDescription } from './TrailDescription';
import { TrailRouteSection } from './TrailRouteSection';

export type { TrailDetailFrom };

export interface TrailDetailViewProps {
  trailId: string;
  /** Where the view was opened from: its Back button returns there; home also offers Find Hiking Buddy. */
  from: TrailDetailFrom;
  /** The day in the URL (`?day=`); unset, the trail's own weekend day. */
  day?: WeekendDay;
}

const BACK: Record<TrailDetailFrom, { label: string; view: View }> = {
  home: { label: 'Back to Home', view: { name: 'home' } },
  agenda: { label: 'Back to Agenda', view: { name: 'agenda' } },
  matches: { label: 'Back to Matches', view: { name: 'matches-page' } },
};

const IMAGE_WIDTH = 960;
const IMAGE_HEIGHT = 540;

/** product §2 "trail-detail". */
export default function TrailDetailView({ trailId, from, day }: TrailDetailViewProps) {
  const trailQuery = useTrail(trailId);
  const { error, data: trail } = trailQuery;

  // A malformed id is as unknown as a deleted trail; a trail deleted while open turns unknown too.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <UnknownTrail />;
  if (trail) return <TrailDetail trail={trail} from={from} initialDay={day} />;
  if (trailQuery.isPending) return <TrailDetailSkeleton />;
  return (
    <div className="space-y-4">
      <BackButton from={from} />
      <StateCard title="We couldn’t load this trail.">
        <Button variant="secondary" onClick={() => void trailQuery.refetch()}>
          Try again
        </Button>
      </StateCard>
    </div>
  );
}

function TrailDetail({ trail, from, initialDay }: { trail: Trail; from: TrailDetailFrom; initialDay?: WeekendDay }) {
  const { navigate } = useNavigation();
  const signedIn = Boolean(useMe().data);
  const [day, setChosenDay] = useState<WeekendDay>(initialDay ?? trail.weekendDay);
  // The chosen day goes into the URL (replacing the entry: a choice, not a new view), so a
  // reload or a shared link keeps it.
  const setDay = (next: WeekendDay) => {
    setChosenDay(next);
    navigate({ name: 'trail-detail', trailId: trail.id, from, day: next }, { replace: true });
  };
  const dateFormat = useDateFormat();
  const timeZone = dateFormat.timeZone;
  // Each day's sessions, one per start time (ADR 0065); the first is the day's own session.
  const timed = useMemo(
    () => ({ saturday: sessionsAtTimes(trail, 'saturday', timeZone), sunday: sessionsAtTimes(trail, 'sunday', timeZone) }),
    [trail, timeZone],
  );
  const sessions = { saturday: timed.saturday[0]!, sunday: timed.sunday[0]! };
  const [chosenTime, setTime] = useState<string | undefined>(undefined);
  const [capacity, setCapacity] = useState(HIKE_CAPACITY_DEFAULT);
  // A session that has started is not offered (issue 23). Read after mount: the server's first
  // paint and the browser's must agree, and only the browser's clock is the person's.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const hasStarted = (s: { start: Date | null }) => now !== null && s.start !== null && s.start.getTime() <= now;
  // A day is started once its last start time is; a start time, once its own session is.
  const started = { saturday: timed.saturday.every(hasStarted), sunday: timed.sunday.every(hasStarted) };
  const offeredDay = started[day] ? (['saturday', 'sunday'] as const).find((d) => !started[d]) : day;
  const startedTimes = new Set(timed[offeredDay ?? day].flatMap((s) => (s.time !== undefined && hasStarted(s) ? [s.time] : [])));
  const openTimes = timed[offeredDay ?? day].filter((s) => !hasStarted(s));
  const offered = openTimes.find((s) => s.time === chosenTime) ?? openTimes[0];
  // Opened from the agenda or matches, the trail's own session is the one that counts.
  const shownDay = from === 'home' ? day : trail.weekendDay;
  const session = from === 'home' && offered && shownDay === (offeredDay ?? day) ? offered : sessions[shownDay];

  return (
    <article className="space-y-4" aria-labelledby="trail-detail-title">
      <BackButton from={from} />

      {/* Phones stack hero, facts and actions, then the description and map; wider screens put
          the facts and actions beside the picture so Find Hiking Buddy is in view at once. */}
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <div className="relative aspect-[2/1] overflow-hidden rounded-3xl bg-stone-200 shadow-card ring-1 ring-stone-200/70 sm:aspect-video md:col-start-1 md:row-start-1 md:aspect-[4/3]">
          <TrailPicture
            image={trail.image}
            iconClassName="size-16"
            sizes={TRAIL_DETAIL_IMAGE_SIZES}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            fetchPriority="high"
            className="absolute inset-0 size-full object-cover"
          />
          <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-sm font-semibold text-stone-800 shadow-sm">
            {ACTIVITY_LABELS[trail.activity]}
          </span>
        </div>

        <div className="space-y-5 md:sticky md:top-24 md:col-start-2 md:row-span-2 md:row-start-1">
          <header className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h1 id="trail-detail-title" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
                {trail.name}
              </h1>
              <p className="mt-1 flex items-center gap-1.5 text-stone-600">
                <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
                {trail.location}
              </p>
            </div>
            {signedIn && <FavouriteToggle trailId={trail.id} />}
          </header>

          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <Fact icon={<CalendarDaysIcon />} label="Date">
              {formatSessionDayShort(session.start, dateFormat)}
            </Fact>
            <Fact icon={<ClockIcon />} label="Time">
              <span className="whitespace-nowrap">{formatTimeRange(session.start, session.end, dateFormat)}</span>
            </Fact>
            <Fact icon={<Timer />} label="Duration">
              {Number.isFinite(trail.hours) ? `${formatHours(trail.hours)} h` : FALLBACK_LABELS.notAvailable}
            </Fact>
            <Fact icon={<MountainIcon />} label="Activity">
              {ACTIVITY_LABELS[trail.activity]}
            </Fact>
            <Fact icon={<RouteIcon />} label="Length">
              {trail.length || FALLBACK_LABELS.notAvailable}
            </Fact>
            <Fact icon={<Gauge />} label="Difficulty">
              <span className={`inline-block rounded-full px-2 py-px text-xs ring-1 ring-inset ${DIFFICULTY_STYLES[trail.difficulty]}`}>
                {trail.difficulty}
              </span>
            </Fact>
          </dl>

          {from === 'home' && (
            <section aria-label="Find a buddy" className="space-y-4 rounded-3xl bg-white p-4 shadow-card ring-1 ring-stone-200/70">
              <DayChoice value={offeredDay ?? day} sessions={sessions} onChange={setDay} started={started} />
              {trail.startTimes.length > 1 && (
                <TimeChoice value={offered?.time} sessions={timed[offeredDay ?? day]} onChange={setTime} started={startedTimes} />
              )}
              <RoomChoice value={capacity} onChange={setCapacity} />
              {offeredDay ? (
                <Button
                  className="w-full py-3 text-base"
                  onClick={() =>
                    navigate({
                      name: 'matching',
                      trailId: trail.id,
                      day: offeredDay,
                      ...(offered?.time ? { time: offered.time } : {}),
                      ...(capacity > HIKE_CAPACITY_DEFAULT ? { capacity } : {}),
                    })
                  }
                >
                  <UsersIcon className="size-5" aria-hidden="true" />
                  Find Hiking Buddy
                </Button>
              ) : (
                <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  This weekend’s sessions have already started. Next weekend’s open soon.
                </p>
              )}
            </section>
          )}
        </div>

        <div className="space-y-6 md:col-start-1 md:row-start-2">
          <section aria-labelledby="trail-about" className="space-y-2">
            <h2 id="trail-about" className="text-lg font-semibold text-stone-900">
              About this trail
            </h2>
            <TrailDescription text={trail.description} />
          </section>

          <TrailRouteSection trail={trail} />

          <section aria-labelledby="trail-map" className="space-y-2">
            <h2 id="trail-map" className="text-lg font-semibold text-stone-900">
              Map
            </h2>
            <MapLink trail={trail} />
          </section>
        </div>
      </div>
    </article>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd are the group's direct children, as a definition list requires; the icon spans both rows.
    <div className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-2.5">
      <span className="row-span-2 mt-0.5 text-brand-700 [&>svg]:size-4.5" aria-hidden="true">
        {icon}
      </span>
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** The map image opens the trail's map link in a new tab (product §2). */
function MapLink({ trail }: { trail: Trail }) {
  const image = trail.map ? (
    <img
      src={trail.map}
      srcSet={imageSrcSet(trail.map)}
      sizes={TRAIL_DETAIL_IMAGE_SIZES}
      alt={`Map of ${trail.name}`}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading="lazy"
      decoding="async"
      className="absolute inset-0 size-full object-cover transition-transform group-hover:scale-[1.02]"
    />
  ) : (
    <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-accent-50 to-brand-100 text-brand-800">
      <MapIcon className="size-10" aria-hidden="true" />
      <span className="font-semibold">Map of {trail.name}</span>
    </div>
  );

  if (!trail.linkmap) {
    return <div className="relative aspect-video overflow-hidden rounded-3xl bg-stone-200 ring-1 ring-stone-200/70">{image}</div>;
  }
  return (
    <a
      href={trail.linkmap}
      target="_blank"
      rel="noopener"
      className="group relative block aspect-video overflow-hidden rounded-3xl bg-stone-200 shadow-card ring-1 ring-stone-200/70"
    >
      {image}
      <span className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-brand-700 shadow-sm">
        Open the map
        <ExternalLinkIcon className="size-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </span>
    </a>
  );
}

function BackButton({ from }: { from: TrailDetailFrom }) {
  const { navigate } = useNavigation();
  const back = BACK[from];
  return (
    <Button variant="ghost" className="-ml-3" onClick={() => navigate(back.view)}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Button>
  );
}

function UnknownTrail() {
  return (
    <StateCard
      title={FALLBACK_LABELS.unknownTrail}
      heading
      message="This trail is no longer available. It may have been removed or replaced by next week’s session."
    >
      <BackButton from="home" />
    </StateCard>
  );
}

function StateCard({ title, heading, message, children }: { title: string; heading?: boolean; message?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70">
      <MountainIcon className="size-10 text-stone-400" aria-hidden="true" />
      {heading ? (
        <h1 className="text-xl font-bold text-stone-900">{title}</h1>
      ) : (
        <p role="alert" className="font-medium text-stone-700">
          {title}
        </p>
      )}
      {message && <p className="max-w-sm text-stone-600">{message}</p>}
      {children}
    </div>
  );
}

function TrailDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading trail…</span>
      <div className="aspect-video animate-pulse rounded-3xl bg-stone-200 motion-reduce:animate-none" aria-hidden="true" />
      <div className="space-y-2" aria-hidden="true">
        <div className="h-8 w-2/3 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-16 animate-pulse rounded-2xl bg-stone-100 motion-reduce:animate-none" />
        ))}
      </div>
    </div>
  );
}
