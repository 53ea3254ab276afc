import { ACTIVITIES } from '@trailbuddy/shared/contracts/enums';
import { ACTIVITY_LABELS } from '@trailbuddy/shared/contracts/labels';
import { SKILL_LABELS } from '@trailbuddy/shared/contracts/profile-labels';
import type { BestMatch } from '@trailbuddy/shared/contracts/match';
import { MapPin } from 'lucide-react';
import { ReliableBadge } from '../../../components/ui/ReliableBadge';
import { compatibilityLabel, compatibilityTitle } from '../utils/format';
import { Avatar } from './Avatar';
import { MatchWhy } from './MatchWhy';

export interface BestMatchCardProps {
  candidate: BestMatch;
  onOpen: (candidate: BestMatch) => void;
}

/** One suggested buddy; the whole card opens their profile popup. */
export function BestMatchCard({ candidate, onOpen }: BestMatchCardProps) {
  const { profile, compatibility, searchingMatchId } = candidate;
  return (
    <article className="relative flex h-full gap-4 rounded-2xl bg-white p-4 shadow-card ring-1 ring-stone-200/70 transition-shadow hover:shadow-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
      <Avatar src={profile.image} size="md" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 leading-snug font-semibold break-words text-stone-900">
            {/* The button's ::after covers the card, so the whole card is one target. */}
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => onOpen(candidate)}
              className="text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
            >
              {profile.name}
            </button>
          </h3>
          <span
            title={compatibilityTitle(compatibility)}
            className="shrink-0 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white"
          >
            {compatibilityLabel(compatibility)}
          </span>
        </div>
        {profile.location && (
          <p className="flex items-center gap-1 text-sm text-stone-600">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{profile.location}</span>
          </p>
        )}
        <ul className="flex flex-wrap gap-1.5 text-xs font-medium" aria-label="Skills">
          {ACTIVITIES.map((activity) => (
            <li key={activity} className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">
              {ACTIVITY_LABELS[activity]} · {SKILL_LABELS[profile.skills[activity]]}
            </li>
          ))}
        </ul>
        <MatchWhy reasons={candidate.reasons} trailhead={candidate.trailhead} />
        <ReliableBadge reliable={profile.reliable} />
        {searchingMatchId && (
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold text-accent-700">
            <span className="size-2 rounded-full bg-accent-500" aria-hidden="true" />
            Also looking for this hike
          </p>
        )}
      </div>
    </article>
  );
}

export function BestMatchCardSkeleton() {
  return (
    <div className="flex gap-4 rounded-2xl bg-white p-4 shadow-card ring-1 ring-stone-200/70" aria-hidden="true">
      <div className="size-16 shrink-0 animate-pulse rounded-full bg-stone-200 motion-reduce:animate-none" />
      <div className="flex-1 space-y-2 pt-1">
        <div className="h-4 w-1/2 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
        <div className="h-3.5 w-2/3 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
        <div className="flex gap-1.5">
          <div className="h-5 w-24 animate-pulse rounded-full bg-stone-100 motion-reduce:animate-none" />
          <div className="h-5 w-24 animate-pulse rounded-full bg-stone-100 motion-reduce:animate-none" />
        </div>
      </div>
    </div>
  );
}
