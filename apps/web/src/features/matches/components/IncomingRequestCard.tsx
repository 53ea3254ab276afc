import { ACTIVITIES } from '@trailbuddy/shared/contracts/enums';
import { ACTIVITY_LABELS } from '@trailbuddy/shared/contracts/labels';
import { SKILL_LABELS } from '@trailbuddy/shared/contracts/profile-labels';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { Check, X } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useAcceptMatch } from '../api/accept-match';
import { useRejectMatch } from '../api/reject-match';
import { errorMessage } from '../../../lib/error-message';
import { partnerNameOf } from '../utils/format';
import { onColourButtonClasses } from '../utils/styles';
import { Avatar } from './Avatar';

export interface IncomingRequestCardProps {
  match: MatchView;
  onAccepted: (match: MatchView) => void;
  onRejected: (match: MatchView) => void;
}

/** A pending match for this hike that waits for my answer: Accept or Reject. */
export function IncomingRequestCard({ match, onAccepted, onRejected }: IncomingRequestCardProps) {
  const accept = useAcceptMatch({ onAccepted });
  const reject = useRejectMatch({ onRejected });
  const partner = match.partner;
  const name = partnerNameOf(partner);
  const busy = accept.isPending || reject.isPending;
  const failure = accept.error ?? reject.error;

  return (
    <article
      aria-label={`Request from ${name}`}
      className="space-y-4 rounded-3xl bg-gradient-to-br from-brand-700 to-accent-700 p-5 text-white shadow-card"
    >
      <div className="flex items-center gap-4">
        <Avatar src={partner?.image} size="md" />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-100 uppercase">
            {match.role === 'creator' ? 'New request' : 'You’re invited'}
          </p>
          <p className="text-lg leading-snug font-semibold">
            {match.role === 'creator' ? `${name} wants to hike with you!` : `${name} invited you to hike together!`}
          </p>
          {partner?.location && <p className="text-sm text-brand-50">{partner.location}</p>}
          {partner && (
            <p className="text-sm text-brand-50">
              {ACTIVITIES.map((activity) => `${ACTIVITY_LABELS[activity]}: ${SKILL_LABELS[partner.skills[activity]]}`).join(' · ')}
            </p>
          )}
        </div>
      </div>
      {failure && (
        <div className="rounded-xl bg-white p-0.5">
          <Alert tone="error">{errorMessage(failure)}</Alert>
        </div>
      )}
      <div className="flex gap-2.5">
        <Button
          variant="secondary"
          className="flex-1"
          disabled={busy}
          onClick={() => {
            reject.reset();
            accept.mutate(match.id);
          }}
        >
          <Check className="size-4" aria-hidden="true" />
          {accept.isPending ? 'Accepting…' : 'Accept'}
        </Button>
        <button
          type="button"
          className={`${onColourButtonClasses} flex-1`}
          disabled={busy}
          onClick={() => {
            accept.reset();
            reject.mutate(match.id);
          }}
        >
          <X className="size-4" aria-hidden="true" />
          {reject.isPending ? 'Rejecting…' : 'Reject'}
        </button>
      </div>
    </article>
  );
}
