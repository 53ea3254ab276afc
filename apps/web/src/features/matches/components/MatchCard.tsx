import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { formatDate, formatTimeRange, UNKNOWN_DATE } from '@trailbuddy/shared/domain/date-format';
import { conversationOpen } from '@trailbuddy/shared/contracts/messages';
import { CalendarDays, Check, Clock, Hourglass, MapPin, MessageCircle, MessageSquareText, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useUnreadIn } from '../../../lib/queries/conversations';
import { useAcceptMatch } from '../api/accept-match';
import { useRejectMatch } from '../api/reject-match';
import { errorMessage } from '../../../lib/error-message';
import { partnerNameOf, STATUS_LABELS, STATUS_STYLES, trailNameOf } from '../utils/format';
import { awaitsFeedback } from '../utils/match-tabs';
import { Avatar } from './Avatar';
import { HikePeople, showsHikePeople } from './HikePeople';
import { PersonFigure, shownPerson } from './PersonFigure';
import { TrailThumb } from './visuals';

const THUMB_SIZE = 88;
const AVATAR_SIZE = 36;

export interface MatchCardProps {
  match: MatchView;
  /** The current time, in ms: a confirmed session that has ended reads as awaiting feedback. */
  now: number;
  /** Offered on finished sessions I have not given feedback on yet. */
  onGiveFeedback?: (match: MatchView) => void;
  /** Controls the app composes in from other features (changing plans, the calendar). */
  actions?: ReactNode;
}

