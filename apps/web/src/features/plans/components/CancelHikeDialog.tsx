import { CANCEL_NOTE_MAX, cancelMatchSchema, type MatchView } from '@trailbuddy/shared/contracts/match';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextAreaField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCancelHike } from '../api/plans';
import { partnerFirstName, trailName, wouldBeLate } from '../utils/plans-text';

/** Asks why, then cancels a confirmed hike; the buddy is told, with the reason. */
export function CancelHikeDialog({ match, now, onClose }: { match: MatchView; now: number; onClose: () => void }) {
  const cancel = useCancelHike();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const serverField = cancel.error instanceof ApiError ? cancel.error.fields?.reason : undefined;
  const problem = cancel.error && !serverField ? errorMessage(cancel.error, ['reason']) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = cancelMatchSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    cancel.mutate({ matchId: match.id, ...parsed.data }, { onSuccess: onClose });
  }

  // A hike of three or more goes on without the one who leaves (ADR 0054).
  const group = match.people.length > 1;
  return (
    <Dialog
      title={group ? 'Leave this hike?' : 'Cancel this hike?'}
      description={
        group
          ? `Everyone else on ${trailName(match)} will be told right away, with your reason. The hike goes on without you.`
          : `${partnerFirstName(match)} will be told right away, with your reason, that ${trailName(match)} is off.`
      }
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField
          label="Reason"
          required
          name="reason"
          value={reason}
          maxLength={CANCEL_NOTE_MAX}
          onChange={(e) => setReason(e.target.value)}
          error={fieldError ?? serverField}
          hint={`${reason.length}/${CANCEL_NOTE_MAX}`}
          disabled={cancel.isPending}
        />
        {wouldBeLate(match, now) && (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            The hike starts in less than 24 hours: this is recorded as a late cancellation.
          </p>
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            Keep the hike
          </Button>
          <Button type="submit" disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : group ? 'Leave hike' : 'Cancel hike'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
