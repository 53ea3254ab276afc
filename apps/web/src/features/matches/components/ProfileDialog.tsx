import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { BestMatch } from '@trailbuddy/shared/contracts/match';
import { instagramHandle, instagramUrl } from '@trailbuddy/shared/domain/instagram';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { AtSign, MapPin } from 'lucide-react';
import { ReliableBadge } from '../../../components/ui/ReliableBadge';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useInviteToHike } from '../api/invite';
import { useRequestMatch } from '../api/request-match';
import { bestMatchWhy, capitalize, compatibilityLabel, compatibilityTitle, skillLabel } from '../utils/format';
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
  const instagram = instagramHandle(profile.instagram);
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

        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <Fact label="Age" value={profile.age ?? FALLBACK_LABELS.notAvailable} />
          <Fact label="Gender" value={profile.gender ?? FALLBACK_LABELS.notAvailable} />
          <Fact label="Hiking" value={skillLabel(profile.skills.hiking)} />
          <Fact label="Running" value={skillLabel(profile.skills.running)} />
          <Fact label="Biking" value={skillLabel(profile.skills.biking)} />
          {/* Optional (issue 23): shown only when the person has given one. */}
          {instagram && (
            <Fact
              label="Instagram"
              value={
                <a
                  href={instagramUrl(instagram)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-0.5 font-semibold text-brand-700 hover:underline"
                >
                  <AtSign className="size-3.5" aria-hidden="true" />
                  {instagram}
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              }
            />
          )}
        </dl>

        <div>
          <h3 className="text-sm font-semibold text-stone-900">Bio</h3>
          <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-stone-700">
            {profile.bio?.trim() || FALLBACK_LABELS.notAvailable}
          </p>
        </div>

        <div>
          <h3 className="text-sm font-semibold text-stone-900">Preferences</h3>
          <ul className="mt-2 flex flex-wrap gap-2 text-xs font-medium">
            <Preference label="Pace" value={profile.preferences.pace} />
            <Preference label="Communication" value={profile.preferences.communication} />
            <Preference label="Adventure" value={profile.preferences.adventureLevel} />
          </ul>
        </div>

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

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-stone-500">{label}</dt>
      <dd className="truncate font-medium text-stone-900">{value}</dd>
    </div>
  );
}

function Preference({ label, value }: { label: string; value: string }) {
  return (
    <li className="rounded-full bg-accent-50 px-2.5 py-1 text-accent-700 ring-1 ring-accent-100 ring-inset">
      {label}: {capitalize(value)}
    </li>
  );
}
