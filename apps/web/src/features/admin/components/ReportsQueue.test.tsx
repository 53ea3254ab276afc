// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WARNING_MESSAGE_MISSING, type AdminReport } from '@trailbuddy/shared/contracts/safety';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { ReportsQueue } from './ReportsQueue';

const report: AdminReport = {
  id: 'r1',
  status: 'open',
  resolution: null,
  reason: 'harassment',
  details: 'Called me names in the chat.',
  reporter: { id: 'u1', name: 'Ana', email: 'ana@example.com', disabled: false },
  reported: { id: 'u2', name: 'Rui', email: 'rui@example.com', disabled: false },
  context: { match: null, messages: [], reportedMessageId: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const posted = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

describe('ReportsQueue warnings (issue 23)', { timeout: 20_000 }, () => {
  it('sends a warning with its own message, previewed as the member reads it, and keeps the note for the audit log', async () => {
    const fetchMock = mockFetch([
      { path: '/api/admin/reports', body: { reports: [report] } },
      { path: '/api/admin/audit-log', body: { entries: [] } },
      { method: 'POST', path: '/api/admin/reports/r1/actions', status: 204 },
    ]);
    renderWithProviders(<ReportsQueue />);
    const card = within(await screen.findByRole('listitem', { name: 'Report about Rui' }));
    fireEvent.change(card.getByLabelText(/^Note for the audit log/), { target: { value: 'Second report this month.' } });
    expect(card.getByText('Only administrators read the note; Rui never sees it.')).toBeDefined();

    fireEvent.click(card.getByRole('button', { name: 'Warn' }));
    // Nothing goes before the message is written.
    fireEvent.click(card.getByRole('button', { name: 'Send warning' }));
    expect(await card.findByText(WARNING_MESSAGE_MISSING)).toBeDefined();
    expect(posted(fetchMock)).toEqual([]);

    const message = 'Please keep the conversation friendly.';
    fireEvent.change(card.getByLabelText(/^Message to Rui/), { target: { value: message } });
    const preview = within(card.getByRole('figure', { name: 'Preview of the warning to Rui' }));
    expect(preview.getByText('About your account')).toBeDefined();
    expect(preview.getByText(message)).toBeDefined();
    expect(preview.queryByText(/Second report/)).toBeNull();

    fireEvent.click(card.getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(posted(fetchMock)).toEqual([{ action: 'warn', note: 'Second report this month.', message }]));
  });

  it('goes back to the actions without sending anything', async () => {
    const fetchMock = mockFetch([
      { path: '/api/admin/reports', body: { reports: [report] } },
      { path: '/api/admin/audit-log', body: { entries: [] } },
    ]);
    renderWithProviders(<ReportsQueue />);
    const card = within(await screen.findByRole('listitem', { name: 'Report about Rui' }));
    fireEvent.click(card.getByRole('button', { name: 'Warn' }));
    fireEvent.click(card.getByRole('button', { name: 'Back' }));
    expect(card.getByRole('button', { name: 'Dismiss' })).toBeDefined();
    expect(card.queryByLabelText(/^Message to Rui/)).toBeNull();
    expect(posted(fetchMock)).toEqual([]);
  });
});
