import type { BestMatch } from '@trailbuddy/shared/contracts/match';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { MapPin } from 'lucide-react';
import { ReliableBadge } from '../../../components/ui/ReliableBadge';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { PublicProfileDetails } from '../../../components/PublicProfileDetails';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useInviteToHike } from '../api/invite';
import { useRequestMatch } from '../api/request-match';
import { bestMatchWhy, compatibilityLabel, compatibilityTitle } from '../utils/format';
import { errorMessage } from '../../../lib/error-message';
import { Avatar } from './Avatar';

export const INVITE_SENT_MESSAGE = 'Invite sent!';
/** How long "Invite sent!" stays on screen before the request-sent view opens. */
export const INVITE_NOTICE_MS = 1000;

export interface ProfileDialogProps {
  candidate: BestMatch;
  trailId: string;
  day: WeekendDay;
  /** The search's start time (ADR 0065); unset, the trail's first. */
  time?: string;
  onClose: () => void;
  /** Called with the match that now waits for the other person's answer. */
  onSent: (matchId: string) => void;
  /** Composed by app/: Block and Report for this person (issue 14); `close` closes this dialog. */
  actions?: (person: { id: string; name: string }, close: () => void) => ReactNode;
}

/** The profile popup of a Best Matches card: the public profile, Invite to Hike and Send Request. */
export function ProfileDialog({ candidate, trailId, day, time, onClose, onSent, actions }: ProfileDialogProps) {
  const { profile, compatibility, searchingMatchId } = candidate;
  const why = bestMatchWhy(candidate);
  const invite = useInviteToHike();
  const request = useRequestMatch();
  const [invitedMatchId, setInvitedMatchId] = useState<string | null>(null);
  const busy = invite.isPending || request.isPending || invitedMatchId !== null;
  const failure = invite.error ?? request.error;

  const finish = useEffectEvent((matchId: string) => onSent(matchId));
  useEffect(() => {
    if (!invitedMatchId) return;
    const timer = setTimeout(() => finish(invitedMatchId), INVITE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [invitedMatchId]);

  function sendInvite() {
    request.reset();
    invite.mutate({ userId: profile.id, trailId, day, ...(time ? { time } : {}) }, { onSuccess: (match) => setInvitedMatchId(match.id) });
  }

  function sendRequest() {
    if (!searchingMatchId) return;
    invite.reset();
    request.mutate(searchingMatchId, { onSuccess: (match) => onSent(match.id) });
  }

  return (
    <Dialog title={profile.name} onClose={onClose} historyEntry="profile">
      <div className="space-y-5">
        <div className="flex items-center gap-4">
          <Avatar src={profile.image} size="lg" />
          <div className="space-y-1.5">
            <span
              title={compatibilityTitle(compatibility)}
              className="inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white"
            >
              {compatibilityLabel(compatibility)}
            </span>
            {why && <p className="text-sm text-stone-700">{why}</p>}
            <ReliableBadge reliable={profile.reliable} />
            {profile.location && (
              <p className="flex items-center gap-1 text-sm text-stone-600">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                {profile.location}
              </p>
            )}
          </div>
        </div>

        <PublicProfileDetails profile={profile} variant="dialog" />

        <div aria-live="polite">
          {invitedMatchId ? (
            <Alert tone="success">{INVITE_SENT_MESSAGE}</Alert>
          ) : failure ? (
            <Alert tone="error">{errorMessage(failure)}</Alert>
          ) : null}
        </div>

        <div className="flex flex-col gap-2.5 sm:flex-row-reverse">
          <Button onClick={sendInvite} disabled={busy} className="sm:flex-1">
            {invite.isPending ? 'Sending…' : 'Invite to Hike'}
          </Button>
          {searchingMatchId && (
            <Button variant="secondary" onClick={sendRequest} disabled={busy} className="sm:flex-1">
              {request.isPending ? 'Sending…' : 'Send Request'}
            </Button>
          )}
        </div>
        {searchingMatchId && (
          <p className="text-xs text-stone-500">
            {profile.name} is already looking for a buddy for this hike: Send Request joins their search.
          </p>
        )}
        {actions?.({ id: profile.id, name: profile.name }, onClose)}
      </div>
    </Dialog>
  );
}
