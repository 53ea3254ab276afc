import type { HikePerson, MatchView } from '@trailbuddy/shared/contracts/match';
import { placesLeftText } from '@trailbuddy/shared/domain/hikes';
import { Check, X } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { acceptJoinRequest, declineJoinRequest, useHikeAction } from '../api/hike-joins';
import { errorMessage } from '../../../lib/error-message';
import { Avatar } from './Avatar';
import { PersonFigure, shownPerson } from './PersonFigure';

const AVATAR_SIZE = 32;

/** One person on a hike: picture, name (opening their profile) and compatibility with me. */
export function HikePersonRow({ person }: { person: HikePerson }) {
  const { navigate } = useNavigation();
  const shown = shownPerson(person.profile.name);
  return (
    <li className="flex items-center justify-between gap-2">
      <button
        type="button"
        onClick={() => navigate({ name: 'profile', userId: person.profile.id })}
        className="-ml-1 flex min-w-0 items-center gap-2 rounded-full py-0.5 pr-3 pl-1 text-left hover:bg-stone-100"
      >
        <Avatar src={person.profile.image} size={AVATAR_SIZE} />
        <span className="min-w-0 text-sm font-semibold break-words text-stone-800">{shown.name}</span>
      </button>
      <PersonFigure unavailable={shown.unavailable} compatibility={person.compatibility} />
    </li>
  );
}

/**
 * Everyone else on a hike of more than two (or one with room), the places left and the requests
 * to join, which anyone on the hike may accept or decline (ADR 0054). On a hike I left on my own
 * block (ADR 0073), everyone still on it, the person I blocked among them.
 */
export function HikePeople({ match, describedBy }: { match: MatchView; describedBy: string }) {
  const accept = useHikeAction(acceptJoinRequest);
  const decline = useHikeAction(declineJoinRequest);
  const busy = accept.isPending || decline.isPending;
  const failure = accept.error ?? decline.error;
  return (
    <section aria-label="Who is on this hike" className="mt-3 space-y-2 rounded-xl bg-stone-50 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-stone-900">{leftOnMyBlock(match) ? 'Still on this hike' : 'On this hike with you'}</h3>
        {match.status === 'confirmed' && (
          <span className="text-xs font-semibold text-stone-600">{match.placesLeft > 0 ? placesLeftText(match.placesLeft) : 'Full'}</span>
        )}
      </div>
      <ul className="space-y-1">
        {match.people.map((person) => (
          <HikePersonRow key={person.profile.id} person={person} />
        ))}
      </ul>
      {match.joinRequests.length > 0 && (
        <div className="space-y-2 border-t border-stone-200 pt-2">
          <h3 className="text-sm font-semibold text-stone-900">Asking to join</h3>
          {match.joinRequests.map((request) => (
            <div key={request.id} className="space-y-1">
              <ul>
                <HikePersonRow person={request.person} />
              </ul>
              <div className="grid grid-cols-2 gap-2">
                <Button variant="secondary" disabled={busy} aria-describedby={describedBy} onClick={() => decline.mutate(request.id)}>
                  <X className="size-4" aria-hidden="true" />
                  Decline {request.person.profile.name.split(' ')[0]}
                </Button>
                <Button disabled={busy} aria-describedby={describedBy} onClick={() => accept.mutate(request.id)}>
                  <Check className="size-4" aria-hidden="true" />
                  Accept {request.person.profile.name.split(' ')[0]}
                </Button>
              </div>
            </div>
          ))}
        </div>
      )}
      {failure && <Alert tone="error">{errorMessage(failure)}</Alert>}
    </section>
  );
}

/** A hike of three or more that I left when I blocked someone on it: it goes on for the others (ADR 0073). */
const leftOnMyBlock = (match: MatchView) => match.cancellation?.hikeGoesOn === true;

/**
 * Whether a card shows the hike's people: a hike of more than two, or one that left room for more,
 * and a hike I left on my block, whose card lists everyone who was on it with me, not only its
 * first other person (who may be the one I blocked).
 */
export const showsHikePeople = (match: MatchView) =>
  ((match.status === 'confirmed' || match.status === 'completed') && (match.people.length > 1 || match.capacity > 2)) ||
  (leftOnMyBlock(match) && match.people.length > 0);
