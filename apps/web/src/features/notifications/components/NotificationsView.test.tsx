// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationItem } from '@trailbuddy/shared/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { renderWithNavigation } from '../../../testing/matches-utils';
import { mockFetch } from '../../../testing/test-utils';
import NotificationBell from './NotificationBell';
import NotificationPreferencesView from './NotificationPreferencesView';
import NotificationsView from './NotificationsView';

const item = (overrides: Partial<NotificationItem>): NotificationItem => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'invitation-received',
  title: 'You are invited',
  body: 'Rui Costa invited you to Arrábida Ridge.',
  view: { name: 'matches-page', tab: 'pending' },
  matchId: 'm1',
  createdAt: '2026-11-25T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

describe('NotificationsView', () => {
  it('lists newest first as the server gives them, opens an entry’s view and marks it read, pages on', async () => {
    const unread = item({});
    const read = item({
      id: '22222222-2222-4222-8222-222222222222',
      kind: 'match-accepted',
      title: 'Match confirmed',
      readAt: '2026-11-25T11:00:00.000Z',
      view: { name: 'match-accepted', matchId: 'm2' },
    });
    const fetchMock = mockFetch([
      { path: '/api/notifications', body: { items: [unread, read], nextCursor: null, unread: 1 } },
      { path: `/api/notifications/${unread.id}/read`, method: 'POST', status: 204 },
      { path: '/api/notifications/read-all', method: 'POST', status: 204 },
    ]);
    const { navigate } = renderWithNavigation(<NotificationsView />, { name: 'notifications' });
    const list = await screen.findByTestId('notification-list');
    const entries = within(list).getAllByRole('button');
    expect(entries.map((e) => e.getAttribute('data-unread'))).toEqual(['true', null]);
    expect(entries[0]!.textContent).toContain('Rui Costa invited you to Arrábida Ridge.');

    fireEvent.click(entries[0]!);
    expect(navigate).toHaveBeenCalledWith({ name: 'matches-page', tab: 'pending' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/api/notifications/${unread.id}/read`))).toBe(true),
    );
    // An entry already read opens its view without another request.
    fireEvent.click(entries[1]!);
    expect(navigate).toHaveBeenLastCalledWith({ name: 'match-accepted', matchId: 'm2' });

    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/notifications/read-all'))).toBe(true));
  });
});

describe('NotificationBell', () => {
  it('shows the unread count and says it to screen readers', async () => {
    mockFetch([{ path: '/api/notifications/unread-count', body: { unread: 3 } }]);
    renderWithNavigation(<NotificationBell />);
    expect((await screen.findByTestId('notification-count')).textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' }).getAttribute('href')).toBe('/notifications');
  });
});

describe('NotificationPreferencesView', () => {
  it('starts from the defaults and saves a kind’s e-mail turned off', async () => {
    const fetchMock = mockFetch([
      { path: '/api/notifications/preferences', body: { channels: {}, quietHours: null, timeZone: 'Europe/Lisbon' } },
      {
        path: '/api/notifications/preferences',
        method: 'PUT',
        body: { channels: { 'invitation-received': { email: false } }, quietHours: null, timeZone: 'Europe/Lisbon' },
      },
    ]);
    renderWithNavigation(<NotificationPreferencesView />, { name: 'notification-preferences' });
    const box = (await screen.findByRole('checkbox', { name: 'Invitations: E-mail' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Expired searches and requests: Push' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeDefined();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      channels: { 'invitation-received': { email: false } },
      quietHours: null,
      timeZone: 'Europe/Lisbon',
    });
  });
});
