import { hikeCompatibilityLabel } from '@trailbuddy/shared/domain/compatibility';
import type { HikeToJoin } from '@trailbuddy/shared/contracts/match';
import { placesLeftText } from '@trailbuddy/shared/domain/hikes';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { Check, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useHikesToJoin } from '../../../lib/queries/matches';
import { requestToJoin, useHikeAction } from '../api/hike-joins';
import { errorMessage } from '../../../lib/error-message';
import { HikePersonRow } from './HikePeople';
import { MatchWhy } from './MatchWhy';

/**
 * Hikes of this trail and day with places left (ADR 0054): who is on each, with their
 * compatibility with me, and a request to join that anyone on it may accept. Like a person's
 * card, each says its figure (the average over its people), why, and how far from the trailhead
 * its nearest person lives (ADR 0068). Nothing shows when no hike has room.
 */
export function HikesToJoin({ trailId, day, time }: { trailId: string; day: WeekendDay; time?: string }) {
  const hikes = useHikesToJoin(trailId, day, time).data ?? [];
  if (hikes.length === 0) return null;
  return (
    <section aria-labelledby="hikes-to-join-heading" className="space-y-3">
      <div>
        <h2 id="hikes-to-join-heading" className="text-lg font-semibold text-stone-900">
          Hikes to join
        </h2>
        <p className="text-sm text-stone-600">These hikes have room for more. Ask to join; anyone on the hike can accept.</p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {hikes.map((hike) => (
          <li key={hike.matchId}>
            <HikeToJoinCard hike={hike} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function HikeToJoinCard({ hike }: { hike: HikeToJoin }) {
  const ask = useHikeAction(requestToJoin);
  const [asked, setAsked] = useState(hike.requested);
  const names = hike.people.map((p) => p.profile.name.split(' ')[0]).join(', ');
  return (
    <article aria-label={`Hike with ${names}`} className="space-y-3 rounded-2xl bg-white p-4 shadow-card ring-1 ring-stone-200/70">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-stone-900">Hike with {names}</h3>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {placesLeftText(hike.placesLeft)}
        </span>
      </div>
      <p className="text-sm font-semibold text-brand-800">{hikeCompatibilityLabel(hike.compatibility, hike.people.length)}</p>
      <MatchWhy reasons={hike.reasons} trailhead={hike.trailhead} />
      <ul className="space-y-1">
        {hike.people.map((person) => (
          <HikePersonRow key={person.profile.id} person={person} />
        ))}
      </ul>
      {asked ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-brand-800">
          <Check className="size-4" aria-hidden="true" />
          You asked to join. Anyone on the hike can accept.
        </p>
      ) : (
        <Button className="w-full" disabled={ask.isPending} onClick={() => ask.mutate(hike.matchId, { onSuccess: () => setAsked(true) })}>
          <UserPlus className="size-4" aria-hidden="true" />
          Ask to join
        </Button>
      )}
      {ask.error && <Alert tone="error">{errorMessage(ask.error)}</Alert>}
    </article>
  );
}
