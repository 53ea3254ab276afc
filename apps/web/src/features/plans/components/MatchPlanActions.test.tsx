// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_CLOSED_NOTE, FORMER_MEMBER } from '@trailbuddy/shared/contracts/account';
import { CANCEL_NOTE_MAX } from '@trailbuddy/shared/contracts/match';
import { describe, expect, it } from 'vitest';
import { daysFromNow, makeMatch, makeProfile } from '../../../testing/matches-utils';
import { mockFetch, renderWithProviders } from '../../../testing/test-utils';
import MatchPlanActions from './MatchPlanActions';

const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

describe('MatchPlanActions', () => {
  it('lets me withdraw a request I sent, and not one sent to me', async () => {
    const mine = makeMatch({ status: 'pending', awaitingMyAnswer: false });
    const fetch = mockFetch([{ method: 'POST', path: `/api/matches/${mine.id}/withdraw`, body: { ...mine, status: 'cancelled' } }]);
    const { unmount } = renderWithProviders(<MatchPlanActions match={mine} />);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    unmount();

    const theirs = makeMatch({ status: 'pending', awaitingMyAnswer: true });
    renderWithProviders(<MatchPlanActions match={theirs} />);
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });

  it('offers the .ics download of a confirmed hike to come, and nothing once it has started', () => {
    const hike = makeMatch({ status: 'confirmed' });
    const { unmount } = renderWithProviders(<MatchPlanActions match={hike} />);
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe(`/api/calendar/matches/${hike.id}`);
    expect(link.hasAttribute('download')).toBe(true);
    unmount();

    const started = makeMatch({ status: 'confirmed', start: daysFromNow(0, -1) });
    const { container } = renderWithProviders(<MatchPlanActions match={started} />);
    expect(container.textContent).toBe('');
  });

  it('asks for a reason before cancelling, checks it like the server, and sends it', async () => {
    const hike = makeMatch({ status: 'confirmed', start: daysFromNow(0, 5), partner: makeProfile({ name: 'Rui Santos' }) });
    const fetch = mockFetch([{ method: 'POST', path: `/api/matches/${hike.id}/cancellation`, body: { ...hike, status: 'cancelled' } }]);
    renderWithProviders(<MatchPlanActions match={hike} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel hike' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel this hike?' });
    expect(dialog.textContent).toContain('Rui will be told right away');
    expect(dialog.textContent).toContain('recorded as a late cancellation');
    const submit = within(dialog).getByRole('button', { name: 'Cancel hike' });
    fireEvent.click(submit);
    expect(await screen.findByText('Tell your buddy why you are cancelling.')).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();

    const reason = screen.getByRole('textbox', { name: /Reason/ });
    expect(reason.getAttribute('maxlength')).toBe(String(CANCEL_NOTE_MAX));
    fireEvent.change(reason, { target: { value: '  Storm warning  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetch.mock.calls[0]!)).toEqual({ reason: 'Storm warning' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers to leave a hike of three or more, which goes on without me (ADR 0054)', async () => {
    const person = (name: string) => ({ profile: makeProfile({ name }), compatibility: 90 });
    const hike = makeMatch({ status: 'confirmed', start: daysFromNow(4), capacity: 3, people: [person('Rui Santos'), person('Eva Lima')] });
    const fetch = mockFetch([{ method: 'POST', path: `/api/matches/${hike.id}/cancellation`, body: hike }]);
    renderWithProviders(<MatchPlanActions match={hike} />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave hike' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this hike?' });
    expect(dialog.textContent).toContain('The hike goes on without you.');
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Knee trouble' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave hike' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetch.mock.calls[0]!)).toEqual({ reason: 'Knee trouble' });
  });

  it('shows the server’s word on the reason field', async () => {
    const hike = makeMatch({ status: 'confirmed', start: daysFromNow(4) });
    mockFetch([
      {
        method: 'POST',
        path: `/api/matches/${hike.id}/cancellation`,
        status: 400,
        body: { error: { code: 'invalid-argument', message: 'Bad reason', fields: { reason: 'Keep it short.' } } },
      },
    ]);
    renderWithProviders(<MatchPlanActions match={hike} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel hike' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).not.toContain('late cancellation');
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel hike' }));
    expect(await screen.findByText('Keep it short.')).toBeDefined();
  });

  it('says why a match ended, with the partner’s note', () => {
    const ended = makeMatch({
      status: 'cancelled',
      partner: makeProfile({ name: 'Rui Santos' }),
      cancellation: { kind: 'cancelled', by: 'partner', note: 'Twisted my ankle', at: null, late: true },
    });
    renderWithProviders(<MatchPlanActions match={ended} />);
    expect(screen.getByRole('status').textContent).toBe('Rui cancelled the hike.“Twisted my ankle”');
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });

  it('names a buddy who deleted their account "Your buddy", not by the placeholder’s first word (issue 23)', () => {
    const ended = makeMatch({
      status: 'cancelled',
      partner: makeProfile({ id: FORMER_MEMBER.id, name: FORMER_MEMBER.name }),
      cancellation: { kind: 'cancelled', by: 'partner', note: ACCOUNT_CLOSED_NOTE, at: null, late: false },
    });
    renderWithProviders(<MatchPlanActions match={ended} />);
    expect(screen.getByRole('status').textContent).toBe(`Your buddy cancelled the hike.“${ACCOUNT_CLOSED_NOTE}”`);
  });
});
