import type { PastPartner } from '@trailbuddy/shared/contracts/match';
import { formatDate } from '@trailbuddy/shared/domain/date-format';
import { ArrowLeft, Heart, MapPin, Users } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { usePartners } from '../../../lib/queries/matches';
import { compatibilityLabel, compatibilityTitle, partnerNameOf, UNKNOWN_TRAIL } from '../utils/format';
import { Avatar } from './Avatar';
import { EmptyState } from './visuals';

const AVATAR_SIZE = 72;

/** product §2 "matches": a grid of the people I have been matched with, and how well we match. */
export default function PartnersView() {
  const { navigate } = useNavigation();
  const partnersQuery = usePartners();

  return (
    <section aria-labelledby="partners-heading" className="space-y-5">
      <Button variant="ghost" className="-ml-3" onClick={() => navigate({ name: 'matches-page' })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Matches
      </Button>
      <header>
        <h1 id="partners-heading" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Past partners
        </h1>
        <p className="mt-1 text-stone-600">The buddies you’ve been matched with.</p>
      </header>

      {partnersQuery.isPending ? (
        <ul role="status" aria-label="Loading partners" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li
              key={i}
              aria-hidden="true"
              className="flex flex-col items-center gap-3 rounded-2xl bg-white p-4 shadow-card ring-1 ring-stone-200/70"
            >
              <div className="size-[72px] animate-pulse rounded-full bg-stone-200 motion-reduce:animate-none" />
              <div className="h-4 w-3/4 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
              <div className="h-6 w-20 animate-pulse rounded-full bg-stone-100 motion-reduce:animate-none" />
            </li>
          ))}
        </ul>
      ) : partnersQuery.isError ? (
        <EmptyState
          message="We couldn’t load your partners."
          action={
            <Button variant="secondary" onClick={() => void partnersQuery.refetch()}>
              Try again
            </Button>
          }
        />
      ) : partnersQuery.data.length === 0 ? (
        <EmptyState
          icon={Users}
          message="No past partners yet. Once you hike with someone, they’ll appear here."
          action={<Button onClick={() => navigate({ name: 'home' })}>Find a trail</Button>}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {partnersQuery.data.map((partner) => (
            <li key={partner.profile.id} className="flex">
              <PartnerCard partner={partner} onOpen={() => navigate({ name: 'profile', userId: partner.profile.id })} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PartnerCard({ partner, onOpen }: { partner: PastPartner; onOpen: () => void }) {
  const { profile } = partner;
  return (
    <article className="relative flex flex-1 flex-col items-center gap-2 rounded-2xl bg-white p-4 text-center shadow-card ring-1 ring-stone-200/70 transition-shadow hover:shadow-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
      <Avatar src={profile.image} size={AVATAR_SIZE} />
      <h2 className="w-full truncate font-semibold text-stone-900">
        {/* The button's ::after covers the whole card, so the card is one large target. */}
        <button type="button" onClick={onOpen} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
          {partnerNameOf(profile)}
        </button>
      </h2>
      {profile.location && (
        <p className="flex max-w-full items-center gap-1 truncate text-xs text-stone-600">
          <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{profile.location}</span>
        </p>
      )}
      <p
        title={compatibilityTitle(partner.compatibility)}
        className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-800"
      >
        <Heart className="size-3.5 fill-current" aria-hidden="true" />
        {compatibilityLabel(partner.compatibility)}
      </p>
      <p className="mt-auto w-full text-xs text-stone-500">
        <span className="block truncate">{partner.trailName || UNKNOWN_TRAIL}</span>
        <span className="block">{formatDate(partner.startTime, 'short')}</span>
      </p>
    </article>
  );
}
