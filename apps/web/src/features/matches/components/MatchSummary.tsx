import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { formatDate, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { CalendarDays, Clock, Heart, MapPin, Mountain } from 'lucide-react';
import type { ReactNode } from 'react';
import { compatibilityWithReason, partnerNameOf, trailNameOf } from '../utils/format';
import { Avatar } from './Avatar';

export interface MatchSummaryProps {
  match: MatchView;
  /** The compatibility row is shown once the pair is confirmed (it is computed then). */
  showCompatibility?: boolean;
}

/** Who, where and when of one match, with product §8's fallbacks for anything missing. */
export function MatchSummary({ match, showCompatibility = false }: MatchSummaryProps) {
  const partner = match.partner;
  return (
    <div className="overflow-hidden rounded-3xl bg-white text-left shadow-card ring-1 ring-stone-200/70">
      <div className="flex items-center gap-4 bg-gradient-to-br from-brand-50 to-accent-50 p-5">
        <Avatar src={partner?.image} size="lg" />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Your buddy</p>
          <p className="truncate text-lg font-semibold text-stone-900">{partnerNameOf(partner)}</p>
          {partner?.location && <p className="truncate text-sm text-stone-600">{partner.location}</p>}
        </div>
      </div>
      <dl className="divide-y divide-stone-100 px-5">
        <Row icon={<Mountain className="size-5" />} label="Trail" value={trailNameOf(match)} />
        <Row icon={<CalendarDays className="size-5" />} label="Date" value={formatDate(match.startTime)} />
        <Row icon={<Clock className="size-5" />} label="Time" value={formatTimeRange(match.startTime, match.endTime)} />
        {match.trail?.location && <Row icon={<MapPin className="size-5" />} label="Location" value={match.trail.location} />}
        {showCompatibility && (
          <Row icon={<Heart className="size-5" />} label="Compatibility" value={compatibilityWithReason(match.compatibility)} />
        )}
      </dl>
    </div>
  );
}

function Row({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    // dt and dd are the group's direct children, as a definition list requires; the icon spans both rows.
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 py-3">
      <span className="row-span-2 flex size-9 items-center justify-center rounded-xl bg-brand-50 text-brand-700" aria-hidden="true">
        {icon}
      </span>
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      <dd className="min-w-0 font-medium text-stone-900">{value}</dd>
    </div>
  );
}

export function MatchSummarySkeleton() {
  return (
    <div className="overflow-hidden rounded-3xl bg-white shadow-card ring-1 ring-stone-200/70" aria-hidden="true">
      <div className="flex items-center gap-4 bg-stone-100 p-5">
        <div className="size-24 animate-pulse rounded-full bg-stone-200 motion-reduce:animate-none" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-20 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
          <div className="h-5 w-40 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
        </div>
      </div>
      <div className="space-y-4 p-5">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-5 w-3/4 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
        ))}
      </div>
    </div>
  );
}