/** One match on the matches page: the trail, when, who with, how well we match, and what I can do. */
export function MatchCard({ match, now, onGiveFeedback, actions }: MatchCardProps) {
  const { navigate } = useNavigation();
  const titleId = useId();
  const accept = useAcceptMatch({ onAccepted: (confirmed) => navigate({ name: 'match-accepted', matchId: confirmed.id }) });
  const reject = useRejectMatch();
  const busy = accept.isPending || reject.isPending;
  const failure = accept.error ?? reject.error;

  const trailName = trailNameOf(match);
  const partnerName = partnerNameOf(match.partner);
  const partner = shownPerson(partnerName);
  // A manual event nobody has joined has no partner by design; anywhere else a missing partner
  // is a profile that no longer exists.
  const openEvent = match.status === 'active' && !match.partner;
  const date = formatDate(match.startTime, 'short');
  const badge = awaitsFeedback(match, now) ? 'awaitingFeedback' : match.status;
  // A hike's people list names everyone on it, the partner included, each with their
  // compatibility: the single partner row would repeat its first person.
  const listsPeople = showsHikePeople(match);

  return (
    <article aria-labelledby={titleId} className="rounded-2xl bg-white p-3 shadow-card ring-1 ring-stone-200/70 sm:p-4">
      <div className="flex gap-3">
        <TrailThumb image={match.trail?.image} size={THUMB_SIZE} />
        <div className="min-w-0 flex-1">
          <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[badge]}`}>
            <span className="sr-only">Status: </span>
            {STATUS_LABELS[badge]}
          </span>
          <h2 id={titleId} className="mt-1 leading-snug font-semibold text-stone-900">
            {match.trail ? (
              <button
                type="button"
                onClick={() => navigate({ name: 'trail-detail', trailId: match.trailId, from: 'matches' })}
                className="rounded text-left hover:text-brand-700 hover:underline"
              >
                {trailName}
              </button>
            ) : (
              trailName
            )}
          </h2>
          {match.trail?.location && (
            <p className="mt-0.5 flex items-center gap-1 truncate text-sm text-stone-600">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              {match.trail.location}
            </p>
          )}
          <dl className="mt-1.5 space-y-0.5 text-sm text-stone-700">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Date</dt>
              <CalendarDays className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <dd>{date}</dd>
            </div>
            {date !== UNKNOWN_DATE && (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Time</dt>
                <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                <dd>{formatTimeRange(match.startTime, match.endTime)}</dd>
              </div>
            )}
          </dl>
        </div>
      </div>

      {!listsPeople && (
        <div className="mt-3 flex items-center justify-between gap-3 border-t border-stone-100 pt-3">
          {openEvent ? (
            <p className="text-sm text-stone-600">Proposed by you</p>
          ) : match.partner ? (
            <button
              type="button"
              onClick={() => match.partner && navigate({ name: 'profile', userId: match.partner.id })}
              className="-my-1 -ml-1 flex min-w-0 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-left hover:bg-stone-100"
            >
              <Avatar src={match.partner.image} size={AVATAR_SIZE} />
              <span className="min-w-0 text-sm font-semibold break-words text-stone-800">
                <span className="sr-only">Partner: </span>
                {partner.name}
              </span>
            </button>
          ) : (
            <p className="flex min-w-0 items-center gap-2">
              <Avatar src={null} size={AVATAR_SIZE} />
              <span className="truncate text-sm font-semibold text-stone-600">
                <span className="sr-only">Partner: </span>
                {partnerName}
              </span>
            </p>
          )}
          {!openEvent && (
            <PersonFigure
              unavailable={partner.unavailable}
              compatibility={match.compatibility}
              className="rounded-full bg-brand-50 px-2.5 py-1"
            />
          )}
        </div>
      )}

      {listsPeople && <HikePeople match={match} describedBy={titleId} />}

      {match.status === 'pending' &&
        (match.awaitingMyAnswer ? (
          <div className="mt-3 grid grid-cols-2 gap-2">
            <Button variant="secondary" disabled={busy} aria-describedby={titleId} onClick={() => reject.mutate(match.id)}>
              <X className="size-4" aria-hidden="true" />
              Reject
            </Button>
            <Button disabled={busy} aria-describedby={titleId} onClick={() => accept.mutate(match.id)}>
              <Check className="size-4" aria-hidden="true" />
              Accept
            </Button>
          </div>
        ) : (
          <p className="mt-3 flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Hourglass className="size-4 shrink-0" aria-hidden="true" />
            Waiting for {partnerName}
          </p>
        ))}

      {onGiveFeedback && !match.myFeedback && (
        <Button variant="secondary" className="mt-3 w-full" aria-describedby={titleId} onClick={() => onGiveFeedback(match)}>
          <MessageSquareText className="size-4" aria-hidden="true" />
          Give feedback
        </Button>
      )}
      {onGiveFeedback && match.myFeedback && (
        <p className="mt-3 text-sm text-stone-600">
          {match.myFeedback.skipped
            ? 'You skipped feedback for this hike.'
            : match.myFeedback.attended === false
              ? 'Feedback sent: you didn’t attend.'
              : `Feedback sent${match.myFeedback.rating ? `: ${match.myFeedback.rating} of 5 stars` : ''}.`}
        </p>
      )}

      {match.partner && conversationOpen({ status: match.status, endTime: new Date(match.endTime) }, new Date(now)) && (
        <MessagesButton matchId={match.id} describedBy={titleId} />
      )}
      {actions}

      {failure && (
        <div className="mt-3">
          <Alert tone="error">{errorMessage(failure)}</Alert>
        </div>
      )}
    </article>
  );
}

/** Opens the buddy conversation (features/conversation), with its unread count. */
function MessagesButton({ matchId, describedBy }: { matchId: string; describedBy: string }) {
  const { navigate } = useNavigation();
  const unread = useUnreadIn(matchId).data ?? 0;
  return (
    <Button
      variant="secondary"
      className="mt-3 w-full"
      aria-describedby={describedBy}
      onClick={() => navigate({ name: 'conversation', matchId })}
    >
      <MessageCircle className="size-4" aria-hidden="true" />
      Messages
      {unread > 0 && <span className="rounded-full bg-red-600 px-2 text-xs leading-5 text-white">{unread} unread</span>}
    </Button>
  );
}
