import {
  REPORT_REASON_LABELS,
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
  const noteError = act.error instanceof ApiError ? act.error.fields?.note : undefined;
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
          {act.error && !noteError && (
            <Alert tone="error">{act.error instanceof ApiError ? act.error.message : 'Something went wrong.'}</Alert>
          )}
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action}
                variant={action === 'disable' ? 'primary' : 'secondary'}
                disabled={act.isPending}
                onClick={() => act.mutate({ reportId: report.id, action, note })}
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        </div>
      )}
    </li>
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
