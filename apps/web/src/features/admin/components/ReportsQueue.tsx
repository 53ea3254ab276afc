import { NOTIFICATION_PARAM_FALLBACKS, notificationTexts } from '@trailbuddy/shared/contracts/notifications';
import {
  REPORT_REASON_LABELS,
  WARNING_MESSAGE_MAX,
  WARNING_MESSAGE_MISSING,
  REPORT_STATUSES,
  type AdminReport,
  type AdminReportAction,
  type ReportStatus,
} from '@trailbuddy/shared/contracts/safety';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useAuditLog, useReportAction, useReportQueue } from '../api/reports';

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', in_review: 'In review', closed: 'Closed' };
const ACTION_LABELS: Record<AdminReportAction, string> = {
  review: 'Start review',
  dismiss: 'Dismiss',
  warn: 'Warn',
  disable: 'Disable account',
};
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/reports: the moderation queue by status, each report with the context it copied, and the audit log. */
export function ReportsQueue() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const queue = useReportQueue(status);
  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="Report status" className="flex gap-2">
        {REPORT_STATUSES.map((s) => (
          <Button
            key={s}
            role="tab"
            aria-selected={s === status}
            variant={s === status ? 'primary' : 'secondary'}
            onClick={() => setStatus(s)}
          >
            {STATUS_LABELS[s]}
          </Button>
        ))}
      </div>
      {queue.isError && <Alert tone="error">We couldn’t load the reports.</Alert>}
      {queue.data?.length === 0 && <p className="text-stone-600">No reports here.</p>}
      <ul className="space-y-4" aria-label={`${STATUS_LABELS[status]} reports`}>
        {queue.data?.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </ul>
      <AuditLog />
    </div>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const act = useReportAction();
  const [note, setNote] = useState('');
  // Warn opens the warning's own message to the member and its preview (issue 23); null: closed.
  const [message, setMessage] = useState<string | null>(null);
  const [messageMissing, setMessageMissing] = useState(false);
  const noteError = act.error instanceof ApiError ? act.error.fields?.note : undefined;
  const messageError = messageMissing ? WARNING_MESSAGE_MISSING : act.error instanceof ApiError ? act.error.fields?.message : undefined;
  const sendWarning = () => {
    const text = message?.trim() ?? '';
    setMessageMissing(!text);
    if (text) act.mutate({ reportId: report.id, action: 'warn', note, message: text });
  };
  const actions: AdminReportAction[] = report.status === 'open' ? ['review', 'dismiss', 'warn', 'disable'] : ['dismiss', 'warn', 'disable'];
  const { context } = report;
  return (
    <li className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200" aria-label={`Report about ${report.reported.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-stone-900">
          {report.reported.name} · {REPORT_REASON_LABELS[report.reason]}
        </h3>
        <span className="text-sm text-stone-500">
          Reported by {report.reporter.name}, {when(report.createdAt)}
          {report.resolution && ` · ${report.resolution}`}
        </span>
      </div>
      {report.details && <p className="text-sm whitespace-pre-wrap text-stone-800">{report.details}</p>}
      {context.match && (
        <p className="text-sm text-stone-600">
          Match: {context.match.trailName ?? 'a trail'}, {when(context.match.startTime)} ({context.match.status})
        </p>
      )}
      {context.messages.length > 0 && (
        <ol aria-label="Messages when reported" className="space-y-1 rounded-xl bg-stone-50 p-3 text-sm">
          {context.messages.map((m) => (
            <li key={m.id} className={m.id === context.reportedMessageId ? 'font-semibold text-red-800' : 'text-stone-700'}>
              {m.senderId === report.reported.id
                ? report.reported.name
                : m.senderId === report.reporter.id
                  ? report.reporter.name
                  : 'Someone'}
              : {m.body}
            </li>
          ))}
        </ol>
      )}
      {report.status !== 'closed' && (
        <div className="space-y-2">
          <TextAreaField
            label="Note for the audit log"
            name={`note-${report.id}`}
            required
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={noteError}
          />
          <p className="text-xs text-stone-500">Only administrators read the note; {report.reported.name} never sees it.</p>
          {act.error && !noteError && !messageError && <Alert tone="error">{errorMessage(act.error)}</Alert>}
          {message === null ? (
            <div className="flex flex-wrap gap-2">
              {actions.map((action) => (
                <Button
                  key={action}
                  variant={action === 'disable' ? 'primary' : 'secondary'}
                  disabled={act.isPending}
                  onClick={() => (action === 'warn' ? setMessage('') : act.mutate({ reportId: report.id, action, note }))}
                >
                  {ACTION_LABELS[action]}
                </Button>
              ))}
            </div>
          ) : (
            <WarningComposer
              name={report.reported.name}
              message={message}
              error={messageError}
              pending={act.isPending}
              onChange={(text) => {
                setMessage(text);
                setMessageMissing(false);
              }}
              onSend={sendWarning}
              onBack={() => setMessage(null)}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** The warning's own message to the member, and a preview of it as their notification reads. */
function WarningComposer(props: {
  name: string;
  message: string;
  error: string | undefined;
  pending: boolean;
  onChange: (message: string) => void;
  onSend: () => void;
  onBack: () => void;
}) {
  const preview = notificationTexts('account-warning', { ...NOTIFICATION_PARAM_FALLBACKS, message: props.message.trim() || undefined });
  return (
    <div className="space-y-3 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
      <TextAreaField
        label={`Message to ${props.name}`}
        required
        maxLength={WARNING_MESSAGE_MAX}
        hint="This is what they will read, in the app and by e-mail."
        value={props.message}
        onChange={(e) => props.onChange(e.target.value)}
        error={props.error}
      />
      <figure aria-label={`Preview of the warning to ${props.name}`} className="rounded-lg bg-white p-3 text-sm ring-1 ring-stone-200">
        <figcaption className="mb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">Preview</figcaption>
        <p className="font-semibold text-stone-900">{preview.title}</p>
        <p className="whitespace-pre-wrap text-stone-700">{preview.body}</p>
      </figure>
      <div className="flex flex-wrap gap-2">
        <Button disabled={props.pending} onClick={props.onSend}>
          Send warning
        </Button>
        <Button variant="secondary" disabled={props.pending} onClick={props.onBack}>
          Back
        </Button>
      </div>
    </div>
  );
}

function AuditLog() {
  const log = useAuditLog();
  return (
    <section aria-labelledby="audit-log" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="audit-log" className="font-semibold text-stone-900">
        Audit log
      </h2>
      <ul className="mt-2 divide-y divide-stone-100 text-sm">
        {log.data?.map((e) => (
          <li key={e.id} className="py-1.5 text-stone-700">
            {when(e.createdAt)} · {e.adminEmail} · {e.action} · {e.note}
          </li>
        ))}
      </ul>
    </section>
  );
}
