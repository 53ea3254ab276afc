// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TripPlan } from '@trailbuddy/shared/contracts/trip';
import { describe, expect, it } from 'vitest';
import { makeMatch } from '../../../testing/matches-utils';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import EmergencyContactSection from './EmergencyContactSection';
import TripActions from './TripActions';

const plan = (over: Partial<TripPlan> = {}): TripPlan => ({
  matchId: 'm1',
  meetingPoint: null,
  sharedAt: null,
  checkedInAt: null,
  checkedOutAt: null,
  buddyCheckedIn: false,
  buddyCheckedOut: false,
  contactConfirmed: true,
  checkInOpensAt: '',
  checkOutClosesAt: '',
  status: 'confirmed',
  ...over,
});

describe('TripActions', () => {
  it('offers check-in only in its window, and check-out only after check-in', async () => {
    const hike = makeMatch({ status: 'confirmed' });
    const start = new Date(hike.startTime).getTime();
    const fetch = mockFetch([
      { path: `/api/matches/${hike.id}/trip`, body: plan() },
      { method: 'POST', path: `/api/matches/${hike.id}/check-in`, body: plan({ checkedInAt: new Date(start).toISOString() }) },
    ]);
    const early = renderWithProviders(<TripActions match={hike} now={start - 2 * 60 * 60 * 1000} />);
    await screen.findByRole('button', { name: 'Share my trip' });
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    early.unmount();

    renderWithProviders(<TripActions match={hike} now={start - 30 * 60 * 1000} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    await screen.findByRole('button', { name: 'Check out' });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/check-in'))).toBe(true));
  });

  it('shows nothing on a match that is not confirmed', () => {
    const { container } = renderWithProviders(<TripActions match={makeMatch({ status: 'pending' })} />);
    expect(container.textContent).toBe('');
  });
});

describe('EmergencyContactSection', () => {
  it('saves a contact and says it waits for their confirmation', async () => {
    const fetch = mockFetch([
      { path: '/api/me/emergency-contact', body: { contact: null } },
      {
        method: 'PUT',
        path: '/api/me/emergency-contact',
        body: { contact: { name: 'Marta', email: 'marta@example.com', confirmed: false } },
      },
    ]);
    renderWithProviders(<EmergencyContactSection />);
    fireEvent.change(await screen.findByRole('textbox', { name: "Contact's name" }), { target: { value: 'Marta' } });
    fireEvent.change(screen.getByRole('textbox', { name: "Contact's e-mail" }), { target: { value: 'marta@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send the confirmation link' }));
    expect(await screen.findByText('Waiting for Marta to confirm by the link we e-mailed them.')).toBeDefined();
    const put = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ name: 'Marta', email: 'marta@example.com' });
  });
});
