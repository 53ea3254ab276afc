import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, AdminReportActionInput, AuditEntry, ReportStatus } from '@trailbuddy/shared/contracts/safety';
import { api } from '../../../lib/api-client';

const reportKeys = { all: ['admin-reports'] as const, queue: (status: ReportStatus) => ['admin-reports', status] as const };

export const useReportQueue = (status: ReportStatus) =>
  useQuery({
    queryKey: reportKeys.queue(status),
    queryFn: async ({ signal }) => (await api.get<{ reports: AdminReport[] }>('/api/admin/reports', { query: { status }, signal })).reports,
  });

export const useAuditLog = () =>
  useQuery({
    queryKey: [...reportKeys.all, 'audit-log'],
    queryFn: async ({ signal }) => (await api.get<{ entries: AuditEntry[] }>('/api/admin/audit-log', { signal })).entries,
  });

/** Review, dismiss, warn or disable: every queue and the audit log change. */
export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, ...body }: { reportId: string } & AdminReportActionInput) =>
      api.post<void>(`/api/admin/reports/${encodeURIComponent(reportId)}/actions`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
