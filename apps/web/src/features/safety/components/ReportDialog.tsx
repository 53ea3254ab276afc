import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportInputSchema,
  type ReportReason,
} from '@trailbuddy/shared/contracts/safety';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectField, TextAreaField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useReport } from '../api/safety';

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

export interface ReportTarget {
  person: { id: string; name: string };
  matchId?: string;
  messageId?: string;
}

/** A reason from the list and a few words; the match and its last messages go with it. */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const serverFields = report.error instanceof ApiError ? (report.error.fields ?? {}) : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { userId: target.person.id, reason, details, matchId: target.matchId, messageId: target.messageId };
    const parsed = reportInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    report.mutate(parsed.data);
  }

  return (
    <Dialog
      title={`Report ${target.person.name}`}
      description="An administrator reads every report. They are not told who reported them."
      onClose={onClose}
    >
      {report.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">Thank you. An administrator will look at your report.</Alert>
          <div className="flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <SelectField
            label="Reason"
            required
            name="reason"
            value={reason}
            emptyLabel="Choose a reason"
            options={REASON_OPTIONS}
            onChange={(e) => setReason(e.target.value as ReportReason)}
            error={errors.reason ?? serverFields.reason}
          />
          <TextAreaField
            label="What happened?"
            name="details"
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            onChange={(e) => setDetails(e.target.value)}
            hint={`${details.length}/${REPORT_DETAILS_MAX}`}
            error={errors.details ?? serverFields.details}
          />
          {report.error && !Object.keys(serverFields).length && <Alert tone="error">{errorMessage(report.error)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
