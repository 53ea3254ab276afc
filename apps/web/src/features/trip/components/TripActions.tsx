import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { MEETING_POINT_MAX, checkInOpen, checkOutOpen } from '@trailbuddy/shared/contracts/trip';
import { LogIn, LogOut, MapPin, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSetMeetingPoint, useTripAction, useTripPlan } from '../api/trip';

/**
 * The trip plan on a confirmed match's card (ADR 0033): the exact meeting point, "Share my trip",
 * check-in and check-out. The server enforces every window; the buttons only follow them.
 */
export default function TripActions({ match, now = Date.now() }: { match: MatchView; now?: number }) {
  if (match.status !== 'confirmed') return null;
  return <ConfirmedTrip match={match} now={now} />;
}

function ConfirmedTrip({ match, now }: { match: MatchView; now: number }) {
  const plan = useTripPlan(match.id);
  const act = useTripAction(match.id);
  const setPoint = useSetMeetingPoint(match.id);
  const [editing, setEditing] = useState(false);
  if (!plan.data) return null;
  const trip = plan.data;
  const session = { startTime: new Date(match.startTime), endTime: new Date(match.endTime) };
  const at = new Date(now);
  const ended = session.endTime <= at;

  function savePoint(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('meetingPoint') ?? '').trim();
    setPoint.mutate(value === '' ? null : value, { onSuccess: () => setEditing(false) });
  }

  return (
    <div className="mt-3 space-y-2 rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-700">
      {editing ? (
        <form className="space-y-2" onSubmit={savePoint} noValidate>
          <InputField
            label="Meeting point"
            name="meetingPoint"
            defaultValue={trip.meetingPoint ?? ''}
            maxLength={MEETING_POINT_MAX}
            hint="Only you and your buddy see it."
            error={setPoint.error instanceof ApiError ? setPoint.error.fields?.meetingPoint : undefined}
          />
          <Button type="submit" variant="secondary" disabled={setPoint.isPending}>
            Save meeting point
          </Button>
        </form>
      ) : (
        <p className="flex items-center gap-2">
          <MapPin className="size-4" aria-hidden="true" />
          <span>Meeting point: {trip.meetingPoint ?? 'not set yet'}</span>
          {!ended && (
            <Button variant="ghost" onClick={() => setEditing(true)}>
              {trip.meetingPoint ? 'Change' : 'Set'}
            </Button>
          )}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!ended && trip.contactConfirmed && (
          <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate('trip/share')}>
            <Send className="size-4" aria-hidden="true" />
            {trip.sharedAt ? 'Share my trip again' : 'Share my trip'}
          </Button>
        )}
        {!trip.checkedInAt && checkInOpen(session, at) && (
          <Button disabled={act.isPending} onClick={() => act.mutate('check-in')}>
            <LogIn className="size-4" aria-hidden="true" />
            Check in
          </Button>
        )}
        {trip.checkedInAt && !trip.checkedOutAt && checkOutOpen(session, at) && (
          <Button disabled={act.isPending} onClick={() => act.mutate('check-out')}>
            <LogOut className="size-4" aria-hidden="true" />
            Check out
          </Button>
        )}
      </div>
      <p role="status">
        {trip.sharedAt && 'Trip shared with your emergency contact. '}
        {trip.checkedOutAt ? 'You checked out.' : trip.checkedInAt ? 'You checked in.' : ''}
        {trip.buddyCheckedIn && !trip.buddyCheckedOut ? ' Your buddy checked in.' : trip.buddyCheckedOut ? ' Your buddy checked out.' : ''}
      </p>
      {!trip.contactConfirmed && !ended && <p className="text-stone-500">Add an emergency contact in your profile to share your trip.</p>}
      {act.error && <Alert tone="error">{errorMessage(act.error)}</Alert>}
    </div>
  );
}
