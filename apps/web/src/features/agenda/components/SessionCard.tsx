import type { MatchStatus } from '@trailbuddy/shared/contracts/enums';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { ChevronRight, Clock, MapPin, UserRound } from 'lucide-react';
import { TrailPicture } from '../../../components/TrailPicture';

const THUMB_SIZE = 80;

const STATUS: Record<MatchStatus | 'awaitingFeedback', { label: string; style: string }> = {
  confirmed: { label: 'Confirmed', style: 'bg-brand-50 text-brand-800 ring-brand-200' },
  pending: { label: 'Pending', style: 'bg-amber-50 text-amber-800 ring-amber-200' },
  searching: { label: 'Searching', style: 'bg-stone-100 text-stone-700 ring-stone-200' },
  active: { label: 'Your event', style: 'bg-sky-50 text-sky-800 ring-sky-200' },
  completed: { label: 'Completed', style: 'bg-accent-50 text-accent-700 ring-accent-100' },
  cancelled: { label: 'Cancelled', style: 'bg-red-50 text-red-800 ring-red-200' },
  // A confirmed session that is over stays confirmed until both have given feedback (product §4).
  awaitingFeedback: { label: 'Awaiting feedback', style: 'bg-accent-50 text-accent-700 ring-accent-100' },
};

const hasEnded = (match: MatchView, now: number) => new Date(match.endTime).getTime() <= now;

/** Who the session is with, or where the search stands when nobody has joined. */
function companyOf(match: MatchView): string {
  if (match.partner) return `with ${match.partner.name.trim() || FALLBACK_LABELS.unknownPartner}`;
  if (match.status === 'searching') return 'Looking for a buddy';
  if (match.status === 'active') return 'Proposed by you';
  return `with ${FALLBACK_LABELS.unknownPartner}`;
}

/** One session on the agenda; choosing it opens the trail. */
export function SessionCard({ match, now, onOpen }: { match: MatchView; now: number; onOpen: (match: MatchView) => void }) {
  const status = STATUS[match.status === 'confirmed' && hasEnded(match, now) ? 'awaitingFeedback' : match.status];
  const content = (
    <>
      <div className="relative shrink-0 overflow-hidden rounded-xl bg-stone-200" style={{ width: THUMB_SIZE, height: THUMB_SIZE }}>
        <TrailPicture
          image={match.trail?.image}
          iconClassName="size-7"
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
        />
      </div>
      <div className="min-w-0 flex-1">
        <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.style}`}>
          <span className="sr-only">Status: </span>
          {status.label}
        </span>
        <h3 className="mt-1 line-clamp-2 leading-snug font-semibold text-stone-900">{match.trail?.name || FALLBACK_LABELS.unknownTrail}</h3>
        {match.trail?.location && (
          <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-sm text-stone-600">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{match.trail.location}</span>
          </p>
        )}
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-stone-700">
          <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          {formatTimeRange(match.startTime, match.endTime)}
        </p>
        <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-stone-600">
          {match.partner ? (
            <img
              src={match.partner.image || DEFAULT_AVATAR}
              alt=""
              width={20}
              height={20}
              loading="lazy"
              className="size-5 shrink-0 rounded-full bg-stone-200 object-cover"
            />
          ) : (
            <UserRound className="size-4 shrink-0" aria-hidden="true" />
          )}
          <span className="truncate">{companyOf(match)}</span>
        </p>
      </div>
    </>
  );

  const cardClass = 'flex w-full items-center gap-3 rounded-2xl bg-white p-3 text-left shadow-card ring-1 ring-stone-200/70';
  if (!match.trail) return <div className={cardClass}>{content}</div>;
  return (
    <button type="button" onClick={() => onOpen(match)} className={`${cardClass} transition-shadow hover:shadow-lg`}>
      {content}
      <ChevronRight className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
    </button>
  );
}
